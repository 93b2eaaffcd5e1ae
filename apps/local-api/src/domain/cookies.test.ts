/**
 * Cookies stored while an environment runs (issue 24, item 10), in real Chromium through the local
 * API over HTTP: every door that stores cookies puts them into the running browser at once (or
 * refuses and stores nothing), and a stop merges the browser's jar with the store — cookies stored
 * during the run and cookies sites set during the run are both kept, the newer winning per cookie.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  type BrowserService,
} from '../test/browser.ts';

let api: BrowserService;
let site: { url: string; close: () => Promise<void> };

/**
 * A site on loopback: /set?name=value answers Set-Cookie name=value (a login made during the
 * run); any other path answers the Cookie header it received.
 */
async function startCookieSite() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/set') {
      for (const [name, value] of url.searchParams) {
        response.appendHeader('set-cookie', `${name}=${value}; Max-Age=86400; Path=/`);
      }
    }
    response.setHeader('content-type', 'text/plain');
    response.end(request.headers.cookie ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cookie = (name: string, value: string) => ({
  name,
  value,
  domain: '127.0.0.1',
  path: '/',
  expirationDate: 2_000_000_000,
});

/** The environment's stored cookies, as name=value, sorted. */
async function stored(id: string): Promise<string[]> {
  const res = await api.service.post('/api/v1/session/id_container', {
    Session_ID: [id],
    Session_container_type: 1,
  });
  const list = res.json().data.listcontainer[0].Cookie as { name: string; value: string }[];
  return list.map((c) => `${c.name}=${c.value}`).sort();
}

/** What the page's document sees, as name=value, sorted. */
const seen = async (page: Page): Promise<string[]> =>
  ((await page.evaluate('document.cookie')) as string).split('; ').filter(Boolean).sort();

/** A started (headless) environment with a page open on the site. */
async function running(fields: Record<string, unknown> = {}) {
  const id = await api.create(fields);
  const item = await api.startOne(id);
  const browser: Browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
  });
  const page = await browser.newPage();
  await page.goto(`${site.url}/`);
  return {
    id,
    page,
    /** Ends the browser (a headless one is killed; its cookies are saved as at a stop). */
    async end() {
      await browser.disconnect();
      expect(await api.kill([id])).toEqual([{ Session_ID: id, status: 0 }]);
    },
  };
}

/** session/update's Cookie field as the manager sends it: the stored list with the new ones. */
async function updateWith(id: string, cookies: ReturnType<typeof cookie>[]) {
  const res = await api.service.post('/api/v1/session/id_container', {
    Session_ID: [id],
    Session_container_type: 1,
  });
  const current = res.json().data.listcontainer[0].Cookie as unknown[];
  return api.service.post('/api/v1/session/update', {
    Session_ID: id,
    Cookie: [...current, ...cookies],
  });
}

