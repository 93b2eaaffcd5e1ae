/**
 * Advanced settings as a page or a user of real Chromium observes them (docs/browser-runtime.md,
 * "Settings and what they do in the browser"; GoogleTranslate, Disable_video and restore_on_startup
 * are in settings-browser.test.ts), each with 1 and 0: Disable_img, ImageInvisible,
 * AUTOPLAY_SETTING, SOUND_SETTING, SavePasswordPop, Notification, CLIPBOARD_READ_WRITE,
 * fakedevice_forCamera, forcembpoint, LanguageCode and TimeZone (headless, two environments with
 * opposite values); CountryCode, CityCode and RegionCode at a provider gateway; and, with a window
 * (a stop is graceful only there), Exit_ClearChrome, Exit_SaveCookie, StartClearCache,
 * StartClearCookies, StartClearHistory (the profile after the browser ends, and what the next start
 * shows) and Lock_Browser_windows_size with resolution (the viewport when the window is resized).
 *
 * The browser's own settings are read where a user sees them: chrome://settings (its handlers
 * answer the effective content settings and preferences, not our file).
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  startHttpProxy,
  type BrowserService,
} from '../test/browser.ts';
import { providerUsername } from './proxy/proxy.ts';
import { canShowWindows } from './launch/virtual-display.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** One second of a 440 Hz tone: a WAV file with sound in it (8 kHz, 16-bit mono). */
function tone(): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** `/images/TAG`: an image and a background image (`?TAG` in their URLs), and what the page sees. */
const imagesPage = (tag: string) => `<!doctype html><body style="margin:0">
<img id=img src="/pixel.png?${tag}" width=40 height=40 alt="">
<div id=bg style="width:40px;height:40px;background-image:url(/pixel.png?${tag}-bg)"></div>
<script>
window.result = new Promise((ok) => addEventListener('load', () => ok({
  naturalWidth: img.naturalWidth,
  visibility: getComputedStyle(img).visibility,
  background: getComputedStyle(bg).visibility,
  // A hidden element is not hit-testable: what a user would click on is the body.
  hit: document.elementFromPoint(20, 20) === img,
})));
</script>`;

/** Plays sound at load, without a user gesture (an evaluate by Puppeteer would count as one). */
const AUTOPLAY = `<!doctype html><script>
// A muted video may autoplay whatever the policy (Chromium's rule); sound is the setting's.
const play = (element, muted) => { element.src = '/tone.wav'; element.muted = muted;
  return element.play().then(() => 'played', (e) => e.name); };
window.result = (async () => ({ sound: await play(new Audio(), false),
  mutedVideo: await play(document.createElement('video'), true),
  activated: navigator.userActivation.hasBeenActive }))();
</script>`;

/** The locale a realm shows: its languages, Intl and Date. */
const LOCALE = `({ languages: [...navigator.languages],
  locale: Intl.DateTimeFormat().resolvedOptions().locale,
  number: new Intl.NumberFormat().format(1234.5),
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  offset: new Date(Date.UTC(2024, 0, 15)).getTimezoneOffset(),
  date: new Date(Date.UTC(2024, 0, 15)).toString().replace(/^.*(GMT[+-]\\d{4}).*$/, '$1') })`;

/** A page that sets a cookie (header), local storage and loads a cacheable image. */
const PERSIST = `<!doctype html><img id=img src="/cached.png" width=40 height=40 alt=""><script>
if (location.pathname === '/persist') localStorage.kept = 'yes';
window.result = new Promise((ok) => addEventListener('load', () =>
  ok({ cookie: document.cookie, kept: localStorage.kept ?? null, image: img.naturalWidth })));
</script>`;

