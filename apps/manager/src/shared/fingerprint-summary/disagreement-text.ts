/**
 * A disagreement of the fingerprint summary (the contract's `disagreements`) as a sentence in the
 * reader's language, with country names in it; the form's summary and the running popover share it.
 */
import { COUNTRIES, type Disagreement } from '@hainiao/contract';
import { fill } from '../format.ts';
import { useCopy, useLang } from '../lang.tsx';
import { summaryCopy } from './summary-locales.ts';

export function useDisagreementText(): {
  sentence(item: Disagreement): string;
  countryName(code: string): string;
} {
  const t = useCopy(summaryCopy);
  const lang = useLang();
  const countryName = (code: string) =>
    COUNTRIES.find((c) => c.code === code.toUpperCase())?.name[lang] ?? code;
  const sentence = (item: Disagreement) => {
    switch (item.kind) {
      case 'userAgentSystem':
        return fill(t.userAgentSystem, {
          userAgentSystem: item.userAgentSystem,
          system: item.system,
        });
      case 'windowLargerThanScreen':
        return fill(t.windowLargerThanScreen, {
          window: `${item.window.width} × ${item.window.height}`,
          screen: `${item.screen.width} × ${item.screen.height}`,
        });
      case 'timezoneCountry':
        return fill(t.timezoneCountry, {
          timezone: item.timezone,
          timezoneCountry: countryName(item.timezoneCountry),
          exitCountry: countryName(item.exitCountry),
        });
    }
  };
  return { sentence, countryName };
}
