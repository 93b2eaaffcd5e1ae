/**
 * A country of an exit as the reader knows it: its name in the reader's language, from the
 * browser's own region names (Intl.DisplayNames), so no country list is loaded for it. (No flag
 * emoji: Windows and many Linux machines have no font for them and show two letters or boxes.)
 */
import type { UiLang } from '../lang.tsx';

const names = new Map<UiLang, Intl.DisplayNames>();

/** 'DE' → 'Germany' (en) or '德国' (zh); the code itself when the browser has no name for it. */
export function countryName(code: string, lang: UiLang): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    let display = names.get(lang);
    if (!display) {
      display = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
      names.set(lang, display);
    }
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}
