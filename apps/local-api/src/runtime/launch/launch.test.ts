/**
 * The launch builder without a browser: what each setting and each lever of the fingerprint does
 * to the command line and the environment variables.
 */
import { describe, expect, test } from 'vitest';
import { localApiMessages } from '@hainiao/contract';
import type { EnvironmentRecord } from '../../model/environment.ts';
import { DEFAULT_SETTINGS } from '../../model/settings.ts';
import { generateFingerprint, type StoredFingerprint } from '../fingerprint/fingerprint.ts';
import {
  fontConfigOf,
  languageList,
  launchCommand,
  launchLocale,
  displayMode,
  displaySize,
  missingDisplay,
  proxySpecOf,
  screenInfo,
  windowSize,
  type LaunchInput,
} from './launch.ts';

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
    mode: 'headless',
    profile: '/data/sessions/e1/profile',
    userAgent: env.userAgent,
    language: 'de-DE',
    languages: ['de-DE', 'de', 'en-US', 'en'],
    uiLocale: 'de',
    timezone: 'Europe/Berlin',
    pluginDirs: [],
    extraArgs: [],
    env: { PATH: '/usr/bin', GOOGLE_API_KEY: 'k', GOOGLE_DEFAULT_CLIENT_ID: 'c' },
    ...overrides,
  };
}

const flag = (args: string[], name: string) =>
  args.find((arg) => arg === name || arg.startsWith(`${name}=`));

