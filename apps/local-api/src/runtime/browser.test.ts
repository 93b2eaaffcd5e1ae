/**
 * The browser runtime in real Chromium, driven like a user's script: start, stop, kill and status
 * with their codes; Puppeteer and Playwright on the returned port seeing the environment (user
 * agent, client hints, platform, languages, time zone, screen, WebGL) on new pages, new contexts,
 * popups and workers; cookies, start pages, the active script and plugins; Selenium through the
 * webdriver path; a crash, a taken port, and a killed service leaving nothing behind.
 */
import { execSync, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { chromium as playwright, type Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnLocalApi } from '@hainiao/testkit/service-process';
import { startLocalApi } from '../cli.ts';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  startSite,
  until,
  type BrowserService,
} from '../test/browser.ts';
import { chromeBrands, productBrand, secChUa } from './fingerprint/fingerprint.ts';

const WORKER = `postMessage({ ua: navigator.userAgent, platform: navigator.platform,
  cores: navigator.hardwareConcurrency, memory: navigator.deviceMemory,
  languages: [...navigator.languages],
  brands: navigator.userAgentData && navigator.userAgentData.brands.map((b) => b.brand) });`;

/** The temp folder that holds a running environment's single-instance socket (Chromium's). */
const singletonFolder = (id: string) =>
  path.dirname(
    fs.readlinkSync(path.join(api.service.dataDir, 'sessions', id, 'profile', 'SingletonSocket')),
  );

let api: BrowserService;
let site: Awaited<ReturnType<typeof startSite>>;
let engineMajor = 0;

