/**
 * Advanced settings as a user of real Chromium notices them (docs/browser-runtime.md, "Settings and
 * what they do in the browser"): GoogleTranslate offers to translate a foreign page (or not),
 * Disable_video stops a video streamed from a URL without an extension in pages, cross-site frames
 * and workers while everything else loads, and restore_on_startup brings last session's tabs back
 * after a stop and a start.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CHROMIUM,
  hasChromium,
  startBrowserService,
  type BrowserService,
} from '../test/browser.ts';

let api: BrowserService;
let site: Awaited<ReturnType<typeof startMediaSite>>;
let previousKey: string | undefined;

const FRENCH = `<!doctype html><html lang="fr"><title>Bonjour</title><p>${'Le chat est sur la table et il regarde les oiseaux dans le jardin pendant que nous mangeons. '.repeat(20)}</p></html>`;

/** What a page (or frame, or worker) sees of the video and of an ordinary resource. */
const PROBE = `async function probe() {
  const get = (url) => fetch(url).then((r) => r.arrayBuffer()).then((b) => b.byteLength, () => 'blocked');
  return { video: await get('/media/clip'), manifest: await get('/media/playlist'), json: await get('/data') };
}`;

const PAGES: Record<string, string> = {
  '/fr': FRENCH,
  '/data': '{"ok":true}',
  '/first': '<!doctype html><title>first</title><img src="/data" width=20 height=20 alt="">',
  '/media/playlist': '#EXTM3U\n#EXT-X-ENDLIST\n',
  '/worker.js': `${PROBE}\nprobe().then((r) => postMessage(r));`,
  '/shared.js': `${PROBE}\nonconnect = (e) => probe().then((r) => e.ports[0].postMessage(r));`,
  '/sw.js': `${PROBE}\naddEventListener('message', (e) => probe().then((r) => e.source.postMessage(r)));`,
  '/frame': `<script>${PROBE}\nprobe().then((r) => parent.postMessage(r, '*'));</script>`,
  // The player: a <video> element on the extensionless stream, a cross-site frame and a worker.
  '/player': `<video id=v src="/media/clip" muted autoplay playsinline></video>
<script>${PROBE}
const other = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
window.result = (async () => {
  const v = document.getElementById('v');
  const played = await new Promise((ok) => {
    v.addEventListener('playing', () => ok('playing'));
    v.addEventListener('error', () => ok('error'));
    setTimeout(() => ok('timeout:' + v.readyState), 8000);
  });
  const frame = new Promise((ok) => addEventListener('message', (e) => ok(e.data), { once: true }));
  const iframe = document.createElement('iframe');
  iframe.src = location.protocol + '//' + other + ':' + location.port + '/frame';
  document.body.append(iframe);
  const worker = new Promise((ok) => { new Worker('/worker.js').onmessage = (e) => ok(e.data); });
  const shared = new Promise((ok) => { new SharedWorker('/shared.js').port.onmessage = (e) => ok(e.data); });
  const service = navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready)
    .then((registration) => new Promise((ok) => {
      navigator.serviceWorker.addEventListener('message', (e) => ok(e.data), { once: true });
      registration.active.postMessage('probe');
    }));
  const within = (promise) => Promise.race([promise, new Promise((ok) => setTimeout(() => ok('timeout'), 10000))]);
  return { played, width: v.videoWidth, page: await probe(), frame: await within(frame),
    worker: await within(worker), shared: await within(shared), service: await within(service) };
})();
</script>`,
};

const TYPES: Record<string, string> = {
  '/data': 'application/json',
  '/media/playlist': 'application/vnd.apple.mpegurl',
  '/worker.js': 'text/javascript',
  '/shared.js': 'text/javascript',
  '/sw.js': 'text/javascript',
};

/** The loopback site: the pages above, and a WebM clip streamed from `/media/clip`. */
async function startMediaSite(clip: Buffer) {
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    served.push(pathname);
    if (pathname === '/media/clip') {
      response.writeHead(200, { 'content-type': 'video/webm', 'content-length': clip.length });
      response.end(clip);
      return;
    }
    response.setHeader('content-type', TYPES[pathname] ?? 'text/html; charset=utf-8');
    response.end(PAGES[pathname] ?? '<!doctype html><title>ok</title><p>ok</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A real two-second WebM, recorded by Chromium itself from a canvas (no fixture, no ffmpeg). */
async function recordClip(): Promise<Buffer> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const [page] = await browser.pages();
    const base64 = (await page!.evaluate(`(async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 120 });
      const g = canvas.getContext('2d');
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((ok) => (recorder.onstop = ok));
      let frame = 0;
      const timer = setInterval(() => { g.fillStyle = frame++ % 2 ? 'red' : 'blue'; g.fillRect(0, 0, 160, 120); }, 40);
      recorder.start(100);
      await new Promise((ok) => setTimeout(ok, 2000));
      recorder.stop();
      await stopped;
      clearInterval(timer);
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    })()`)) as string;
    return Buffer.from(base64, 'base64');
  } finally {
    await browser.close();
  }
}