/** The loopback site; every request's path and query is logged. */
async function startEffectsSite() {
  const served: string[] = [];
  const headers = new Map<string, http.IncomingHttpHeaders>();
  const wav = tone();
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    served.push(url);
    headers.set(url, request.headers);
    const pathname = url.split('?')[0] ?? '/';
    const send = (type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      response.writeHead(200, { 'content-type': type, ...headers });
      response.end(body);
    };
    if (pathname === '/pixel.png') return send('image/png', PNG, { 'cache-control': 'no-store' });
    if (pathname === '/cached.png') {
      return send('image/png', PNG, { 'cache-control': 'max-age=86400' });
    }
    if (pathname === '/tone.wav') return send('audio/wav', wav);
    if (pathname.startsWith('/images/')) return send('text/html', imagesPage(pathname.slice(8)));
    if (pathname === '/autoplay') return send('text/html', AUTOPLAY);
    if (pathname === '/locale.js') return send('text/javascript', `postMessage(${LOCALE});`);
    if (pathname === '/persist') {
      return send('text/html', PERSIST, { 'set-cookie': 'visited=yes; Max-Age=86400; Path=/' });
    }
    if (pathname === '/reread') return send('text/html', PERSIST);
    return send('text/html', '<!doctype html><title>ok</title><p>ok</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    served,
    /** The headers of the latest request to `url`. */
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let api: BrowserService;
let site: Awaited<ReturnType<typeof startEffectsSite>>;

const connect = (port: number): Promise<Browser> =>
  puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });

/** A new tab on `pathname` of the site. */
async function open(browser: Browser, pathname: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${site.url}${pathname}`);
  return page;
}

/** The `window.result` a page of the site computes. */
async function resultOf<T>(browser: Browser, pathname: string): Promise<T> {
  const page = await open(browser, pathname);
  try {
    return (await page.evaluate('window.result')) as T;
  } finally {
    await page.close();
  }
}

/**
 * The browser's own settings as chrome://settings shows them: the default of each content setting
 * (allow, block, ask) and the value of each preference.
 */
async function browserSettings(browser: Browser, types: string[], prefs: string[]) {
  const page = await browser.newPage();
  try {
    await page.goto('chrome://settings/content');
    return (await page.evaluate(`(async () => {
      const { sendWithPromise } = await import('chrome://resources/js/cr.js');
      const content = {};
      for (const type of ${JSON.stringify(types)}) {
        content[type] = (await sendWithPromise('getDefaultValueForContentType', type)).setting;
      }
      const pref = {};
      for (const name of ${JSON.stringify(prefs)}) {
        pref[name] = await new Promise((ok) => chrome.settingsPrivate.getPref(name, (p) => ok(p && p.value)));
      }
      return { content, pref };
    })()`)) as { content: Record<string, string>; pref: Record<string, unknown> };
  } finally {
    await page.close();
  }
}

/** The command line of a browser process (Linux). */
const commandLine = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe.skipIf(!hasChromium)('advanced settings, as pages and users see them', () => {
  beforeAll(async () => {
    site = await startEffectsSite();
    api = await startBrowserService();
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 60_000);

  describe('headless: two environments with opposite values', () => {
    /**
     * Each setting 1 in one environment and 0 in the other. AUTOPLAY 0 goes with
     * fakedevice_forCamera 0: Chromium lets a site with camera or microphone permission play
     * sound without a gesture.
     */
    const ENVIRONMENTS = {
      a: {
        Disable_img: 1,
        ImageInvisible: 0,
        AUTOPLAY_SETTING: 1,
        SOUND_SETTING: 0,
        SavePasswordPop: 1,
        Notification: 1,
        CLIPBOARD_READ_WRITE: 1,
        fakedevice_forCamera: 1,
        forcembpoint: 1,
        LanguageCode: 'de-AT',
        TimeZone: 'Asia/Kolkata',
      },
      b: {
        Disable_img: 0,
        ImageInvisible: 1,
        AUTOPLAY_SETTING: 0,
        SOUND_SETTING: 1,
        SavePasswordPop: 0,
        Notification: 0,
        CLIPBOARD_READ_WRITE: 0,
        fakedevice_forCamera: 0,
        forcembpoint: 0,
        LanguageCode: 'ja',
        TimeZone: 'America/St_Johns',
      },
    };
    type Name = keyof typeof ENVIRONMENTS;
    const NAMES = Object.keys(ENVIRONMENTS) as Name[];
    const started = {} as Record<
      Name,
      { id: string; item: Awaited<ReturnType<BrowserService['startOne']>>; browser: Browser }
    >;

    beforeAll(async () => {
      const ids = await Promise.all(NAMES.map((name) => api.create(ENVIRONMENTS[name])));
      const items = await api.start(ids);
      for (const [i, name] of NAMES.entries()) {
        const item = items[i];
        if (item.status !== 0) throw new Error(`start failed: ${JSON.stringify(item)}`);
        started[name] = { id: ids[i]!, item, browser: await connect(item.browser_CDP_Port) };
      }
    }, 90_000);
    afterAll(async () => {
      for (const name of NAMES) await started[name]?.browser.disconnect();
      await api.kill(NAMES.flatMap((name) => (started[name] ? [started[name].id] : [])));
    }, 60_000);

    test('Disable_img 1: images are not requested and do not load; 0: they load', async () => {
      for (const name of NAMES) {
        const seen = await resultOf<{ naturalWidth: number }>(
          started[name].browser,
          `/images/${name}`,
        );
        const requested = site.served.filter(
          (url) => url === `/pixel.png?${name}` || url === `/pixel.png?${name}-bg`,
        );
        if (ENVIRONMENTS[name].Disable_img === 1) {
          expect(seen.naturalWidth).toBe(0);
          expect(requested).toEqual([]);
        } else {
          expect(seen.naturalWidth).toBe(1);
          expect(requested.sort()).toEqual([`/pixel.png?${name}`, `/pixel.png?${name}-bg`]);
        }
        const { content } = await browserSettings(started[name].browser, ['images'], []);
        expect(content.images).toBe(ENVIRONMENTS[name].Disable_img === 1 ? 'block' : 'allow');
      }
    });

    test('ImageInvisible 1: images load but are hidden (not even hit-testable); 0: visible', async () => {
      for (const name of NAMES) {
        const seen = await resultOf(started[name].browser, `/images/${name}-visibility`);
        if (ENVIRONMENTS[name].ImageInvisible === 1) {
          expect(seen).toEqual({
            naturalWidth: 1,
            visibility: 'hidden',
            background: 'hidden',
            hit: false,
          });
        } else {
          // (Environment a blocks images, so naturalWidth is 0 there: Disable_img.)
          expect(seen).toMatchObject({ visibility: 'visible', background: 'visible', hit: true });
        }
      }
    });

    test('AUTOPLAY_SETTING 1: sound plays without a gesture; 0: play() is refused', async () => {
      for (const name of NAMES) {
        const seen = await resultOf(started[name].browser, '/autoplay');
        // Muted media may always play (Chromium's own policy); sound is what the setting decides.
        expect(seen).toEqual({
          sound: ENVIRONMENTS[name].AUTOPLAY_SETTING === 1 ? 'played' : 'NotAllowedError',
          mutedVideo: 'played',
          activated: false,
        });
      }
    });

    test('SOUND_SETTING 0: the browser is muted (--mute-audio) and sound is blocked; 1: neither', async () => {
      for (const name of NAMES) {
        const { item, browser } = started[name];
        const muted = ENVIRONMENTS[name].SOUND_SETTING === 0;
        expect(commandLine(item.Session_ProcessID).includes('--mute-audio')).toBe(muted);
        const { content } = await browserSettings(browser, ['sound'], []);
        expect(content.sound).toBe(muted ? 'block' : 'allow');
      }
    });

    test('SavePasswordPop 1: the browser offers to save passwords; 0: it does not', async () => {
      for (const name of NAMES) {
        const { pref } = await browserSettings(
          started[name].browser,
          [],
          ['credentials_enable_service', 'credentials_enable_autosignin'],
        );
        expect(pref).toEqual({
          credentials_enable_service: ENVIRONMENTS[name].SavePasswordPop === 1,
          credentials_enable_autosignin: false,
        });
      }
    });

    test('Notification 1: granted to every site; 0: sites may ask', async () => {
      for (const name of NAMES) {
        const page = await open(started[name].browser, '/notification');
        const seen = await page.evaluate(`(async () => ({
          permission: Notification.permission,
          query: (await navigator.permissions.query({ name: 'notifications' })).state,
        }))()`);
        expect(seen).toEqual(
          ENVIRONMENTS[name].Notification === 1
            ? { permission: 'granted', query: 'granted' }
            : { permission: 'default', query: 'prompt' },
        );
        await page.close();
      }
    });

    test('CLIPBOARD_READ_WRITE 1: a page reads the clipboard without asking; 0: it must ask', async () => {
      for (const name of NAMES) {
        const page = await open(started[name].browser, '/clipboard');
        await page.bringToFront();
        const state = await page.evaluate(
          `navigator.permissions.query({ name: 'clipboard-read' }).then((s) => s.state)`,
        );
        if (ENVIRONMENTS[name].CLIPBOARD_READ_WRITE === 1) {
          expect(state).toBe('granted');
          expect(
            await page.evaluate(
              `navigator.clipboard.writeText('hainiao-${name}').then(() => navigator.clipboard.readText())`,
            ),
          ).toBe(`hainiao-${name}`);
        } else {
          expect(state).toBe('prompt');
        }
        await page.close();
      }
    });

    test('fakedevice_forCamera 1: a fake camera and microphone without a prompt; 0: sites must ask', async () => {
      for (const name of NAMES) {
        const page = await open(started[name].browser, '/camera');
        const permissions = await page.evaluate(`Promise.all(['camera', 'microphone'].map((name) =>
          navigator.permissions.query({ name }).then((s) => s.state)))`);
        if (ENVIRONMENTS[name].fakedevice_forCamera === 1) {
          expect(permissions).toEqual(['granted', 'granted']);
          const tracks = (await page.evaluate(`navigator.mediaDevices
            .getUserMedia({ video: true, audio: true })
            .then((stream) => stream.getTracks().map((t) => ({ kind: t.kind, label: t.label,
              width: t.getSettings().width })))`)) as { kind: string; label: string }[];
          expect(tracks.map((t) => t.kind).sort()).toEqual(['audio', 'video']);
          expect(tracks.find((t) => t.kind === 'video')!.label).toMatch(/fake/i);
          expect(
            commandLine(started[name].item.Session_ProcessID).filter((a) => a.includes('fake')),
          ).toEqual(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
        } else {
          expect(permissions).toEqual(['prompt', 'prompt']);
        }
        await page.close();
      }
    });

    test('forcembpoint 1: the check page is open after start and shows what sites see; 0: none', async () => {
      for (const name of NAMES) {
        const { browser, item } = started[name];
        const urls = async () => (await browser.pages()).map((page) => page.url());
        if (ENVIRONMENTS[name].forcembpoint === 0) {
          // The start tab (a blank one: no start page) opens once start has answered.
          await expect.poll(urls).toEqual(['about:blank']);
          continue;
        }
        await expect.poll(urls).toEqual([expect.stringMatching(/^data:text\/html/)]);
        const [check] = await browser.pages();
        await expect
          .poll(() => check!.evaluate(`document.querySelectorAll('#t tr').length`))
          .toBeGreaterThan(0);
        const rows = (await check!
          .evaluate(`Object.fromEntries([...document.querySelectorAll('#t tr')]
          .map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent]))`)) as Record<
          string,
          string
        >;
        expect(rows).toMatchObject({
          'User agent': item.User_Agent,
          Languages: 'de-AT, de, en-US, en',
          'Time zone': 'Asia/Calcutta',
          Webdriver: 'false',
        });
        expect(await check!.title()).toBe('Hainiao fingerprint check');
      }
    });

    test('LanguageCode and TimeZone: languages, Intl and Date in pages and workers, Accept-Language', async () => {
      const expected = {
        a: {
          languages: ['de-AT', 'de', 'en-US', 'en'],
          locale: 'de',
          number: '1.234,5',
          // ICU's canonical name, as Chrome itself reports it in India.
          zone: 'Asia/Calcutta',
          offset: -330,
          date: 'GMT+0530',
          header: 'de-AT,de;q=0.9,en-US;q=0.8,en;q=0.7',
        },
        b: {
          languages: ['ja', 'en-US', 'en'],
          locale: 'ja',
          number: '1,234.5',
          zone: 'America/St_Johns',
          offset: 210,
          date: 'GMT-0330',
          header: 'ja,en-US;q=0.9,en;q=0.8',
        },
      };
      for (const name of NAMES) {
        const page = await open(started[name].browser, `/locale-${name}`);
        const inPage = await page.evaluate(LOCALE);
        const inWorker = await page.evaluate(`new Promise((ok) => {
          new Worker('/locale.js').onmessage = (e) => ok(e.data); })`);
        await page.close();
        const { header, ...values } = expected[name];
        expect(inPage).toEqual(values);
        expect(inWorker).toEqual(values);
        expect(site.headers.get(`/locale-${name}`)?.['accept-language']).toBe(header);
      }
    });
  });

  test('CountryCode, CityCode and RegionCode: the provider gateway gets them in the user name', async () => {
    const id = await api.create({
      Proxy_Type: 'smartproxy',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: 1,
      Proxy_Username: 'acme',
      Proxy_Password: 'gw-pass',
      CountryCode: 'DE',
      CityCode: 'Berlin',
      RegionCode: 'BE',
    });
    // The gateway accepts only the user name with the targeting (and the environment's session).
    const expected = providerUsername({
      type: 'smartproxy',
      host: '127.0.0.1',
      port: 1,
      username: 'acme',
      password: 'gw-pass',
      country: 'DE',
      city: 'Berlin',
      region: 'BE',
      sessionKey: id,
    });
    expect(expected).toMatch(/^user-acme-country-de-city-berlin-state-be-session-[0-9a-f]{10}-/);
    const gateway = await startHttpProxy(expected, 'gw-pass');
    try {
      await api.service.post('/api/v1/session/proxy/update', {
        Session_ID: id,
        Proxy_Type: 'smartproxy',
        Proxy_Ip: '127.0.0.1',
        Proxy_Port: gateway.port,
        Proxy_Username: 'acme',
        Proxy_Password: 'gw-pass',
      });
      const item = await api.startOne(id);
      const browser = await connect(item.browser_CDP_Port);
      try {
        const page = await browser.newPage();
        const response = await page.goto(`${site.url}/through-gateway`);
        expect(response?.status()).toBe(200);
      } finally {
        await browser.disconnect();
        await api.kill([id]);
      }
      expect(gateway.hosts).toContain(site.host);
      expect(new Set(gateway.usernames)).toEqual(new Set([expected]));
    } finally {
      await gateway.close();
    }
  }, 60_000);

  // A window: only there does stop close the browser the way a user does (headless is killed).
  // It needs a display or Xvfb for the service's own; under CI their absence fails the run.
  describe.skipIf(!canShowWindows() && !process.env.CI)('with a window', () => {
    /** What the profile holds after the browser has ended. */
    function profileState(profile: string) {
      const rows = (file: string, sql: string) => {
        if (!fs.existsSync(path.join(profile, file))) return [];
        const db = openSqlite(path.join(profile, file), { readonly: true });
        try {
          return db.prepare(sql).pluck().all() as string[];
        } finally {
          db.close();
        }
      };
      const preferences = JSON.parse(
        fs.readFileSync(path.join(profile, 'Default', 'Preferences'), 'utf8'),
      ) as { browser?: { window_placement?: unknown } };
      return {
        history: rows('Default/History', 'select url from urls').map(
          (url) => new URL(url).pathname,
        ),
        cookies: rows('Default/Cookies', 'select name from cookies'),
        storage: fs.existsSync(path.join(profile, 'Default', 'Local Storage')),
        cache: fs.existsSync(path.join(profile, 'Default', 'Cache')),
        // Written by the browser itself when its window closes: its preferences are kept.
        windowPlacement: preferences.browser?.window_placement !== undefined,
      };
    }

    /** The cookies stored in the environment (export-cookie). */
    async function exported(id: string): Promise<string[]> {
      const file = path.join(api.service.dataDir, `${id}-export.json`);
      const res = await api.service.post('/api/v1/session/export-cookie', {
        Session_ID: id,
        Export_Cookie_File: file,
      });
      expect(res.json().code).toBe(0);
      const cookies = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string }[];
      fs.rmSync(file);
      return cookies.map((cookie) => cookie.name);
    }

    interface PersistResult {
      cookie: string;
      kept: string | null;
      image: number;
    }

    /**
     * Each case: a first run that gets a cookie, local storage, history and a cached image, ended
     * by `end` (stop; the user's script closing the browser, Browser.close; or the user closing the
     * last tab, so the window), then a second start of the same profile.
     */
    const CASES: {
      name: string;
      fields: Record<string, number>;
      end: 'stop' | 'user' | 'window';
      after: Partial<ReturnType<typeof profileState>>;
      exported: string[];
      second: Omit<PersistResult, 'image'> & { refetched: boolean };
      history: string[];
    }[] = [
      {
        name: 'defaults (Exit_ClearChrome 0, Exit_SaveCookie 1): everything is kept',
        fields: {},
        end: 'stop',
        after: { history: ['/persist'], cookies: ['visited'], storage: true, cache: true },
        exported: ['visited'],
        second: { cookie: 'visited=yes', kept: 'yes', refetched: false },
        history: ['/persist', '/reread'],
      },
      {
        // The cookies stored in the environment (Exit_SaveCookie 1) are put back at the next start.
        name: 'Exit_ClearChrome 1: cookies, history, storage and cache leave the profile, preferences stay',
        fields: { Exit_ClearChrome: 1 },
        end: 'stop',
        after: { history: [], cookies: [], storage: false, cache: false, windowPlacement: true },
        exported: ['visited'],
        second: { cookie: 'visited=yes', kept: null, refetched: true },
        history: [],
      },
      {
        name: 'Exit_SaveCookie 0: the cookies are cleared at exit and not stored',
        fields: { Exit_SaveCookie: 0 },
        end: 'stop',
        after: { history: ['/persist'], cookies: [], storage: true, cache: true },
        exported: [],
        second: { cookie: '', kept: 'yes', refetched: false },
        history: ['/persist', '/reread'],
      },
      {
        name: 'Exit_SaveCookie 0, the user’s script closes the browser: no cookie at the next start either',
        fields: { Exit_SaveCookie: 0 },
        end: 'user',
        after: { history: ['/persist'], cookies: [], storage: true, cache: true },
        exported: [],
        second: { cookie: '', kept: 'yes', refetched: false },
        history: ['/persist', '/reread'],
      },
      {
        // Browser.close through the service's DevTools endpoint saves the cookies first.
        name: 'Exit_SaveCookie 1, the user’s script closes the browser: the cookies are saved',
        fields: {},
        end: 'user',
        after: { history: ['/persist'], cookies: ['visited'], storage: true, cache: true },
        exported: ['visited'],
        second: { cookie: 'visited=yes', kept: 'yes', refetched: false },
        history: ['/persist', '/reread'],
      },
      {
        // The window stays up without a tab (--keep-alive-for-test) until the service has the cookies.
        name: 'Exit_SaveCookie 1, the user closes the last tab: the cookies are saved, status 0',
        fields: {},
        end: 'window',
        after: { history: ['/persist'], cookies: ['visited'], storage: true, cache: true },
        exported: ['visited'],
        second: { cookie: 'visited=yes', kept: 'yes', refetched: false },
        history: ['/persist', '/reread'],
      },
      {
        // Nothing comes back: not the profile's cookies, nor those stored in the environment.
        name: 'StartClearCache, StartClearCookies, StartClearHistory 1: the next start has none of them',
        fields: { StartClearCache: 1, StartClearCookies: 1, StartClearHistory: 1 },
        end: 'user',
        after: { history: ['/persist'], cookies: ['visited'], storage: true, cache: true },
        exported: ['visited'],
        second: { cookie: '', kept: 'yes', refetched: true },
        history: ['/reread'],
      },
    ];

    for (const c of CASES) {
      test(
        c.name,
        async () => {
          const id = await api.create(c.fields);
          const profile = path.join(api.service.dataDir, 'sessions', id, 'profile');
          const fetched = () => site.served.filter((url) => url === '/cached.png').length;

          const first = await api.startOne(id, { isHeadless: 0 });
          const browser = await connect(first.browser_CDP_Port);
          const before = fetched();
          try {
            expect(await resultOf(browser, '/persist')).toEqual({
              cookie: 'visited=yes',
              kept: 'yes',
              image: 1,
            });
          } finally {
            if (c.end === 'user') await browser.close();
            else if (c.end === 'window') {
              for (const page of await browser.pages()) await page.close();
              await browser.disconnect().catch(() => undefined);
            } else await browser.disconnect();
          }
          if (c.end === 'stop')
            expect(await api.stop([id])).toEqual([{ Session_ID: id, status: 0 }]);
          // A window the user closed is a clean exit: status 0, not running.
          await expect
            .poll(async () => (await api.status([id])).listcontainer[0])
            .toMatchObject({ status: 0, Session_Actived: 0 });
          expect(profileState(profile)).toMatchObject(c.after);
          expect(await exported(id)).toEqual(c.exported);

          const second = await api.startOne(id, { isHeadless: 0 });
          const again = await connect(second.browser_CDP_Port);
          try {
            const { image, ...seen } = await resultOf<PersistResult>(again, '/reread');
            expect(image).toBe(1);
            expect({ ...seen, refetched: fetched() - before > 1 }).toEqual(c.second);
          } finally {
            await again.disconnect();
          }
          expect(await api.stop([id])).toEqual([{ Session_ID: id, status: 0 }]);
          expect(profileState(profile).history.sort()).toEqual(c.history);
        },
        90_000,
      );
    }

    for (const lock of [1, 0]) {
      test(`Lock_Browser_windows_size ${lock}: the viewport ${lock ? 'keeps the resolution' : 'follows the window'} when the window is resized`, async () => {
        const id = await api.create({ Lock_Browser_windows_size: lock, resolution: '1024x768' });
        const item = await api.startOne(id, { isHeadless: 0 });
        const browser = await connect(item.browser_CDP_Port);
        try {
          const page = await open(browser, '/viewport');
          const size = () =>
            page.evaluate('({ inner: innerWidth, outer: outerWidth })') as Promise<{
              inner: number;
              outer: number;
            }>;
          // resolution: the window is the resolution wide, and so is the page.
          expect(await size()).toEqual({ inner: 1024, outer: 1024 });
          // The user makes the window narrower.
          const session = await page.createCDPSession();
          const { windowId } = await session.send('Browser.getWindowForTarget');
          await session.send('Browser.setWindowBounds', {
            windowId,
            bounds: { width: 800, height: 600 },
          });
          await expect.poll(async () => (await size()).outer).toBe(800);
          await expect.poll(size).toEqual({ inner: lock ? 1024 : 800, outer: 800 });
        } finally {
          await browser.disconnect();
          await api.kill([id]);
        }
      }, 60_000);
    }
  });
});