describe.skipIf(!hasChromium)('browser runtime', () => {
  beforeAll(async () => {
    api = await startBrowserService();
    site = await startSite({
      '/worker.js': WORKER,
      '/worker': `<script>window.fromWorker = new Promise((ok) => {
        const w = new Worker('/worker.js'); w.onmessage = (e) => ok(e.data); });</script>`,
      '/opener': `<button id=b onclick="window.open('/popup?first')">open</button>`,
      '/tall': '<div style="height:5000px">tall</div>',
    });
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 60_000);

  test('start answers the running information; status, -7, -20, kill', async () => {
    const id = await api.create({
      SystemOS: 'Windows',
      resolution: '1366x768',
      TimeZone: 'America/New_York',
      LanguageCode: 'de',
    });
    const item = await api.startOne(id, { args: ['--mute-audio'] });
    expect(item).toMatchObject({
      Session_ID: id,
      status: 0,
      Session_Actived: 1,
      isHeadless: 1,
      browser_CDP_Port: expect.any(Number),
      browser_Path: expect.stringContaining('chromium'),
      MBData_Path: path.join(api.service.dataDir, 'sessions', id),
      webdriver: expect.stringContaining('chromedriver'),
      core: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
      proxyType: 'noproxy',
      Session_Args: ['--mute-audio'],
      TimeZone: 'America/New_York',
      LanguageCode: 'de',
      Plugins_Count: 0,
      StartPage: '',
    });
    engineMajor = Number(item.core.split('.')[0]);
    expect(item.User_Agent).toContain(`Chrome/${engineMajor}.0.0.0`);
    // /json/version answers on the port: a usable CDP port.
    const version = await fetch(`http://127.0.0.1:${item.browser_CDP_Port}/json/version`);
    expect(((await version.json()) as { Browser: string }).Browser).toContain(`/${item.core}`);

    const socketFolder = singletonFolder(id);
    expect(fs.existsSync(socketFolder)).toBe(true);
    const again = await api.start([id]);
    expect(again[0]).toMatchObject({ status: -7, Session_Actived: 1 });
    const status = await api.status([id]);
    expect(status.listcontainer[0]).toMatchObject({ status: 0, Session_Actived: 1 });
    expect((await api.status()).listcontainer.map((e) => e.Session_ID)).toContain(id);
    expect(await api.stop([id])).toEqual([{ Session_ID: id, status: -20 }]);
    expect(await api.kill([id])).toEqual([{ Session_ID: id, status: 0 }]);
    expect((await api.status([id])).listcontainer[0]).toMatchObject({
      status: 0,
      Session_Actived: 0,
    });
    // Chromium's single-instance folder in the temp folder, which a killed browser leaves, is gone.
    expect(fs.existsSync(socketFolder)).toBe(false);
    // The group is SIGKILLed; its last processes may take a moment to leave the process table.
    await expect.poll(() => browsersOf(api.service.dataDir)).toEqual([]);
  }, 90_000);

  test("a start opens no page of Chromium's own interface beside the start tab", async () => {
    // Chromium's defaults preload the address bar's suggestion list as a web page in a renderer
    // of its own, listed with the first tab: half of a start's CPU (bench/browser.bench.ts).
    const id = await api.create();
    const item = await api.startOne(id);
    try {
      const targets = (await (
        await fetch(`http://127.0.0.1:${item.browser_CDP_Port}/json/list`)
      ).json()) as { type: string; url: string }[];
      expect(targets.map((target) => target.url)).toEqual(['about:blank']);
    } finally {
      await api.kill([id]);
    }
  });

  test('Puppeteer sees the environment on new pages, popups and workers, and in the headers', async () => {
    // The host's system (the default): every value is the engine's own, in pages and workers.
    const id = await api.create({
      resolution: '1600x900',
      TimeZone: 'Asia/Tokyo',
      LanguageCode: 'ja',
    });
    const item = await api.startOne(id);
    expect(item.Fingerprint_PageOnly).toEqual([]);
    const major = Number(item.core.split('.')[0]);
    // Debian's Chromium has no product brand of its own: its hints name "Chromium" only.
    const brands = chromeBrands(major, undefined, productBrand(item.browser_Path));
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      defaultViewport: null,
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/worker`);
      const seen = (await page.evaluate(`(async () => {
        const gl = document.createElement('canvas').getContext('webgl');
        const debug = gl && gl.getExtension('WEBGL_debug_renderer_info');
        return {
          ua: navigator.userAgent,
          platform: navigator.platform,
          languages: [...navigator.languages],
          zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          screen: [screen.width, screen.height],
          webdriver: navigator.webdriver,
          cores: navigator.hardwareConcurrency,
          memory: navigator.deviceMemory,
          brands: navigator.userAgentData.brands.map((b) => b.brand + '/' + b.version),
          renderer: debug ? String(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL)) : '',
          worker: await window.fromWorker,
        };
      })()`)) as Record<string, unknown> & {
        ua: string;
        cores: number;
        memory: number;
        languages: string[];
      };
      expect(seen).toMatchObject({
        ua: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
        platform: 'Linux x86_64',
        languages: ['ja', 'en-US', 'en'],
        zone: 'Asia/Tokyo',
        screen: [1600, 900],
        webdriver: false,
      });
      expect(seen.brands).toEqual(brands.map((b) => `${b.brand}/${b.version}`));
      // The machine's real values, the same in the worker.
      expect(seen.cores).toBe(os.cpus().length);
      expect(seen.worker).toEqual({
        ua: seen.ua,
        platform: 'Linux x86_64',
        cores: seen.cores,
        memory: seen.memory,
        languages: seen.languages,
        brands: brands.map((b) => b.brand),
      });
      // Headers of the page request: the environment's UA and client hints.
      const request = site.log.find((r) => r.url === '/worker')!;
      expect(request.headers['user-agent']).toBe(seen.ua);
      expect(request.headers['sec-ch-ua']).toBe(secChUa(brands));
      expect(request.headers['sec-ch-ua-platform']).toBe('"Linux"');
      expect(request.headers['accept-language']).toMatch(/^ja,en-US;q=0\.9,en;q=0\.8$/);

      // A popup's very first request carries them too.
      await page.goto(`${site.url}/opener`);
      const popup = new Promise((resolve) => browser.once('targetcreated', resolve));
      await page.click('#b');
      await popup;
      const first = await until(() => site.log.find((r) => r.url === '/popup?first'), 5000);
      expect(first.headers['user-agent']).toBe(seen.ua);
      expect(first.headers['sec-ch-ua-platform']).toBe('"Linux"');
      expect(first.headers['sec-ch-ua']).toBe(secChUa(brands));
    } finally {
      await browser.disconnect();
      await api.kill([id]);
    }
  }, 90_000);

  test('Playwright: the default context, a new context and its pages see the environment', async () => {
    // Another system than the host's: the UA and the page's client hints say macOS; the start
    // answer names what the workers (and, once a client attaches, the page) keep of the host.
    const id = await api.create({
      SystemOS: 'MacIntel',
      resolution: '1440x900',
      LanguageCode: 'fr',
    });
    const item = await api.startOne(id);
    expect(item.Fingerprint_PageOnly).toContain('navigator.platform');
    expect(item.Fingerprint_PageOnly).toContain('navigator.userAgentData.platform');
    const browser = await playwright.connectOverCDP(`http://127.0.0.1:${item.browser_CDP_Port}`);
    try {
      const values = async (page: Page, url: string) => {
        await page.goto(url);
        return page.evaluate(
          '({ ua: navigator.userAgent, platform: navigator.userAgentData.platform, language: navigator.language, width: screen.width, ratio: devicePixelRatio })',
        );
      };
      const inDefault = await values(await browser.contexts()[0]!.newPage(), `${site.url}/pw1`);
      const context = await browser.newContext({ viewport: null });
      const inNew = await values(await context.newPage(), `${site.url}/pw2`);
      for (const seen of [inDefault, inNew]) {
        expect(seen).toEqual({
          ua: expect.stringMatching(/^Mozilla\/5\.0 \(Macintosh; Intel Mac OS X 10_15_7\)/),
          platform: 'macOS',
          language: 'fr',
          width: 1440,
          // A Retina screen, natively (the service's display at twice the size, the ratio flag).
          ratio: 2,
        });
      }
      for (const url of ['/pw1', '/pw2']) {
        const request = site.log.find((r) => r.url === url)!;
        expect(request.headers['sec-ch-ua-platform']).toBe('"macOS"');
        expect(request.headers['sec-ch-ua']).toBe(
          secChUa(chromeBrands(Number(item.core.split('.')[0]), undefined, null)),
        );
        expect(request.headers['user-agent']).toContain('Macintosh');
      }
      await context.close();
    } finally {
      await browser.close().catch(() => undefined);
      await api.kill([id]);
    }
  }, 90_000);

  test('a mobile environment gets the model and mobile emulation', async () => {
    const id = await api.create({
      SystemOS: 'Android',
      MobileModel: 'Pixel 7',
      resolution: '412x915',
    });
    const item = await api.startOne(id);
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      defaultViewport: null,
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/mobile`);
      await page.setContent('<meta name=viewport content="width=device-width"><p>phone</p>');
      const seen = (await page.evaluate(`(async () => ({
        mobile: navigator.userAgentData.mobile,
        high: await navigator.userAgentData.getHighEntropyValues(['model', 'platform']),
        touch: navigator.maxTouchPoints,
        width: screen.width,
        inner: window.innerWidth,
      }))()`)) as { touch: number };
      expect(seen).toMatchObject({
        mobile: true,
        high: { model: 'Pixel 7', platform: 'Android' },
        width: 412,
        inner: 412,
      });
      expect(await page.evaluate('window.devicePixelRatio')).toBe(2.625);
      expect(seen.touch).toBeGreaterThan(0);
      const request = site.log.find((r) => r.url === '/mobile')!;
      expect(request.headers['sec-ch-ua-mobile']).toBe('?1');
      expect(request.headers['user-agent']).toContain('Mobile Safari');
    } finally {
      await browser.disconnect();
      await api.kill([id]);
    }
  }, 60_000);

  test('cookies are loaded at start and saved at exit; start pages open; the active script runs', async () => {
    const id = await api.create({
      Cookie: [
        {
          name: 'imported',
          value: 'one',
          domain: '127.0.0.1',
          path: '/',
          expirationDate: 2_000_000_000,
        },
      ],
    });
    await api.service.post('/api/v1/session/auto_open/add', {
      Session_ID: [id],
      StartPage: `${site.url}/tall`,
    });
    const token = api.service.auth.current?.token ?? '';
    const scripts = (await api.cloud.call('scriptlist', { token })).data.list as {
      Script_ID: string;
      Script_Name: string;
    }[];
    const scroll = scripts.find((s) => /scroll/i.test(s.Script_Name))!;
    await api.service.post('/api/v1/session/id_script_add', {
      Session_ID: id,
      Script_ID: [scroll.Script_ID],
    });
    await api.service.post('/api/v1/session/id_script_active', {
      Session_ID: id,
      Script_ID: scroll.Script_ID,
    });

    const item = await api.startOne(id);
    expect(item).toMatchObject({
      StartPage: `${site.url}/tall`,
      Actived_script_id: scroll.Script_ID,
    });
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
    });
    try {
      const tall = await until(
        async () => (await browser.pages()).find((p) => p.url() === `${site.url}/tall`),
        10_000,
        'the start page',
      );
      // The scroll-to-bottom script scrolls the start page.
      await until(() => tall.evaluate('window.scrollY > 0'), 10_000, 'the script to scroll');
      expect(await tall.evaluate('document.cookie')).toContain('imported=one');
      const request = site.log.find((r) => r.url === '/tall')!;
      expect(request.headers.cookie).toContain('imported=one');
      await tall.goto(`${site.url}/set-cookie`);
    } finally {
      await browser.disconnect();
    }
    expect(await api.kill([id])).toEqual([{ Session_ID: id, status: 0 }]);
    const file = path.join(api.service.dataDir, 'cookies.json');
    await api.service.post('/api/v1/session/export-cookie', {
      Session_ID: id,
      Export_Cookie_File: file,
    });
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; value: string }[];
    expect(saved.map((c) => `${c.name}=${c.value}`).sort()).toEqual([
      'imported=one',
      'visited=yes',
    ]);

    // Next start: both cookies are there.
    const next = await api.startOne(id);
    const again = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${next.browser_CDP_Port}`,
    });
    try {
      const page = await again.newPage();
      await page.goto(`${site.url}/check`);
      expect(await page.evaluate("document.cookie.split('; ').sort()")).toEqual([
        'imported=one',
        'visited=yes',
      ]);
    } finally {
      await again.disconnect();
      await api.kill([id]);
    }
  }, 90_000);

  test('installed plugins load as extensions', async () => {
    const id = await api.create();
    const plugins = (await api.service.post('/api/v1/plugin/list')).json().data.Plugin_list as {
      Plugin_Id: string;
      Plugin_Name: string;
    }[];
    const dark = plugins.find((p) => p.Plugin_Name === 'Dark Mode Lite')!;
    await api.service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: [dark.Plugin_Id],
    });
    const item = await api.startOne(id);
    expect(item).toMatchObject({ Plugins_Count: 1, Plugin_Id: [dark.Plugin_Id] });
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
    });
    try {
      const worker = await browser.waitForTarget(
        (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
        { timeout: 10_000 },
      );
      expect(worker.url()).toMatch(/background\.js$/);
    } finally {
      await browser.disconnect();
      await api.kill([id]);
    }
  }, 60_000);

  test('Selenium attaches through the webdriver path', async () => {
    const { Builder } = await import('selenium-webdriver');
    const chrome = await import('selenium-webdriver/chrome.js');
    const id = await api.create({ LanguageCode: 'es' });
    const item = await api.startOne(id);
    const options = new chrome.Options();
    options.debuggerAddress(`127.0.0.1:${item.browser_CDP_Port}`);
    const driver = await new Builder()
      .forBrowser('chrome')
      .setChromeOptions(options)
      .setChromeService(new chrome.ServiceBuilder(item.webdriver))
      .build();
    try {
      await driver.get(`${site.url}/selenium`);
      const ua = await driver.executeScript('return navigator.userAgent');
      expect(ua).toContain('X11; Linux x86_64');
      expect(ua).not.toContain('Headless');
      expect(await driver.executeScript('return navigator.languages')).toEqual([
        'es',
        'en-US',
        'en',
      ]);
    } finally {
      await driver.quit().catch(() => undefined);
      await api.kill([id]);
    }
  }, 90_000);

  test('a browser that exits by itself is noticed at once (-12) and nothing is left', async () => {
    const id = await api.create();
    const item = await api.startOne(id);
    const socketFolder = singletonFolder(id);
    process.kill(item.Session_ProcessID, 'SIGKILL');
    await until(async () => (await api.status([id])).listcontainer[0].status === -12, 5000, '-12');
    expect((await api.status([id])).listcontainer[0]).toMatchObject({ Session_Actived: 0 });
    expect((await api.status()).listcontainer.map((e) => e.Session_ID)).not.toContain(id);
    await until(() => browsersOf(api.service.dataDir).length === 0, 5000, 'no processes').catch(
      (error: Error) => {
        throw new Error(
          `${error.message}: ${execSync(
            `ps -o pid,ppid,pgid,stat,args -p ${browsersOf(api.service.dataDir).join(',')}`,
          )
            .toString()
            .slice(0, 3000)}`,
        );
      },
    );
    // Its state file, and its display's (ended a moment after the browser) too.
    await expect.poll(() => fs.readdirSync(path.join(api.service.dataDir, 'run'))).toEqual([]);
    expect(fs.existsSync(socketFolder)).toBe(false);
    // It starts again, and the status is 0 again.
    await api.startOne(id);
    expect((await api.status([id])).listcontainer[0].status).toBe(0);
    await api.kill([id]);
  }, 60_000);

  test('a DevTools port that is taken answers -11 and leaves nothing', async () => {
    const id = await api.create();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const [item] = await api.start([id], { args: [`--remote-debugging-port=${port}`] });
      expect(item).toMatchObject({ Session_ID: id, status: -11, Session_Actived: 0 });
      await until(() => browsersOf(api.service.dataDir).length === 0, 5000, 'no processes');
    } finally {
      blocker.close();
    }
  }, 60_000);

  test('queueing: a second start while the first runs answers -8, Start_Interval spaces launches', async () => {
    const [a, b] = [await api.create(), await api.create()];
    const first = api.start([a]);
    await until(
      async () =>
        (await api.status([a])).listcontainer[0].status === -8 ||
        (await api.status([a])).listcontainer[0].Session_Actived === 1,
      10_000,
    );
    const second = await api.start([a]);
    expect([-8, -7]).toContain(second[0].status);
    expect((await first)[0].status).toBe(0);
    await api.kill([a]);
    const started = Date.now();
    const both = await api.start([a, b], { Start_Interval: 1 });
    expect(both.map((x) => x.status)).toEqual([0, 0]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await api.kill([a, b])).toEqual([
      { Session_ID: a, status: 0 },
      { Session_ID: b, status: 0 },
    ]);
  }, 90_000);

  test('no browser: -2 with what to install', async () => {
    const local = await startBrowserService({ browserPath: '/nonexistent/chrome' });
    try {
      const id = await local.create();
      const [item] = await local.start([id]);
      expect(item).toMatchObject({
        status: -2,
        message: expect.stringMatching(/apt-get install chromium/),
      });
    } finally {
      await local.dispose();
    }
  }, 60_000);
});