async function connect(port: number): Promise<Browser> {
  return puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
}

/** The URLs of the browser's tabs (its own view, from the browser target). */
async function tabs(port: number): Promise<string[]> {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${port}`,
    targetFilter: (target) => target.type() === 'browser',
  });
  try {
    const session = await browser.target().createCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    return targetInfos.filter((t) => t.type === 'page').map((t) => t.url);
  } finally {
    await browser.disconnect();
  }
}

/** chrome://translate-internals' decision for a page: its Init Logs row, by column. */
async function translateDecision(internals: Page, url: string) {
  return (await internals.evaluate(`(() => {
    const panel = document.querySelector('#tabpanel-init-logs');
    const head = [...panel.querySelectorAll('thead td, thead th')].map((c) => c.textContent.trim());
    const row = [...panel.querySelectorAll('tbody tr')].find((r) => r.textContent.includes(${JSON.stringify(url)}));
    if (!row) return undefined;
    const cells = [...row.querySelectorAll('td')].map((c) => c.textContent.trim());
    return Object.fromEntries(head.map((h, i) => [h, cells[i]]));
  })()`)) as Record<string, string> | undefined;
}

describe.skipIf(!hasChromium)('advanced settings in the browser', () => {
  beforeAll(async () => {
    // Chromium offers translation only with an API key (a distribution's wrapper exports one);
    // a made-up one is enough for the offer, nothing is translated here.
    previousKey = process.env.GOOGLE_API_KEY;
    process.env.GOOGLE_API_KEY = 'hainiao-test-key';
    site = await startMediaSite(await recordClip());
    api = await startBrowserService();
  }, 120_000);
  afterAll(async () => {
    if (previousKey === undefined) delete process.env.GOOGLE_API_KEY;
    else process.env.GOOGLE_API_KEY = previousKey;
    await api?.dispose();
    await site?.close();
  }, 60_000);

  test('GoogleTranslate 1 offers to translate a French page; 0 does not', async () => {
    const decisions: Record<number, Record<string, string> | undefined> = {};
    for (const googleTranslate of [1, 0]) {
      const id = await api.create({ GoogleTranslate: googleTranslate, LanguageCode: 'en-US' });
      const item = await api.startOne(id, { isHeadless: 0 });
      const browser = await connect(item.browser_CDP_Port);
      try {
        // The internals page logs the decisions taken while it is open.
        const internals = await browser.newPage();
        await internals.goto('chrome://translate-internals');
        const page = await browser.newPage();
        await page.goto(`${site.url}/fr`);
        // Until the page's decision is logged: Chromium logs one with translation off as well.
        const deadline = Date.now() + 15_000;
        let decision: Record<string, string> | undefined;
        do {
          await new Promise((resolve) => setTimeout(resolve, 250));
          decision = await translateDecision(internals, `${site.url}/fr`);
        } while (!decision && Date.now() < deadline);
        decisions[googleTranslate] = decision;
        const prefs = (await internals.evaluate(
          `document.querySelector('#tabpanel-prefs').innerText`,
        )) as string;
        expect(prefs).toContain(`"translate.enabled": ${googleTranslate === 1}`);
      } finally {
        await browser.disconnect();
        await api.stop([id]);
      }
    }
    // 1: the page is French, the user reads English, and the translate UI is shown.
    expect(decisions[1]).toMatchObject({
      'Page lang': 'fr',
      'Target lang': 'en',
      'UI shown': 'true',
      'Should show UI': 'true',
    });
    // 0: the same page, decided not to offer.
    expect(decisions[0]).toMatchObject({
      'Page lang': 'fr',
      'UI shown': 'false',
      'Should show UI': 'false',
      'Is triggering possible': 'false',
    });
  }, 120_000);

  for (const disableVideo of [1, 0]) {
    test(`Disable_video ${disableVideo}: an extensionless video stream ${disableVideo ? 'is blocked' : 'plays'} in pages, frames and workers`, async () => {
      const id = await api.create({ Disable_video: disableVideo, AUTOPLAY_SETTING: 1 });
      const item = await api.startOne(id);
      const browser = await connect(item.browser_CDP_Port);
      try {
        const page = await browser.newPage();
        await page.goto(`${site.url}/player`);
        const result = (await page.evaluate('window.result')) as {
          played: string;
          width: number;
          page: Record<string, unknown>;
          frame: Record<string, unknown>;
          worker: Record<string, unknown>;
          shared: Record<string, unknown>;
          service: Record<string, unknown>;
        };
        const bytes = 2; // '{"ok":true}'.length > 2: any byte count
        if (disableVideo === 1) {
          expect(result.played).toBe('error');
          expect(result.width).toBe(0);
          for (const realm of [
            result.page,
            result.frame,
            result.worker,
            result.shared,
            result.service,
          ]) {
            expect(realm).toMatchObject({ video: 'blocked', manifest: 'blocked' });
            expect(realm.json).toBeGreaterThan(bytes);
          }
        } else {
          expect(result.played).toBe('playing');
          expect(result.width).toBe(160);
          for (const realm of [
            result.page,
            result.frame,
            result.worker,
            result.shared,
            result.service,
          ]) {
            expect(realm.video).toBeGreaterThan(1000);
            expect(realm.manifest).toBeGreaterThan(bytes);
            expect(realm.json).toBeGreaterThan(bytes);
          }
        }
      } finally {
        await browser.disconnect();
        await api.kill([id]);
      }
    }, 90_000);
  }

  // Headless browsers end by kill (stop answers -20); Chromium's session file is written by then.
  const RESTORE_CASES = [
    { restore: 1, headless: 0 },
    { restore: 1, headless: 1 },
    { restore: 0, headless: 0 },
  ];
  for (const { restore, headless } of RESTORE_CASES) {
    const end = headless ? 'kill' : 'stop';
    test(`restore_on_startup ${restore} (${end}): last session's tabs ${restore ? 'come back' : 'do not come back'}, set up like any tab`, async () => {
      const id = await api.create({
        restore_on_startup: restore,
        HomePage_url: `${site.url}/home`,
        ImageInvisible: 1,
      });
      const first = await api.startOne(id, { isHeadless: headless });
      const browser = await connect(first.browser_CDP_Port);
      try {
        for (const route of ['/first', '/second']) {
          const page = await browser.newPage();
          await page.goto(`${site.url}${route}`);
        }
        // Chromium writes its session file a few seconds after a change: until it holds both.
        const sessions = path.join(api.service.dataDir, 'sessions', id, 'profile/Default/Sessions');
        await expect
          .poll(() => {
            const files = fs.existsSync(sessions) ? fs.readdirSync(sessions) : [];
            const written = files.map((f) => fs.readFileSync(path.join(sessions, f), 'latin1'));
            return ['/first', '/second'].every((route) =>
              written.some((w) => w.includes(`${site.url}${route}`)),
            );
          })
          .toBe(true);
      } finally {
        await browser.disconnect();
      }
      expect(await api[end]([id])).toEqual([{ Session_ID: id, status: 0 }]);

      const second = await api.startOne(id, { isHeadless: headless });
      // Until the start page and (1) the restored tabs have loaded.
      const home = `${site.url}/home`;
      const loaded = (urls: string[]) =>
        // A restored tab lists no URL ('') until its navigation commits: not loaded yet either.
        urls.includes(home) &&
        !urls.includes('about:blank') &&
        !urls.includes('') &&
        (restore === 0 || urls.length >= 4);
      let open: string[] = [];
      // Restored tabs load after the start page; a busy machine takes its time (the loop ends early).
      const deadline = Date.now() + 30_000;
      do {
        await new Promise((resolve) => setTimeout(resolve, 500));
        open = await tabs(second.browser_CDP_Port);
      } while (!loaded(open) && Date.now() < deadline);
      // (Chromium opens restored tabs together with the start page: with 0, none came beside it.)
      try {
        if (restore === 1) {
          // The start page, and the last session's three tabs.
          expect(open.filter((url) => url === home)).toHaveLength(2);
          expect(open).toEqual(expect.arrayContaining([`${site.url}/first`, `${site.url}/second`]));
          // A restored tab has the environment's setup too (ImageInvisible hides its image).
          const again = await connect(second.browser_CDP_Port);
          try {
            const restored = (await again.pages()).find((p) => p.url() === `${site.url}/first`);
            expect(
              await restored!.evaluate(
                `getComputedStyle(document.querySelector('img')).visibility`,
              ),
            ).toBe('hidden');
          } finally {
            await again.disconnect();
          }
        } else {
          expect(open).toEqual([home]);
        }
      } finally {
        await api.kill([id]);
      }
    }, 90_000);
  }
});
