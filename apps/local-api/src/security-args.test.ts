/**
 * Security of the local service, against the real running service: a caller's browser `args` can
 * run nothing (an allow-list; anything else fails the start with -10000 naming the flags, before
 * any process is started or file written), and start pages are http(s) only (create, update and
 * auto-open refuse other schemes; pages stored before that rule do not open).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  browsersOf,
  CHROMIUM,
  hasChromium,
  postWithinLimit,
  startBrowserService,
  startSite,
  until,
  type BrowserService,
} from './test/browser.ts';

let api: BrowserService;
let tmp: string;

beforeAll(async () => {
  api = await startBrowserService();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-security-'));
}, 120_000);
afterAll(async () => {
  const dataDir = api?.service.dataDir;
  await api?.dispose();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (dataDir) expect(browsersOf(dataDir)).toEqual([]);
}, 60_000);

// This file creates more environments than create's 50 a minute: its calls wait for the limit's
// Retry-After (postWithinLimit), so a test may last a minute longer than its own work.
vi.setConfig({ testTimeout: 150_000 });

const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  postWithinLimit(api.service, route, body, headers);

/** The flags a refused start names (the English message). */
function refusedIn(message: string): string[] {
  const match = /^Browser arguments not allowed: (.*)\. Accepted: /.exec(message);
  if (!match) throw new Error(`not a refusal: ${message}`);
  return match[1]!.split(', ');
}

async function info(id: string) {
  const res = await post('/api/v1/session/id_container', {
    Session_ID: id,
    Session_container_type: 1,
  });
  return res.json().data.listcontainer[0];
}

