/**
 * A running environment as browser/start and browser/status answer it: the runtime reports it in
 * our names, the answer spells it as the spec does, field for field and in the same order as
 * before the runtime spoke our names (clients that compare answers byte for byte see no change).
 */
import { expect, test } from 'vitest';
import type { RunningBrowser } from '../../runtime/browser.ts';
import { runningView } from './views.ts';

const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

const running: RunningBrowser = {
  id: 'e1',
  processId: 4242,
  startedAt: new Date(2026, 0, 2, 3, 4, 5).getTime(),
  args: ['--mute-audio'],
  headless: true,
  browserPath: '/usr/lib/chromium/chromium',
  cdpPort: 39123,
  dataDir: '/data/sessions/e1',
  driverPath: '/usr/bin/chromedriver',
  browserVersion: '156.0.1.2',
  publicIp: '203.0.113.9',
  internalIp: '10.0.0.5',
  dynamicIp: true,
  proxyType: 'SOCKS5',
  proxyIp: '198.51.100.4',
  proxyPort: 1080,
  startPage: 'https://a.example/',
  pluginIds: ['p1', 'p2'],
  activeScriptId: 's1',
  activeScriptName: 'mine',
  timezone: 'Asia/Tokyo',
  language: 'ja-JP',
  userAgent: 'UA 156',
  system: 'Windows',
  screen: { width: 1366, height: 768 },
  window: undefined,
  exit: { ip: '203.0.113.9', country: 'jp' },
  pageOnly: ['navigator.platform'],
};

test('a running environment: every field, spelt and ordered as the spec answers it', () => {
  expect(JSON.stringify(runningView(running))).toBe(
    JSON.stringify({
      Session_Actived: 1,
      Session_ProcessID: 4242,
      Session_StartTime: '2026-01-02 03:04:05',
      Session_Args: ['--mute-audio'],
      isHeadless: 1,
      browser_CDP_Port: 39123,
      browser_Path: '/usr/lib/chromium/chromium',
      webdriver: '/usr/bin/chromedriver',
      MBData_Path: '/data/sessions/e1',
      core: '156.0.1.2',
      Public_ip: '203.0.113.9',
      Internel_ip: '10.0.0.5',
      isDynamicIp: 1,
      proxyType: 'SOCKS5',
      proxy_ip: '198.51.100.4',
      proxy_port: 1080,
      StartPage: 'https://a.example/',
      Plugins_Count: 2,
      Plugin_Id: ['p1', 'p2'],
      Actived_script_id: 's1',
      Actived_script_name: 'mine',
      // No templates here: present and empty (docs/local-api.md).
      template_id: '',
      template_name: '',
      TimeZone: 'Asia/Tokyo',
      LanguageCode: 'ja-JP',
      User_Agent: 'UA 156',
      Fingerprint_PageOnly: ['navigator.platform'],
      Fingerprint_Summary: {
        SystemOS: 'Windows',
        User_Agent: 'UA 156',
        Screen: '1366x768',
        Window: '',
        TimeZone: 'Asia/Tokyo',
        LanguageCode: 'ja-JP',
        Public_ip: '203.0.113.9',
        CountryCode: 'JP',
        Warnings: [],
      },
    }),
  );
  const windowed = runningView({ ...running, headless: false, dynamicIp: false });
  expect(windowed).toMatchObject({ isHeadless: 0, isDynamicIp: 0 });
});

test('a stopped environment: only the process fields, empty', () => {
  expect(JSON.stringify(runningView(undefined))).toBe(
    JSON.stringify({
      Session_Actived: 0,
      Session_ProcessID: 0,
      Session_StartTime: '',
      Session_Args: [],
      isHeadless: 0,
      browser_CDP_Port: 0,
      browser_Path: '',
      webdriver: '',
    }),
  );
});

test('the summary warns where what the browser got disagrees', () => {
  const view = runningView({
    ...running,
    userAgent: WINDOWS_UA,
    system: 'Windows',
    window: { width: 1920, height: 1080 },
    timezone: 'America/New_York',
  });
  expect(view).toMatchObject({
    Fingerprint_Summary: {
      Window: '1920x1080',
      Warnings: [
        {
          kind: 'windowLargerThanScreen',
          window: { width: 1920, height: 1080 },
          screen: { width: 1366, height: 768 },
        },
        { kind: 'timezoneCountry', timezoneCountry: 'US', exitCountry: 'JP' },
      ],
    },
  });
  // A user agent of another system than the one presented.
  const mac = runningView({ ...running, userAgent: WINDOWS_UA, system: 'MacIntel' });
  expect(mac).toMatchObject({
    Fingerprint_Summary: {
      Warnings: [{ kind: 'userAgentSystem', userAgentSystem: 'Windows', system: 'MacIntel' }],
    },
  });
});
