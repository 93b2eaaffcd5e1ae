import { describe, expect, test } from 'vitest';
import { disagreements, userAgentFamily, windowSizeOfArgs } from './fingerprint-agreement.ts';

const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

describe('the fingerprint summary', () => {
  test('reads the system family of a user agent', () => {
    expect(userAgentFamily(WINDOWS)).toBe('Windows');
    expect(userAgentFamily(MAC)).toBe('MacIntel');
    expect(userAgentFamily(LINUX)).toBe('Linux');
    expect(userAgentFamily('curl/8')).toBeUndefined();
  });

  test('a user agent of another system than the one presented', () => {
    const base = { hostSystem: 'Linux x86_64', timezone: '', exitCountry: undefined };
    expect(disagreements({ ...base, system: 'Windows', userAgent: MAC })).toEqual([
      { kind: 'userAgentSystem', userAgentSystem: 'MacIntel', system: 'Windows' },
    ]);
    expect(disagreements({ ...base, system: 'Windows', userAgent: WINDOWS })).toEqual([]);
    // The machine's own system when none is chosen; Linux variants are one family.
    expect(disagreements({ ...base, system: '', userAgent: LINUX })).toEqual([]);
    expect(disagreements({ ...base, system: '', userAgent: WINDOWS })).toHaveLength(1);
    // An iPad may present a desktop-class (Mac) user agent.
    expect(disagreements({ ...base, system: 'iPad', userAgent: MAC })).toEqual([]);
    expect(disagreements({ ...base, system: 'Windows', userAgent: '' })).toEqual([]);
  });

  test("a time zone of another country than the proxy's exit", () => {
    const base = { system: 'Windows', hostSystem: 'Windows', userAgent: WINDOWS };
    expect(disagreements({ ...base, timezone: 'Asia/Shanghai', exitCountry: 'us' })).toEqual([
      {
        kind: 'timezoneCountry',
        timezone: 'Asia/Shanghai',
        timezoneCountry: 'CN',
        exitCountry: 'US',
      },
    ]);
    expect(disagreements({ ...base, timezone: 'America/New_York', exitCountry: 'US' })).toEqual([]);
    // Unchecked proxy, or a time zone that follows the exit: nothing to compare.
    expect(disagreements({ ...base, timezone: 'Asia/Shanghai', exitCountry: undefined })).toEqual(
      [],
    );
    expect(disagreements({ ...base, timezone: '', exitCountry: 'US' })).toEqual([]);
  });

  test('a window larger than the screen', () => {
    const base = { system: 'Windows', hostSystem: 'Windows', userAgent: WINDOWS, timezone: '' };
    const screen = { width: 1366, height: 768 };
    expect(
      disagreements({
        ...base,
        exitCountry: undefined,
        screen,
        window: { width: 1920, height: 1080 },
      }),
    ).toEqual([{ kind: 'windowLargerThanScreen', window: { width: 1920, height: 1080 }, screen }]);
    // Taller only is larger too; one that fits, or an unknown screen, is not.
    expect(
      disagreements({
        ...base,
        exitCountry: undefined,
        screen,
        window: { width: 1200, height: 900 },
      }),
    ).toHaveLength(1);
    expect(
      disagreements({
        ...base,
        exitCountry: undefined,
        screen,
        window: { width: 1366, height: 728 },
      }),
    ).toEqual([]);
    expect(
      disagreements({ ...base, exitCountry: undefined, window: { width: 4000, height: 3000 } }),
    ).toEqual([]);
  });

  test('reads the window size of launch arguments', () => {
    expect(
      windowSizeOfArgs(['--window-size=800,600', '--lang=en', '--window-size=1024,700']),
    ).toEqual({ width: 1024, height: 700 });
    expect(windowSizeOfArgs(['--window-size=huge'])).toBeUndefined();
    expect(windowSizeOfArgs([])).toBeUndefined();
  });
});