/** A free loopback port (1024 and above). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('browser args: only the allow-list', () => {
  test.each([
    ['--gpu-launcher=/tmp/x.sh', '--gpu-launcher'],
    ['--utility-cmd-prefix=/tmp/x.sh', '--utility-cmd-prefix'],
    ['--browser-subprocess-path=/tmp/x.sh', '--browser-subprocess-path'],
    ['--no-sandbox', '--no-sandbox'],
    ['--remote-debugging-address=0.0.0.0', '--remote-debugging-address'],
    ['--remote-allow-origins=*', '--remote-allow-origins'],
    ['--load-extension=/tmp', '--load-extension'],
    ['-renderer-cmd-prefix=x', '-renderer-cmd-prefix'],
    ['--RENDERER-CMD-PREFIX=x', '--RENDERER-CMD-PREFIX'],
    ['--proxy-server=http://127.0.0.1:1', '--proxy-server'],
    ['--disable-web-security', '--disable-web-security'],
    ['--incognito', '--incognito'],
    ['--remote-debugging-port=80', '--remote-debugging-port=80'],
    ['--window-size=1200,800\n--no-sandbox', '--window-size=1200,800\\n--no-sandbox'],
    ['--mute-audio\u0000', '--mute-audio\\u0000'],
    ['https://example.invalid/', 'https://example.invalid/'],
  ])('%j is refused, named %j, and nothing starts', async (arg, named) => {
    const id = await api.create();
    const res = await post('/api/v1/browser/start', {
      Session_ID: [id],
      isHeadless: 1,
      args: [arg],
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: -10000, data: null });
    expect(refusedIn(res.json().message)).toEqual([named]);
    expect((await api.status([id])).listcontainer[0]).toMatchObject({
      Session_ID: id,
      status: 0,
      Session_Actived: 0,
    });
    expect(fs.existsSync(path.join(api.service.dataDir, 'sessions', id, 'profile'))).toBe(false);
  });

  test('a flag given twice is refused; an unknown id does not get past the args check', async () => {
    const res = await post('/api/v1/browser/start', {
      Session_ID: ['ghost'],
      args: ['--mute-audio', '--mute-audio'],
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({
      code: -10000,
      message: 'Browser arguments given more than once: --mute-audio',
    });
    const zh = await post(
      '/api/v1/browser/start',
      { Session_ID: ['ghost'], args: ['--mute-audio', '--mute-audio'] },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.json().message).toBe('浏览器启动参数重复：--mute-audio');
  });
});

describe('start pages: http and https only', () => {
  const BAD = [
    'file:///etc/passwd',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'chrome://settings',
    'chrome-extension://abcdefghijklmnop/x.html',
    'view-source:https://example.invalid/',
    'about:blank',
    'ftp://example.invalid/',
    'www.example.invalid',
    'https://',
    'https://exa\u0000mple.invalid/',
  ];

  test.each(BAD)('create and update refuse %j', async (url) => {
    for (const value of [url, ['https://example.invalid/', url]]) {
      const created = await post('/api/v1/session/create', {
        Automatic_Configure: 0,
        HomePage_url: value,
      });
      expect(created.status).toBe(400);
      expect(created.json()).toMatchObject({
        code: -10000,
        message: expect.stringMatching(/^Invalid parameter: HomePage_url/),
      });
    }
    const id = await api.create({ HomePage_url: 'https://example.invalid/kept' });
    const updated = await post('/api/v1/session/update', { Session_ID: id, HomePage_url: url });
    expect(updated.status).toBe(400);
    expect(updated.json()).toMatchObject({
      code: -10000,
      message: expect.stringMatching(/^Invalid parameter: HomePage_url/),
    });
    expect((await info(id)).HomePage_url).toEqual(['https://example.invalid/kept']);
  });

  test('an https page is accepted on create and update; http too', async () => {
    const id = await api.create({ HomePage_url: 'https://example.invalid/' });
    expect((await info(id)).HomePage_url).toEqual(['https://example.invalid/']);
    const updated = await post('/api/v1/session/update', {
      Session_ID: id,
      HomePage_url: ['http://example.invalid/a', 'HTTPS://example.invalid/b'],
    });
    expect(updated.json()).toMatchObject({ code: 0 });
    expect((await info(id)).HomePage_url).toEqual([
      'http://example.invalid/a',
      'HTTPS://example.invalid/b',
    ]);
  });

  test('auto-open add and update refuse other schemes; a stored one can still be removed', async () => {
    const id = await api.create({ HomePage_url: 'https://example.invalid/' });
    const add = await post('/api/v1/session/auto_open/add', {
      Session_ID: [id],
      StartPage: 'file:///etc/passwd',
    });
    expect(add.status).toBe(400);
    expect(add.json()).toMatchObject({ code: -10000, message: 'Invalid parameter: StartPage' });
    const update = await post('/api/v1/session/auto_open/update', {
      Session_ID: [id],
      OldStartPage: 'https://example.invalid/',
      NewStartPage: 'javascript:alert(1)',
    });
    expect(update.status).toBe(400);
    expect(update.json()).toMatchObject({
      code: -10000,
      message: 'Invalid parameter: NewStartPage',
    });
    expect((await info(id)).HomePage_url).toEqual(['https://example.invalid/']);

    // A page stored before the rule (written straight into the store) can be replaced or deleted.
    legacyPages(id, ['file:///etc/passwd', 'chrome://settings']);
    const replaced = await post('/api/v1/session/auto_open/update', {
      Session_ID: [id],
      OldStartPage: 'file:///etc/passwd',
      NewStartPage: 'https://example.invalid/new',
    });
    expect(replaced.json()).toMatchObject({ code: 0 });
    const deleted = await post('/api/v1/session/auto_open/delete', {
      Session_ID: [id],
      StartPage: 'chrome://settings',
    });
    expect(deleted.json()).toMatchObject({ code: 0 });
    expect((await info(id)).HomePage_url).toEqual(['https://example.invalid/new']);
  });
});

/** Replaces an environment's start pages in the store itself (pages of an older version). */
function legacyPages(id: string, urls: string[]) {
  const db = openSqlite(path.join(api.service.dataDir, 'local-api.sqlite'));
  try {
    db.transaction(() => {
      db.prepare('delete from env_start_page where env_id = ?').run(id);
      urls.forEach((url, position) =>
        db
          .prepare('insert into env_start_page (env_id, position, url, flag) values (?, ?, ?, 1)')
          .run(id, position, url),
      );
    })();
  } finally {
    db.close();
  }
}

if (!hasChromium && !process.env.CI) {
  console.warn(`security tests with a browser skipped: no Chromium at ${CHROMIUM}`);
}