describe('launch command', () => {
  test("the screen, its work area and pixel ratio are native in Chromium's headless mode", () => {
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
    const { args } = launchCommand(input({ headless: false, mode: 'desktop' }));
    expect(flag(args, '--force-device-scale-factor')).toBe('--force-device-scale-factor=1.25');
    expect(flag(args, '--screen-info')).toBeUndefined();
    expect(flag(args, '--headless')).toBeUndefined();
    expect(flag(args, '--window-position')).toBeUndefined();
  });

  test("headless on the service's own display: a window at its top left, never larger than the screen", () => {
    const own = launchCommand(input({ mode: 'own', extraArgs: ['--window-size=4000,3000'] }));
    expect(flag(own.args, '--headless')).toBeUndefined();
    expect(flag(own.args, '--screen-info')).toBeUndefined();
    expect(own.args).toContain('--window-position=0,0');
    expect(own.args).toContain('--force-device-scale-factor=1.25');
    // The caller's window size comes last (Chromium takes the last), cut to the work area.
    expect(own.args.filter((arg) => arg.startsWith('--window-size='))).toEqual([
      '--window-size=1536,816',
      '--window-size=1536,816',
    ]);
    // The display is the screen in device pixels: 1536×864 CSS at 125 %, and Windows' 48 px
    // taskbar at the bottom (60 device pixels) is outside its work area.
    expect(displaySize(generateFingerprint(record()).screen)).toEqual({
      width: 1920,
      height: 1080,
      insetTop: 0,
      insetBottom: 60,
    });
    // Insets from another account's fingerprint that would leave no work area are dropped.
    const tall = { ...generateFingerprint(record()).screen, insetBottom: 10_000 };
    expect(displaySize(tall)).toMatchObject({ insetTop: 0, insetBottom: 0 });
    // A screen from another account's fingerprint never makes a display larger than the cap.
    const huge = { ...generateFingerprint(record()).screen, width: 99_999, devicePixelRatio: 5 };
    expect(displaySize(huge).width).toBe(8192);
    // A phone's window is its screen, not wider.
    const phone = record({
      system: 'Android',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      settings: { ...DEFAULT_SETTINGS, resolution: '412x915' },
    });
    const phoneArgs = launchCommand(input({ record: phone, mode: 'own' })).args;
    expect(flag(phoneArgs, '--window-size')).toBe('--window-size=412,915');
    // Windows and macOS: headless is a window off screen on the machine's display.
    const desktop = launchCommand(input({ mode: 'desktop' })).args;
    expect(desktop).toContain('--window-position=-32000,-32000');
    // The opt-in for Chromium's own headless mode is the runtime's to apply, not passed twice.
    const legacy = launchCommand(input({ extraArgs: ['--headless=new'] })).args;
    expect(legacy.filter((arg) => arg.startsWith('--headless'))).toEqual(['--headless=new']);
  });

  test('user agent, languages and time zone reach every process', () => {
    const { args, env } = launchCommand(input());
    expect(flag(args, '--user-agent')).toBe(`--user-agent=${record().userAgent}`);
    // The engine's own user agent needs no switch (it would empty the client hints), but in
    // Chromium's headless mode, which names itself.
    const own = { engineOwnUserAgent: record().userAgent };
    expect(
      flag(launchCommand(input({ ...own, mode: 'own' })).args, '--user-agent'),
    ).toBeUndefined();
    expect(flag(launchCommand(input(own)).args, '--user-agent')).toBeDefined();
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

  test('Chromium gets the pipe and no DevTools port, not even the caller’s; --no-startup-window last', () => {
    const { args } = launchCommand(
      input({ extraArgs: ['--remote-debugging-port=9333', '--mute-audio'] }),
    );
    expect(args).toContain('--remote-debugging-pipe');
    // The caller's port is the service's DevTools proxy (devtools-proxy.ts), not Chromium's.
    expect(args.filter((arg) => arg.startsWith('--remote-debugging-'))).toEqual([
      '--remote-debugging-pipe',
    ]);
    expect(args).toContain('--mute-audio');
    expect(args.at(-1)).toBe('--no-startup-window');
  });

  test('GoogleTranslate 1 takes translate out of the one --disable-features; 0 keeps it off', () => {
    const features = (googleTranslate: number) => {
      const { args } = launchCommand(
        input({ record: record({ settings: { ...DEFAULT_SETTINGS, googleTranslate } }) }),
      );
      // Chromium reads only the last --disable-features: there must be exactly one.
      const all = args.filter((arg) => arg.startsWith('--disable-features='));
      expect(all).toHaveLength(1);
      return all[0]!.slice('--disable-features='.length).split(',');
    };
    expect(features(0)).toEqual(
      expect.arrayContaining(['Translate', 'TranslateUI', 'MediaRouter']),
    );
    expect(features(1)).not.toContain('Translate');
    expect(features(1)).not.toContain('TranslateUI');
    // Chromium offers translation only with an API key: the service's goes through with 1 only.
    const translating = record({ settings: { ...DEFAULT_SETTINGS, googleTranslate: 1 } });
    expect(launchCommand(input({ record: translating })).env.GOOGLE_API_KEY).toBe('k');
    expect(
      launchCommand(input({ record: translating })).env.GOOGLE_DEFAULT_CLIENT_ID,
    ).toBeUndefined();
    expect(launchCommand(input()).env.GOOGLE_API_KEY).toBeUndefined();
    // The other quiet features stay off either way.
    expect(features(1)).toEqual(
      expect.arrayContaining(['MediaRouter', 'OptimizationHints', 'WebUIOmniboxPopup']),
    );
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

describe('what a start derives from the record and the proxy exit', () => {
  const tokyo = { ip: '203.0.113.9', country: 'JP', timezone: 'Asia/Tokyo', language: 'ja-JP' };

  test('languages: the code, its base, then English', () => {
    expect(languageList('de-DE')).toEqual(['de-DE', 'de', 'en-US', 'en']);
    expect(languageList('fr')).toEqual(['fr', 'en-US', 'en']);
    expect(languageList('en-GB')).toEqual(['en-GB', 'en']);
  });

  test("Automatic_Configure 1 takes the exit's zone and language; 0 keeps the settings'", () => {
    const settings = { ...DEFAULT_SETTINGS, timezone: 'Europe/Berlin', languageCode: 'de-DE' };
    const auto = launchLocale({ ...settings, automaticConfigure: 1 }, tokyo);
    expect(auto).toMatchObject({
      timezone: 'Asia/Tokyo',
      language: 'ja-JP',
      accept: 'ja-JP,ja,en-US,en',
      appliedExit: tokyo,
    });
    const manual = launchLocale({ ...settings, automaticConfigure: 0 }, tokyo);
    expect(manual).toMatchObject({ timezone: 'Europe/Berlin', language: 'de-DE' });
    expect(manual.appliedExit).toBeUndefined();
    // An exit that did not say its zone or language: the settings fill in.
    const silent = launchLocale(
      { ...settings, automaticConfigure: 1 },
      { ...tokyo, timezone: '', language: '' },
    );
    expect(silent).toMatchObject({ timezone: 'Europe/Berlin', language: 'de-DE' });
    // Nothing set anywhere: the machine's zone, US English.
    const bare = launchLocale({ ...DEFAULT_SETTINGS, timezone: '', languageCode: '' }, undefined);
    expect(bare).toMatchObject({ timezone: '', language: 'en-US', uiLocale: 'en-US' });
  });

  test('the proxy: none for noproxy; otherwise the settings, with the id as provider session', () => {
    expect(proxySpecOf(record())).toBeUndefined();
    const proxied = record({
      proxyType: 'SOCKS5',
      proxyIp: '198.51.100.4',
      settings: {
        ...DEFAULT_SETTINGS,
        proxyPort: 1080,
        proxyUsername: 'u',
        proxyPassword: 'p',
        countryCode: 'US',
      },
    });
    expect(proxySpecOf(proxied)).toMatchObject({
      type: 'SOCKS5',
      host: '198.51.100.4',
      port: 1080,
      username: 'u',
      password: 'p',
      country: 'US',
      sessionKey: 'e1',
    });
  });

  test('fingerprintSetting: fonts (d) and canvas (a) decide what the fontconfig file changes', () => {
    const fingerprint: StoredFingerprint = {
      ...generateFingerprint(record()),
      hiddenFonts: ['Comic Sans MS'],
    };
    const all = fontConfigOf(fingerprint, '1,1,1,1');
    expect(all).toEqual({
      hidden: ['Comic Sans MS'],
      families: fingerprint.families,
      rendering: fingerprint.rendering,
    });
    // The machine's fonts, this environment's hinting.
    expect(fontConfigOf(fingerprint, '1,1,1,0')).toEqual({
      hidden: [],
      rendering: fingerprint.rendering,
    });
    expect(fontConfigOf(fingerprint, '0,1,1,1')).toEqual({
      hidden: ['Comic Sans MS'],
      families: fingerprint.families,
    });
  });

  test("on Linux headless starts and windows without a display use the service's own; other systems the machine's", () => {
    expect(displayMode(false, [], {}, 'linux')).toBe('own');
    expect(displayMode(true, [], {}, 'linux')).toBe('own');
    expect(displayMode(true, [], { DISPLAY: ':99' }, 'linux')).toBe('own');
    expect(displayMode(false, [], { DISPLAY: ':99' }, 'linux')).toBe('desktop');
    expect(displayMode(false, [], { WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe('desktop');
    expect(displayMode(true, [], {}, 'win32')).toBe('desktop');
    expect(displayMode(false, [], {}, 'darwin')).toBe('desktop');
    // Chromium's own headless mode only when the call asks for it.
    expect(displayMode(true, ['--headless=new'], {}, 'linux')).toBe('headless');
    expect(displayMode(true, ['--headless=new'], {}, 'win32')).toBe('headless');
  });

  test("without Xvfb the service's own display fails, naming the package in both languages", () => {
    const message = missingDisplay('own', undefined);
    expect(message).toContain('apt-get install xvfb');
    expect(message).toContain(localApiMessages.xvfbMissing.en);
    expect(message).toContain(localApiMessages.xvfbMissing.zh);
    expect(missingDisplay('own', '/usr/bin/Xvfb')).toBeUndefined();
    expect(missingDisplay('desktop', undefined)).toBeUndefined();
    expect(missingDisplay('headless', undefined)).toBeUndefined();
  });
});
