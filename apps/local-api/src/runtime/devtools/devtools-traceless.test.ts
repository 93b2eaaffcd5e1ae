/**
 * The DevTools port hides automation (devtools-traceless.ts): a page that watches for the traces
 * detectors read — `Runtime.enable` (a logged Error's `name` is read once more), library source URLs
 * and Playwright's helper in a stack trace — sees none of them while stock Puppeteer and Playwright
 * drive it through the port of an environment started by the service, in frames, workers and
 * across navigations. Started with Raw_DevTools 1, the same page sees them (the control). Nor do a
 * page's values change when a client attaches (another system's navigator.platform).
 */
import { chromium } from 'playwright-core';
import puppeteer, { type WebWorker } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  startSite,
  type BrowserService,
} from '../../test/browser.ts';

/** The traces, each noted once in `window.leaks`; `window.probe()` reads its caller's stack. */
const DETECTOR = `<!doctype html><title>detector</title>
<script>
  window.leaks = [];
  window.checks = 0;
  const note = (what) => { if (!leaks.includes(what)) leaks.push(what); };
  // Chromium reads a logged Error's name once for its own console; once more for each client
  // with Runtime enabled (its description is built for the client).
  setInterval(() => {
    let reads = 0;
    const error = new Error('probe');
    Object.defineProperty(error, 'name', { configurable: true, get() { reads += 1; return 'Error'; } });
    console.debug(error);
    if (reads > 1) note('Runtime.enable');
    window.checks += 1;
  }, 20);
  window.probe = () => {
    const stack = new Error().stack || '';
    for (const mark of ['pptr:', '__puppeteer', '__playwright', 'UtilityScript']) {
      if (stack.includes(mark)) note(mark);
    }
    return location.pathname;
  };
  const query = Document.prototype.querySelector;
  Document.prototype.querySelector = function (selector) { window.probe(); return query.call(this, selector); };
</script>
<h1>detector</h1>
<button onclick="this.textContent = 'clicked'">press</button>
<iframe srcdoc="<p>inside</p><script>window.inner = 'frame world'</script>"></iframe>`;

/** Reports the page's navigator.platform to the site (read in the site's log). */
const PLATFORM = `<!doctype html><title>platform</title>
<script>fetch('/seen?' + encodeURIComponent(navigator.platform + '|' + location.search.slice(1)));</script>`;

const WORKER = `self.onmessage = () => {}; self.workerValue = 'worker world';`;
const WITH_WORKER = `<!doctype html><title>worker</title><script>window.worker = new Worker('/worker.js');</script>`;

let api: BrowserService;
let site: Awaited<ReturnType<typeof startSite>>;

/** What the page noticed once its console check (every 20 ms) has run five times more. */
async function leaksOf(page: { evaluate(script: string): Promise<unknown> }): Promise<unknown> {
  const from = (await page.evaluate('window.checks')) as number;
  await expect.poll(() => page.evaluate('window.checks')).toBeGreaterThanOrEqual(from + 5);
  return page.evaluate('window.leaks');
}