describe.skipIf(!hasChromium)('cookies stored while an environment runs', () => {
  beforeAll(async () => {
    api = await startBrowserService();
    site = await startCookieSite();
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 60_000);

  const three = [cookie('one', '1'), cookie('two', '2'), cookie('three', '3')];

  const doors: [string, (id: string) => Promise<{ code: number; text: string }>][] = [
    [
      'import-cookie',
      async (id) => {
        const file = path.join(api.service.dataDir, `import-${id}.json`);
        fs.writeFileSync(file, JSON.stringify(three));
        const res = await api.service.post('/api/v1/session/import-cookie', {
          Session_ID: id,
          Cookie_File: file,
        });
        return { code: res.json().code, text: res.text };
      },
    ],
    [
      "session/update (the manager's import)",
      async (id) => {
        const res = await updateWith(id, three);
        return { code: res.json().code, text: res.text };
      },
    ],
    [
      'the AdsPower-compatible user/update',
      async (id) => {
        const res = await api.service.post('/api/v1/user/update', { user_id: id, cookie: three });
        return { code: res.json().code, text: res.text };
      },
    ],
  ];

  test.each(doors)(
    '%s: the page sees the three cookies at once, and the stop keeps them',
    async (_, store) => {
      const env = await running();
      try {
        const answer = await store(env.id);
        expect(answer.code, answer.text).toBe(0);
        // At once: the call answered after the cookies were in the browser.
        expect(await seen(env.page)).toEqual(['one=1', 'three=3', 'two=2']);
        await env.page.goto(`${site.url}/echo`);
        expect(
          ((await env.page.evaluate('document.body.innerText')) as string).split('; ').sort(),
        ).toEqual(['one=1', 'three=3', 'two=2']);
      } finally {
        await env.end();
      }
      expect(await stored(env.id)).toEqual(['one=1', 'three=3', 'two=2']);
    },
    90_000,
  );

  test("a site's cookie and a cookie stored during the run are both kept at the stop", async () => {
    const env = await running();
    try {
      await env.page.goto(`${site.url}/set?login=site`);
      const res = await api.service.post('/api/v1/session/update', {
        Session_ID: env.id,
        Cookie: [cookie('api', 'stored')],
      });
      expect(res.json().code, res.text).toBe(0);
      expect(await seen(env.page)).toEqual(['api=stored', 'login=site']);
    } finally {
      await env.end();
    }
    expect(await stored(env.id)).toEqual(['api=stored', 'login=site']);
  }, 90_000);

  test('the same cookie changed by the site and through the API: the newer wins', async () => {
    const env = await running({
      Cookie: [cookie('first', 'created'), cookie('second', 'created')],
    });
    try {
      // first: the site, then the API (the API's is newer).
      await env.page.goto(`${site.url}/set?first=site`);
      const res = await updateWith(env.id, [cookie('first', 'api')]);
      expect(res.json().code, res.text).toBe(0);
      expect(await seen(env.page)).toEqual(['first=api', 'second=created']);
      // second: the API, then the site (the site's is newer).
      const again = await updateWith(env.id, [cookie('second', 'api')]);
      expect(again.json().code, again.text).toBe(0);
      await env.page.goto(`${site.url}/set?second=site`);
      expect(await seen(env.page)).toEqual(['first=api', 'second=site']);
    } finally {
      await env.end();
    }
    expect(await stored(env.id)).toEqual(['first=api', 'second=site']);
  }, 90_000);

  test('a stop keeps what the store says of cookies the browser left alone', async () => {
    // Windowed and stopped (not killed): the profile keeps its cookies between runs, so a cookie
    // deleted from the store while stopped is still in the browser at the next start.
    const id = await api.create({ Cookie: [cookie('old', '1'), cookie('also', '1')] });
    const run = async (visit: string) => {
      const item = await api.startOne(id, { isHeadless: 0 });
      const browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      });
      try {
        const page = await browser.newPage();
        await page.goto(`${site.url}${visit}`);
        return await seen(page);
      } finally {
        await browser.disconnect();
        expect(await api.stop([id])).toEqual([{ Session_ID: id, status: 0 }]);
      }
    };
    expect(await run('/')).toEqual(['also=1', 'old=1']);
    const cleared = await api.service.post('/api/v1/session/update', {
      Session_ID: id,
      Cookie: [cookie('also', '1')],
    });
    expect(cleared.json().code, cleared.text).toBe(0);
    // The site sets a cookie of its own: the run changed that one, not "old".
    expect(await run('/set?fresh=1')).toContain('old=1');
    expect(await stored(id)).toEqual(['also=1', 'fresh=1']);
  }, 90_000);

  test('a cookie the running browser refuses: the call answers why and stores nothing', async () => {
    const env = await running({ Session_Name: 'before', Cookie: [cookie('kept', '1')] });
    // The store's own rules let both pass. Chromium answers an error for a __Host- cookie without
    // Secure, and drops a SameSite=None one without Secure silently (then the cookie changed in
    // the same call is put back as it was).
    const refusals = [
      { ...cookie('__Host-token', 'x'), secure: false },
      { ...cookie('cross', 'x'), sameSite: 'no_restriction', secure: false },
    ];
    try {
      for (const refused of refusals) {
        for (const [lang, text] of [
          ['en', /running browser of environment .* refused them/],
          ['zh', /正在运行的浏览器拒绝了/],
        ] as const) {
          const res = await api.service.post(
            '/api/v1/session/update',
            { Session_ID: env.id, Session_Name: 'after', Cookie: [cookie('kept', '2'), refused] },
            { 'accept-language': lang },
          );
          expect(res.json()).toMatchObject({ code: -14, message: expect.stringMatching(text) });
        }
      }
      const info = await api.service.post('/api/v1/session/id_container', {
        Session_ID: [env.id],
        Session_container_type: 1,
      });
      expect(info.json().data.listcontainer[0].Session_Name).toBe('before');
      expect(await stored(env.id)).toEqual(['kept=1']);
      expect(await seen(env.page)).toEqual(['kept=1']);
    } finally {
      await env.end();
    }
    expect(await stored(env.id)).toEqual(['kept=1']);
  }, 90_000);
});
