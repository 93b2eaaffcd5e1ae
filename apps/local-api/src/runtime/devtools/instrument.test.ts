/**
 * What every target of an environment's browser gets, the start tabs and the cookies' way in and
 * out, without a browser (the browser tests check that Chromium applies them).
 */
import { describe, expect, test } from 'vitest';
import type { StoredCookie } from '../../model/cookie.ts';
import type { EnvironmentRecord } from '../../model/environment.ts';
import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../../model/settings.ts';
import { generateFingerprint, userAgentMetadata } from '../fingerprint/fingerprint.ts';
import { hostSystem } from '../fingerprint/host.ts';
import {
  fromCdpCookie,
  startTabs,
  targetSetup,
  toCdpCookie,
  type Overrides,
} from './instrument.ts';
import { CHECK_PAGE } from './page-scripts.ts';

const host = hostSystem();
const otherSystem = host === 'Windows' ? 'MacIntel' : 'Windows';

function record(system: string, settings: Partial<EnvironmentSettings> = {}): EnvironmentRecord {
  return {
    id: 'e1',
    owner: 'alice',
    name: 'n',
    description: '',
    group: 'default',
    system,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36',
    proxyType: 'noproxy',
    proxyIp: '',
    settings: { ...DEFAULT_SETTINGS, resolution: '1536x864', ...settings },
    cookies: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

function overrides(env: EnvironmentRecord, extra: Partial<Overrides> = {}): Overrides {
  const fingerprint = generateFingerprint(env);
  return {
    fingerprint,
    userAgent: env.userAgent,
    metadata: userAgentMetadata(fingerprint, { major: 156, version: '156.0.0.0', product: null }),
    accept: 'de-DE,de,en-US,en',
    timezone: 'Europe/Berlin',
    ...extra,
  };
}

describe('target set-up', () => {
  test("the host's system: nothing to override, no script, nothing blocked", () => {
    const env = record(host);
    const setup = targetSetup(env, undefined, overrides(env), 'linux');
    expect(setup).toEqual({
      pageScripts: [],
      touch: false,
      blockVideo: false,
      reopenRestored: false,
    });
  });

  test('another system: platform and client hints per page', () => {
    const env = record(otherSystem);
    const o = overrides(env);
    const setup = targetSetup(env, undefined, o, 'linux');
    expect(setup.userAgentOverride).toEqual({
      userAgent: o.userAgent,
      acceptLanguage: 'de-DE,de,en-US,en',
      platform: o.fingerprint.navigatorPlatform,
      userAgentMetadata: o.metadata,
    });
  });

  test('a locked window is the work area less the browser frame; a phone is emulated whole', () => {
    const locked = record(host, { lockWindowSize: 1 });
    const { screen } = overrides(locked).fingerprint;
    expect(targetSetup(locked, undefined, overrides(locked), 'linux').metrics).toEqual({
      width: 1536,
      height: 864 - screen.insetTop - screen.insetBottom - 85,
      deviceScaleFactor: screen.devicePixelRatio,
      mobile: false,
    });
    const phone = record('Android');
    const o = overrides(phone);
    const setup = targetSetup(phone, undefined, o, 'linux');
    const { width, height } = o.fingerprint.screen;
    expect(setup.metrics).toMatchObject({ width, height, mobile: true, screenWidth: width });
    expect(setup.touch).toBe(true);
  });

  test('scripts in order: noise first and at once, then the active script, then the image hider', () => {
    const env = record(host, { fingerprintNoise: 1, invisibleImages: 1 });
    const setup = targetSetup(
      env,
      { scriptId: 's1', name: 'mine', source: 'window.mine = 1;' },
      overrides(env),
      'linux',
    );
    expect(setup.pageScripts.map((script) => script.worldName ?? 'main')).toEqual([
      'main',
      'hainiao-script',
      'hainiao-style',
    ]);
    expect(setup.pageScripts[0]).toMatchObject({ runImmediately: true });
    expect(setup.pageScripts[1]!.source).toContain('window.mine = 1;');
    expect(setup.pageScripts[2]!.source).toContain('visibility:hidden!important');
    // Dedicated workers get the same noise.
    expect(setup.workerScript).toBe(setup.pageScripts[0]!.source);
    // Noise on, but every read-back lever off: no script at all.
    const off = record(host, { fingerprintNoise: 1, fingerprintSetting: '0,0,0,1' });
    expect(targetSetup(off, undefined, overrides(off), 'linux').workerScript).toBeUndefined();
  });

  test('zone per target only on Windows; location from an applied exit; Disable_video', () => {
    const env = record(host, { disableVideo: 1 });
    const exit = { ip: '203.0.113.9', country: 'JP', timezone: '', language: '' };
    const located = overrides(env, { exit: { ...exit, latitude: 35.7, longitude: 139.7 } });
    const linux = targetSetup(env, undefined, located, 'linux');
    expect(linux.timezoneOverride).toBeUndefined();
    expect(linux.geolocation).toEqual({ latitude: 35.7, longitude: 139.7, accuracy: 50 });
    expect(linux.blockVideo).toBe(true);
    expect(linux.reopenRestored).toBe(false);
    const restoring = record(host, { restoreOnStartup: 1 });
    expect(targetSetup(restoring, undefined, located, 'linux').reopenRestored).toBe(true);
    expect(targetSetup(record(host), undefined, located, 'linux').blockVideo).toBe(false);
    const windows = targetSetup(env, undefined, overrides(env, { exit }), 'win32');
    expect(windows.timezoneOverride).toBe('Europe/Berlin');
    expect(windows.geolocation).toBeUndefined();
  });
});

test('start tabs: the start pages, then the check page; a blank tab when there is none', () => {
  expect(startTabs(['https://a.example/', 'https://b.example/'], 0)).toEqual([
    'https://a.example/',
    'https://b.example/',
  ]);
  expect(startTabs(['https://a.example/'], 1)).toEqual(['https://a.example/', CHECK_PAGE]);
  expect(startTabs([], 0)).toEqual(['about:blank']);
  expect(decodeURIComponent(CHECK_PAGE)).toMatch(
    /^data:text\/html;charset=utf-8,<!doctype html><title>Hainiao fingerprint check<\/title>/,
  );
});

test('cookies: session and persistent ones survive the way into the browser and back', () => {
  const stored: StoredCookie[] = [
    {
      name: 'sid',
      value: '1',
      domain: '.example.com',
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
    {
      name: 'pref',
      value: 'x',
      domain: 'www.example.com',
      path: '/a',
      expires: 2_000_000_000,
      httpOnly: false,
      secure: false,
    },
  ];
  const sent = stored.map(toCdpCookie);
  // A session cookie goes in without an expiry (else Chromium would expire it at once).
  expect(sent[0]).not.toHaveProperty('expires');
  expect(sent[1]).toMatchObject({ expires: 2_000_000_000 });
  // As Storage.getCookies gives them back: fractional expiry, session flag.
  const back = [
    { ...sent[0]!, expires: -1, session: true },
    { ...sent[1]!, expires: 2_000_000_000.25, session: false },
  ].map(fromCdpCookie);
  expect(back).toEqual(stored);
});