describe.skipIf(!hasChromium)('security with a real browser', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  test('--renderer-cmd-prefix runs nothing: -10000 in English and Chinese, no marker, no process', async () => {
    const marker = path.join(tmp, 'pwned');
    const script = path.join(tmp, 'prefix.sh');
    fs.writeFileSync(script, `#!/bin/sh\ntouch '${marker}'\nexec "$@"\n`, { mode: 0o755 });
    const id = await api.create();
    const body = {
      Session_ID: [id],
      isHeadless: 1,
      args: ['--no-zygote', `--renderer-cmd-prefix=${script}`],
    };

    const en = await post('/api/v1/browser/start', body);
    expect(en.status).toBe(400);
    expect(en.json()).toMatchObject({ code: -10000, data: null });
    expect(refusedIn(en.json().message)).toEqual(['--no-zygote', '--renderer-cmd-prefix']);
    expect(en.json().message).not.toContain(script);

    const zh = await post('/api/v1/browser/start', body, { 'accept-language': 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.json().code).toBe(-10000);
    expect(zh.json().message).toMatch(
      /^不允许的浏览器启动参数：--no-zygote, --renderer-cmd-prefix。可用的参数：/,
    );

    // No browser at the answer; and once another environment has started and drawn a page (a
    // renderer ran), a renderer of the refused start, had it been launched, would have too.
    expect(browsersOf(api.service.dataDir)).toEqual([]);
    const other = await api.create();
    try {
      const item = await api.startOne(other);
      const browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      });
      try {
        const page = await browser.newPage();
        await page.goto(`${site.url}/ok`);
        expect(await page.evaluate('document.readyState')).toBe('complete');
      } finally {
        await browser.disconnect();
      }
    } finally {
      await api.kill([other]);
    }
    await until(() => browsersOf(api.service.dataDir).length === 0, 10_000, 'no processes');
    expect(fs.existsSync(marker)).toBe(false);
    expect(browsersOf(api.service.dataDir)).toEqual([]);
    expect((await api.status([id])).listcontainer[0]).toMatchObject({ Session_Actived: 0 });
    expect((await api.status()).listcontainer).toEqual([]);
  }, 30_000);

  test('allowed flags start and are echoed in Session_Args', async () => {
    const id = await api.create();
    const port = await freePort();
    const args = ['--window-size=1200,800', '--mute-audio', `--remote-debugging-port=${port}`];
    try {
      const item = await api.startOne(id, { args });
      expect(item).toMatchObject({ status: 0, Session_Args: args, browser_CDP_Port: port });
      const cmdline = fs
        .readFileSync(`/proc/${item.Session_ProcessID}/cmdline`, 'utf8')
        .split('\0');
      expect(cmdline).toContain('--window-size=1200,800');
      expect(cmdline).toContain('--mute-audio');
      // The port is the service's DevTools endpoint (devtools-proxy.ts); Chromium opens none.
      expect(cmdline).not.toContain(`--remote-debugging-port=${port}`);
      expect((await api.status([id])).listcontainer[0]).toMatchObject({ Session_Args: args });
    } finally {
      await api.kill([id]);
    }
    await until(() => browsersOf(api.service.dataDir).length === 0, 10_000, 'no processes');
  }, 60_000);

  test('stored start pages of other schemes do not open', async () => {
    const id = await api.create();
    legacyPages(id, ['file:///etc/passwd', 'chrome://version', `${site.url}/ok`]);
    try {
      const item = await api.startOne(id);
      expect(item.StartPage).toBe(`${site.url}/ok`);
      const browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      });
      try {
        await until(
          async () => (await browser.pages()).some((p) => p.url() === `${site.url}/ok`),
          10_000,
          'the http start page',
        );
        // Start pages open one after another, each navigation committed before the next tab:
        // the http one is last, so the others, had they been kept, are open by now.
        const urls = (await browser.pages()).map((p) => p.url());
        expect(urls.filter((url) => !/^(https?:|about:blank$)/.test(url))).toEqual([]);
        expect(urls.filter((url) => url !== 'about:blank')).toEqual([`${site.url}/ok`]);
      } finally {
        await browser.disconnect();
      }
    } finally {
      await api.kill([id]);
    }
  }, 60_000);
});
