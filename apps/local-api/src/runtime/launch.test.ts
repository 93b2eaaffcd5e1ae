/**
 * The launch builder without a browser: what each setting and each lever of the fingerprint does
 * to the command line and the environment variables.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentRecord } from '../store/environments.ts';
import { generateFingerprint, type StoredFingerprint } from './fingerprint.ts';
import { launchCommand, screenInfo, windowSize, type LaunchInput } from './launch.ts';

function record(fields: Partial<EnvironmentRecord> = {}): EnvironmentRecord {
  return {
    id: 'e1',
    owner: 'alice',
    name: 'n',
    description: '',
    group: 'default',
    system: 'Windows',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    proxyType: 'noproxy',
    proxyIp: '',
    settings: { ...DEFAULT_SETTINGS, resolution: '1536x864' },
    cookies: [],
    createdAt: 0,
    updatedAt: 0,
    ...fields,
  };
}

function input(overrides: Partial<LaunchInput> = {}): LaunchInput {
  const env = overrides.record ?? record();
  return {
    record: env,
    fingerprint: overrides.fingerprint ?? generateFingerprint(env),
    headless: true,
    profile: '/data/sessions/e1/profile',
    userAgent: env.userAgent,
    language: 'de-DE',
    languages: ['de-DE', 'de', 'en-US', 'en'],
    uiLocale: 'de',
    timezone: 'Europe/Berlin',
    pluginDirs: [],
    extraArgs: [],
    env: { PATH: '/usr/bin', GOOGLE_API_KEY: 'k' },
    ...overrides,
  };
}

const flag = (args: string[], name: string) =>
  args.find((arg) => arg === name || arg.startsWith(`${name}=`));

describe('launch command', () => {
  test('the screen, its work area and pixel ratio are native in headless', () => {
    const { args } = launchCommand(input());
    // 1536×864 CSS at 125 % is a 1920×1080 panel; the 48 px taskbar is 60 physical pixels.
    expect(flag(args, '--screen-info')).toBe(
      '--screen-info={0,0 1920x1080 devicePixelRatio=1.25 colorDepth=24 workAreaBottom=60}',
    );
    expect(flag(args, '--window-size')).toBe('--window-size=1536,816');
    expect(flag(args, '--headless')).toBe('--headless=new');
    expect(flag(args, '--force-device-scale-factor')).toBeUndefined();
  });

  test('a window takes the pixel ratio from the flag (the display is real)', () => {
    const { args } = launchCommand(input({ headless: false }));
    expect(flag(args, '--force-device-scale-factor')).toBe('--force-device-scale-factor=1.25');
    expect(flag(args, '--screen-info')).toBeUndefined();
    expect(flag(args, '--headless')).toBeUndefined();
  });

  test('user agent, languages and time zone reach every process', () => {
    const { args, env } = launchCommand(input());
    expect(flag(args, '--user-agent')).toBe(`--user-agent=${record().userAgent}`);
    expect(flag(args, '--lang')).toBe('--lang=de');
    expect(flag(args, '--accept-lang')).toBe('--accept-lang=de-DE,de,en-US,en');
    expect(env).toMatchObject({ TZ: 'Europe/Berlin', LANG: 'de_DE.UTF-8', LANGUAGE: 'de_DE' });
    // No locale pack: no --lang (the browser keeps its own Intl locale everywhere).
    expect(flag(launchCommand(input({ uiLocale: undefined })).args, '--lang')).toBeUndefined();
    // The distribution's vendor keys never reach the browser.
    expect(env.GOOGLE_API_KEY).toBeUndefined();
  });

  test('colour scheme, fonts and proxy', () => {
    const fingerprint: StoredFingerprint = {
      ...generateFingerprint(record()),
      colorScheme: 'dark',
    };
    const dark = launchCommand(input({ fingerprint, fontConfig: '/data/sessions/e1/fonts.conf' }));
    expect(dark.args).toContain('--force-dark-mode');
    expect(dark.env.FONTCONFIG_FILE).toBe('/data/sessions/e1/fonts.conf');
    const light = launchCommand(input({ fingerprint: { ...fingerprint, colorScheme: 'light' } }));
    expect(light.args).not.toContain('--force-dark-mode');
    expect(light.env.FONTCONFIG_FILE).toBeUndefined();
    expect(light.args).toContain('--no-proxy-server');
    const proxied = launchCommand(input({ forwarderPort: 40123 }));
    expect(proxied.args).toContain('--proxy-server=http://127.0.0.1:40123');
    expect(proxied.args).not.toContain('--no-proxy-server');
  });

  test("the caller's port replaces the automatic one; --no-startup-window comes last", () => {
    const { args } = launchCommand(input({ extraArgs: ['--remote-debugging-port=9333'] }));
    expect(args).toContain('--remote-debugging-port=9333');
    expect(args).not.toContain('--remote-debugging-port=0');
    expect(args.at(-1)).toBe('--no-startup-window');
  });

  test('screen helpers: a Mac menu bar on top, a phone window', () => {
    expect(
      screenInfo({
        width: 1440,
        height: 900,
        devicePixelRatio: 2,
        colorDepth: 24,
        insetTop: 25,
        insetBottom: 0,
      }),
    ).toBe('{0,0 2880x1800 devicePixelRatio=2 colorDepth=24 workAreaTop=50}');
    const phone = record({ system: 'Android' });
    expect(
      windowSize(phone, {
        width: 412,
        height: 915,
        devicePixelRatio: 2.625,
        colorDepth: 24,
        insetTop: 0,
        insetBottom: 0,
      }),
    ).toBe('428,1000');
  });
});