describe.skipIf(!hasChromium)('the DevTools port without automation traces', () => {
  beforeAll(async () => {
    api = await startBrowserService();
    site = await startSite({
      '/detect': DETECTOR,
      '/worker.js': WORKER,
      '/worker': WITH_WORKER,
      '/platform': PLATFORM,
      '/seen': 'ok',
    });
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 120_000);

  test('stock Puppeteer: no trace; pages, frames, workers and navigations still work', async () => {
    const id = await api.create();
    const { browser_CDP_Port: port } = await api.startOne(id);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await browser.newPage();
      // Before any navigation: the first document's main world is reported too.
      expect(await page.evaluate('6 * 7')).toBe(42);
      await page.goto(`${site.url}/detect`);
      expect(await page.evaluate('window.probe()')).toBe('/detect');
      expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('detector');
      await page.click('button');
      expect(await page.evaluate("document.querySelector('button').textContent")).toBe('clicked');
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      await frame.waitForFunction('window.inner');
      expect(await frame.evaluate('window.inner')).toBe('frame world');
      expect(await leaksOf(page)).toEqual([]);

      // A new document: its contexts are reported again.
      await page.goto(`${site.url}/worker`);
      const worker = await new Promise<WebWorker>((resolve) => {
        const found = page.workers()[0];
        if (found) resolve(found);
        else page.once('workercreated', resolve);
      });
      await expect.poll(() => worker.evaluate('self.workerValue')).toBe('worker world');
      await page.goto(`${site.url}/detect?again`);
      expect(await page.title()).toBe('detector');
      expect(await leaksOf(page)).toEqual([]);
      await page.close();
    } finally {
      await browser.disconnect();
      await api.kill([id]);
    }
  }, 90_000);

  test('stock Playwright: no trace; locators, frames and navigations still work', async () => {
    const id = await api.create();
    const { browser_CDP_Port: port } = await api.startOne(id);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${site.url}/detect`);
      expect(await page.evaluate('window.probe()')).toBe('/detect');
      await page.locator('button').click();
      expect(await page.locator('button').innerText()).toBe('clicked');
      expect(await page.frameLocator('iframe').locator('p').innerText()).toBe('inside');
      expect(await page.frames()[1]!.evaluate('window.inner')).toBe('frame world');
      expect(await leaksOf(page)).toEqual([]);
      await page.goto(`${site.url}/detect?again`);
      expect(await page.locator('h1').innerText()).toBe('detector');
      expect(await page.evaluate("document.querySelector('h1').textContent")).toBe('detector');
      expect(await leaksOf(page)).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
      await api.kill([id]);
    }
  }, 90_000);

  test('with Raw_DevTools 1 the same page sees the automation', async () => {
    const id = await api.create();
    const { browser_CDP_Port: port } = await api.startOne(id, { Raw_DevTools: 1 });
    const pptr = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await pptr.newPage();
      await page.goto(`${site.url}/detect`);
      await page.evaluate('window.probe()');
      const leaks = await leaksOf(page);
      expect(leaks).toContain('Runtime.enable');
      expect(leaks).toContain('pptr:');
      await page.close();
    } finally {
      await pptr.disconnect();
    }
    const pw = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const page = await pw.contexts()[0]!.newPage();
      await page.goto(`${site.url}/detect`);
      await page.evaluate('window.probe()');
      expect(await leaksOf(page)).toEqual(
        expect.arrayContaining(['Runtime.enable', 'UtilityScript']),
      );
    } finally {
      await pw.close();
      await api.kill([id]);
    }
  }, 90_000);

  test("another system's navigator.platform stays the same whoever attaches: before Puppeteer, in a page it opens, a page it reloads", async () => {
    const id = await api.create({ SystemOS: 'Windows' });
    await api.service.post('/api/v1/session/auto_open/add', {
      Session_ID: [id],
      StartPage: `${site.url}/platform?start`,
    });
    const { browser_CDP_Port: port } = await api.startOne(id);
    const seen = (label: string) =>
      site.log
        .filter(
          (r) => r.url.startsWith('/seen?') && r.url.endsWith(encodeURIComponent(`|${label}`)),
        )
        .map((r) => decodeURIComponent(r.url.slice('/seen?'.length)).split('|')[0]);
    // The start page ran before any client attached.
    await expect.poll(() => seen('start')).toEqual(['Win32']);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/platform?opened`);
      await expect.poll(() => seen('opened')).toEqual(['Win32']);
      expect(await page.evaluate('navigator.platform')).toBe('Win32');
      // The start tab, reloaded while Puppeteer is attached to it.
      const start = (await browser.pages()).find((p) => p.url().endsWith('?start'))!;
      await start.goto(`${site.url}/platform?reloaded`);
      await expect.poll(() => seen('reloaded')).toEqual(['Win32']);
    } finally {
      await browser.disconnect();
    }
    // And a page opened after the client has gone.
    const again = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await again.newPage();
      await page.goto(`${site.url}/platform?later`);
      await expect.poll(() => seen('later')).toEqual(['Win32']);
    } finally {
      await again.disconnect();
      await api.kill([id]);
    }
  }, 90_000);
});