describe.skipIf(!hasChromium || process.platform !== 'linux')('a killed service', () => {
  test('its browsers go with it, and a new service cleans whatever is left', async () => {
    const local = await startBrowserService();
    const dataDir = local.service.dataDir;
    const id = await local.create();
    const account = local.account;
    // Keep the store and the cloud; run the same data folder in a service of its own process.
    await local.service.stop();
    const service = await spawnLocalApi({ dataDir, cloud: local.cloud.url });
    try {
      expect((await service.post('/login', account)).json().status).toBe(0);
      const start = await service.post('/api/v1/browser/start', {
        Session_ID: [id],
        isHeadless: 1,
      });
      const item = start.json().data.listid[0];
      expect(item.status).toBe(0);
      expect(browsersOf(dataDir).length).toBeGreaterThan(0);
      await service.kill();
      // The browser's DevTools pipe closed: it quits by itself.
      await until(() => browsersOf(dataDir).length === 0, 15_000, 'the orphan browser to quit');
    } finally {
      await service.kill();
    }
    // A browser that survived anyway (simulated: one started by hand on the profile) is ended by
    // the next service, and the state files are cleaned.
    const profile = path.join(dataDir, 'sessions', id, 'profile');
    const orphan = spawn(
      '/usr/lib/chromium/chromium',
      [
        '--headless=new',
        '--no-sandbox',
        `--user-data-dir=${profile}`,
        '--remote-debugging-port=0',
        'about:blank',
      ],
      { detached: true, stdio: 'ignore' },
    );
    fs.writeFileSync(
      path.join(dataDir, 'run', `${id}.json`),
      JSON.stringify({ pid: orphan.pid, profile: `--user-data-dir=${profile}` }),
    );
    await until(() => browsersOf(dataDir).length > 0, 10_000, 'the orphan');
    const next = await startLocalApi({
      port: 0,
      host: '127.0.0.1',
      echo: false,
      logs: false,
      hide: false,
      cloud: local.cloud.url,
      dataDir,
    });
    try {
      await until(() => browsersOf(dataDir).length === 0, 5000, 'the clean-up');
      expect(fs.readdirSync(path.join(dataDir, 'run'))).toEqual([]);
    } finally {
      await next.stop();
      await local.cloud.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
