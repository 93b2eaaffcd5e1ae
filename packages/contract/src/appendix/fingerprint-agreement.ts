/**
 * Where the values a site sees of an environment disagree in ways detectors look for: a user
 * agent of another system than the one the environment presents, a window larger than its
 * screen, a time zone of another country than the proxy's exit. The manager's form warns before
 * saving; the local API's start answer lists the same kinds for what the browser got.
 */
import type { Size } from './resolutions.ts';
import { countryOfTimezone } from './timezones.ts';

/** The family of systems a user agent's platform token names (Linux variants are one). */
export function userAgentFamily(userAgent: string): string | undefined {
  const platform = /^Mozilla\/5\.0 \(([^)]+)\)/.exec(userAgent.trim())?.[1] ?? '';
  if (/\biPhone\b/.test(platform)) return 'iPhone';
  if (/\biPad\b/.test(platform)) return 'iPad';
  if (/\bAndroid\b/.test(platform)) return 'Android';
  if (/\bWindows NT\b/.test(platform)) return 'Windows';
  if (/\bMacintosh\b/.test(platform)) return 'MacIntel';
  if (/\bLinux\b|\bX11\b|\bCrOS\b/.test(platform)) return 'Linux';
  return undefined;
}

const familyOf = (system: string) => (system.startsWith('Linux') ? 'Linux' : system);

export type Disagreement =
  | { kind: 'userAgentSystem'; userAgentSystem: string; system: string }
  | { kind: 'windowLargerThanScreen'; window: Size; screen: Size }
  | { kind: 'timezoneCountry'; timezone: string; timezoneCountry: string; exitCountry: string };

/** The window size launch arguments ask for (the last `--window-size=W,H` wins, as in Chromium). */
export function windowSizeOfArgs(args: readonly string[]): Size | undefined {
  const last = args.filter((arg) => arg.startsWith('--window-size=')).at(-1);
  const match = last && /^--window-size=(\d{1,5}),(\d{1,5})$/.exec(last);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

export interface SummaryInput {
  /** The system the environment presents ('' for the machine's own). */
  system: string;
  hostSystem: string | undefined;
  userAgent: string;
  /** '' when it follows the exit or the system. */
  timezone: string;
  /** The exit country of the last proxy check, when there was one. */
  exitCountry: string | undefined;
  /** The screen, when known (a resolution chosen, or the one the browser got). */
  screen?: Size | undefined;
  /** The window, when a size is asked for. */
  window?: Size | undefined;
}

export function disagreements(input: SummaryInput): Disagreement[] {
  const found: Disagreement[] = [];
  const system = input.system || input.hostSystem || '';
  const uaFamily = input.userAgent.trim() ? userAgentFamily(input.userAgent) : undefined;
  // An iPad's desktop-class user agent names a Mac: that one is the iPad's own.
  const ipadAsMac = system === 'iPad' && uaFamily === 'MacIntel';
  if (system && uaFamily && uaFamily !== familyOf(system) && !ipadAsMac) {
    found.push({ kind: 'userAgentSystem', userAgentSystem: uaFamily, system });
  }
  const { screen, window } = input;
  if (screen && window && (window.width > screen.width || window.height > screen.height)) {
    found.push({ kind: 'windowLargerThanScreen', window, screen });
  }
  const zoneCountry = input.timezone ? countryOfTimezone(input.timezone) : undefined;
  const exit = input.exitCountry?.toUpperCase();
  if (zoneCountry && exit && zoneCountry !== exit) {
    found.push({
      kind: 'timezoneCountry',
      timezone: input.timezone,
      timezoneCountry: zoneCountry,
      exitCountry: exit,
    });
  }
  return found;
}
