/**
 * The heavy proof, in one file: served from loopback, @fingerprintjs/botd reports no bot; the
 * open-source @fingerprintjs/fingerprintjs gives 20 different visitor ids for 20 environments
 * created alike (the host's system, default settings) and started with one call, with at least 12
 * canvas hashes and 12 font-preference sets among them, and the same id
 * for one environment across 3 restarts; nothing is left running afterwards. No script changes
 * any value (FingerPrint_Noise is off): the environments differ through native levers only.
 */
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  startSite,
  until,
  type BrowserService,
} from '../test/browser.ts';
import { canShowWindows } from './launch/virtual-display.ts';

const BOTD = `<!doctype html><script type="module">
  import { load } from '/lib/botd.esm.js';
  window.result = load({ monitoring: false }).then((botd) => botd.detect());
</script>`;
const FINGERPRINT = `<!doctype html><script type="module">
  import * as FP from '/lib/fp.esm.js';
  const lib = FP.load ? FP : FP.default;
  window.result = lib.load({ monitoring: false }).then((agent) => agent.get()).then((r) => ({
    visitorId: r.visitorId,
    canvas: lib.hashComponents({ canvas: r.components.canvas }),
    fonts: JSON.stringify(r.components.fontPreferences.value),
  }));
</script>`;

interface FingerprintResult {
  visitorId: string;
  canvas: string;
  fonts: string;
}

let api: BrowserService;
let site: Awaited<ReturnType<typeof startSite>>;

async function resultOn(port: number, path: string): Promise<unknown> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}${path}`);
    await page.waitForFunction('window.result', { timeout: 20_000 });
    return await page.evaluate('window.result');
  } finally {
    await browser.disconnect();
  }
}

describe.skipIf(!hasChromium)('detection', () => {
  beforeAll(async () => {
    api = await startBrowserService();
    site = await startSite({ '/botd': BOTD, '/fp': FINGERPRINT });
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 120_000);

  test('botd reports no bot (headless)', async () => {
    const id = await api.create();
    const item = await api.startOne(id);
    try {
      expect(await resultOn(item.browser_CDP_Port, '/botd')).toEqual({ bot: false });
    } finally {
      await api.kill([id]);
    }
  }, 60_000);

  // A window needs a display or Xvfb for the service's own; under CI their absence fails the run.
  test.skipIf(!canShowWindows() && !process.env.CI)(
    'botd reports no bot (with a window)',
    async () => {
      const id = await api.create();
      const item = await api.startOne(id, { isHeadless: 0 });
      try {
        expect(await resultOn(item.browser_CDP_Port, '/botd')).toEqual({ bot: false });
      } finally {
        await api.kill([id]);
      }
    },
    60_000,
  );

  test('20 environments from one call: 20 visitor ids; one environment keeps its id across restarts', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await api.create());
    const items = await api.start(ids);
    expect(items.map((item) => item.status)).toEqual(ids.map(() => 0));
    const ports = new Set(items.map((item) => item.browser_CDP_Port));
    expect(ports.size).toBe(20);
    expect((await api.status(undefined, 1)).total).toBe(20);

    const results: FingerprintResult[] = [];
    for (let i = 0; i < items.length; i += 4) {
      const batch = items.slice(i, i + 4);
      results.push(
        ...((await Promise.all(
          batch.map((item) => resultOn(item.browser_CDP_Port, '/fp')),
        )) as FingerprintResult[]),
      );
    }
    const visitorIds = results.map((result) => result.visitorId);
    expect(new Set(visitorIds).size).toBe(20);
    // Variety where detectors look hardest, from native levers only (fontconfig per environment).
    const canvases = new Set(results.map((result) => result.canvas)).size;
    const fontSets = new Set(results.map((result) => result.fonts)).size;
    console.log(`20 environments: ${canvases} canvas hashes, ${fontSets} font-preference sets`);
    expect(canvases).toBeGreaterThanOrEqual(12);
    expect(fontSets).toBeGreaterThanOrEqual(12);

    // Killed in one call: nothing left.
    const killed = await api.kill(ids);
    expect(killed.every((entry) => entry.status === 0)).toBe(true);
    await until(() => browsersOf(api.service.dataDir).length === 0, 10_000, 'no processes');

    const one = ids[0]!;
    for (let round = 0; round < 3; round++) {
      const item = await api.startOne(one);
      expect(((await resultOn(item.browser_CDP_Port, '/fp')) as FingerprintResult).visitorId).toBe(
        visitorIds[0],
      );
      await api.kill([one]);
    }
    // 20 browsers and FingerprintJS in each: ~35 s alone, over 240 s beside the suite's other
    // browser files on CI's 2 cores.
  }, 600_000);
});
