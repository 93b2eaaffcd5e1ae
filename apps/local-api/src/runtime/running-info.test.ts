/** What a started environment reports, from its record, plan, browser and proxy exit. */
import { expect, test } from 'vitest';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DEFAULT_SETTINGS } from '../model/settings.ts';
import type { LaunchPlan } from './browser.ts';
import { hostSystem } from './fingerprint/host.ts';
import { runningInfo, type RunningInfoInput } from './running-info.ts';

function plan(
  fields: Partial<EnvironmentRecord> = {},
  extra: Partial<LaunchPlan> = {},
): LaunchPlan {
  return {
    environment: {
      id: 'e1',
      owner: 'alice',
      name: 'n',
      description: '',
      group: 'default',
      system: hostSystem(),
      userAgent: 'UA',
      proxyType: 'noproxy',
      proxyIp: '',
      settings: { ...DEFAULT_SETTINGS },
      cookies: [],
      createdAt: 0,
      updatedAt: 0,
      ...fields,
    },
    headless: true,
    args: ['--mute-audio'],
    startPages: ['https://a.example/', 'https://b.example/'],
    plugins: [{ pluginId: 'p1', dir: '/data/plugins/p1' }],
    script: { scriptId: 's1', name: 'mine', source: '' },
    saveCookies: () => {},
    ...extra,
  };
}

const input = (overrides: Partial<RunningInfoInput> = {}): RunningInfoInput => ({
  plan: plan(),
  install: {
    path: '/usr/lib/chromium/chromium',
    driver: '/usr/bin/chromedriver',
    version: '156.0.1.2',
  },
  pid: 4242,
  startedAt: new Date(2026, 0, 2, 3, 4, 5).getTime(),
  envDir: '/data/sessions/e1',
  proxied: false,
  locale: { timezone: 'Europe/Berlin', language: 'de-DE' },
  userAgent: 'UA 156',
  screen: { width: 1366, height: 768 },
  commandArgs: ['--window-size=1366,728', '--lang=de', '--window-size=1280,700'],
  ...overrides,
});

test('without a proxy: the static IPs (no machine address), the plan and the locale', () => {
  const info = runningInfo(
    input({ plan: plan({ settings: { ...DEFAULT_SETTINGS, staticPublicIp: '198.51.100.7' } }) }),
  );
  expect(info).toEqual({
    id: 'e1',
    processId: 4242,
    startedAt: new Date(2026, 0, 2, 3, 4, 5).getTime(),
    args: ['--mute-audio'],
    headless: true,
    browserPath: '/usr/lib/chromium/chromium',
    cdpPort: 0,
    dataDir: '/data/sessions/e1',
    driverPath: '/usr/bin/chromedriver',
    browserVersion: '156.0.1.2',
    publicIp: '198.51.100.7',
    // No Static_PrivateIP: empty, never this machine's LAN address.
    internalIp: '',
    dynamicIp: false,
    proxyType: 'noproxy',
    proxyIp: '',
    proxyPort: 0,
    startPage: 'https://a.example/',
    pluginIds: ['p1'],
    activeScriptId: 's1',
    activeScriptName: 'mine',
    timezone: 'Europe/Berlin',
    language: 'de-DE',
    userAgent: 'UA 156',
    system: hostSystem(),
    screen: { width: 1366, height: 768 },
    // The last --window-size on the command line is the window Chromium opens.
    window: { width: 1280, height: 700 },
    pageOnly: [],
  });
});

test("with a proxy: the exit's IP, a dynamic IP unless marked static, the proxy's port", () => {
  const settings = { ...DEFAULT_SETTINGS, proxyPort: 1080, staticPrivateIp: '10.0.0.5' };
  const proxied = plan({ proxyType: 'SOCKS5', proxyIp: '198.51.100.4', settings });
  const exit = { ip: '203.0.113.9', country: 'JP', timezone: 'Asia/Tokyo', language: 'ja' };
  const info = runningInfo(input({ plan: proxied, proxied: true, exit }));
  expect(info).toMatchObject({
    publicIp: '203.0.113.9',
    internalIp: '10.0.0.5',
    dynamicIp: true,
    proxyType: 'SOCKS5',
    proxyIp: '198.51.100.4',
    proxyPort: 1080,
  });
  // Without a lookup the declared public IP is reported.
  const declared = { ...settings, staticPublicIp: '198.51.100.20' };
  const unlooked = plan({ proxyType: 'SOCKS5', settings: declared });
  expect(runningInfo(input({ plan: unlooked, proxied: true }))).toMatchObject({
    publicIp: '198.51.100.20',
    internalIp: '10.0.0.5',
  });
  const fixed = plan({ proxyType: 'SOCKS5', settings: { ...settings, staticIpType: 1 } });
  expect(runningInfo(input({ plan: fixed, proxied: true })).dynamicIp).toBe(false);
});

test('another system than the host lists what only pages show', () => {
  const other = hostSystem() === 'Windows' ? 'MacIntel' : 'Windows';
  const info = runningInfo(input({ plan: plan({ system: other }, { script: undefined }) }));
  expect(info.pageOnly).toContain('navigator.platform');
  expect(info).toMatchObject({ activeScriptId: '', activeScriptName: '' });
});
