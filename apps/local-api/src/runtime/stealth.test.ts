/**
 * No lie detector can catch an environment: the lie detector (test/lie-detector/) runs in the
 * page, a same-origin iframe, a cross-site (out-of-process) iframe, and dedicated, shared and
 * service workers of real environments started through the local API — on the host's system,
 * headless and with a window, with FingerPrint_Setting 1,1,1,1 and 0,0,0,0 — and finds nothing:
 * no replaced function, no noise, no DevTools trace, and every value the same in every realm.
 *
 * Controls (a suite that cannot fail proves nothing): the opt-in scripted noise (FingerPrint_Noise
 * 1) is caught, and a system other than the host's shows exactly the page/worker differences its
 * start answer lists. The detector itself is proven on bare Chromium in detector.test.ts.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  allFindings,
  crossScopeMismatches,
  type LieReports,
} from '../test/lie-detector/compare.ts';
import { lieDetectorPages } from '../test/lie-detector/pages.ts';
import { visitLies } from '../test/lie-detector/visit.ts';
import { canShowWindows } from './launch/virtual-display.ts';
import {
  browsersOf,
  CHROMIUM,
  hasChromium,
  startBrowserService,
  startSite,
  type BrowserService,
} from '../test/browser.ts';

const SCOPES = ['window', 'iframe', 'oopif', 'dedicated', 'shared', 'service'];

/**
 * What bare Chromium itself shows differently between realms (detector.test.ts measures it):
 * Notification.permission is "denied" in a cross-origin iframe, which cannot ask.
 */
function withoutNativeDifferences(reports: LieReports): LieReports {
  delete reports.oopif?.values.notificationPermission;
  return reports;
}

let api: BrowserService;
let site: Awaited<ReturnType<typeof startSite>>;

/** Starts an environment, reads the detector's reports in a new tab of its default context. */
async function detect(fields: Record<string, unknown>, start: Record<string, unknown> = {}) {
  const id = await api.create(fields);
  const item = await api.startOne(id, start);
  const browser: Browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
    // Puppeteer attaches to nothing but the browser: its page sessions would enable Runtime.
    targetFilter: (target) => target.type() === 'browser',
  });
  try {
    const { reports, targets } = await visitLies(browser, site.url);
    return { item, reports, targets };
  } finally {
    await browser.disconnect();
    await api.kill([id]);
  }
}

if (!hasChromium && !process.env.CI)
  console.warn(`stealth tests skipped: no Chromium at ${CHROMIUM}`);

describe.skipIf(!hasChromium)('stealth: the lie detector on real environments', () => {
  beforeAll(async () => {
    api = await startBrowserService();
    site = await startSite(lieDetectorPages());
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 120_000);

  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['headless, FingerPrint_Setting 1,1,1,1', { FingerPrint_Setting: '1,1,1,1' }, {}],
    ['headless, FingerPrint_Setting 0,0,0,0', { FingerPrint_Setting: '0,0,0,0' }, {}],
    [
      'headless, a scaled laptop screen, German and Tokyo time',
      { resolution: '1536x864', LanguageCode: 'de', TimeZone: 'Asia/Tokyo' },
      {},
    ],
    [
      'with a window, FingerPrint_Setting 1,1,1,1',
      { FingerPrint_Setting: '1,1,1,1', resolution: '1600x900' },
      { isHeadless: 0 },
    ],
    [
      'with a window, FingerPrint_Setting 0,0,0,0',
      { FingerPrint_Setting: '0,0,0,0' },
      { isHeadless: 0 },
    ],
  ];

  for (const [name, fields, start] of cases) {
    const windowed = start.isHeadless === 0;
    // A window needs a display or Xvfb for the service's own; under CI their absence fails the run.
    test.skipIf(windowed && !canShowWindows() && !process.env.CI)(
      `the host's system, ${name}: zero findings in every realm`,
      async () => {
        const { item, reports, targets } = await detect(fields, start);
        expect(item.Fingerprint_PageOnly).toEqual([]);
        expect(Object.keys(reports).sort()).toEqual([...SCOPES].sort());
        for (const scope of SCOPES) expect(reports[scope]?.values.userAgent).toBe(item.User_Agent);
        // The cross-site frame ran in a process of its own (an iframe target).
        expect(targets.some((t) => t.type === 'iframe' && t.url.includes('/lies/frame'))).toBe(
          true,
        );
        expect(allFindings(reports)).toEqual([]);
        expect(crossScopeMismatches(withoutNativeDifferences(reports))).toEqual([]);

        // The engine's own client hints in every realm, workers included: no user-agent switch
        // emptied them (a real Chrome answers its architecture, bitness and full version).
        for (const scope of SCOPES) {
          const values = reports[scope]!.values;
          expect(values.architecture, scope).toBe('x86');
          expect(values.bitness, scope).toBe('64');
          expect(values.uaFullVersion, scope).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
        }
        // The screen is the environment's, and the window fits inside it, in every realm that
        // has one (headless and windowed alike run on the service's display sized to it).
        const page = reports.window!.values;
        if (fields.resolution) expect(page.screen).toBe(fields.resolution);
        const size = (text: unknown) => String(text).split(/[x ,]/).map(Number);
        for (const scope of ['window', 'iframe', 'oopif']) {
          const values = reports[scope]!.values;
          const [width, height] = size(values.screen);
          const [outerWidth, outerHeight] = size(values.outerWindow);
          expect(outerWidth, scope).toBeLessThanOrEqual(width!);
          expect(outerHeight, scope).toBeLessThanOrEqual(height!);
          // Less the taskbar: the host's system here, Linux, has a 32 px bar at the top.
          const [availWidth, availHeight, , availTop] = size(values.availScreen);
          expect(
            [availWidth, availHeight, availTop],
            `${scope} (the work area is set with xprop, Debian's x11-utils)`,
          ).toEqual([width, height! - 32, 32]);
        }
        // A desktop, not a server: sites may ask for notifications, and no automation flag.
        expect(page.notificationPermission).toBe('default');
        expect(page.webdriver).toBe(false);
        if (fields.LanguageCode === 'de') {
          expect(page).toMatchObject({
            timeZone: 'Asia/Tokyo',
            language: 'de',
            screen: '1536x864',
          });
        }
      },
      120_000,
    );
  }

  test('control: the opt-in scripted noise is caught (that is why it is opt-in)', async () => {
    const { reports } = await detect({ FingerPrint_Noise: 1 });
    const findings = allFindings(reports);
    // The replaced read-backs, in the page and in the workers.
    expect(findings.some((f) => /^window: HTMLCanvasElement\.toDataURL /.test(f))).toBe(true);
    expect(findings.some((f) => /^window: AudioBuffer\.getChannelData /.test(f))).toBe(true);
    expect(findings.some((f) => / noise /.test(f))).toBe(true);
    expect(findings.some((f) => /^dedicated: OffscreenCanvas\.convertToBlob /.test(f))).toBe(true);
  }, 120_000);

  test("control: another system than the host's differs between page and workers, as the answer says", async () => {
    const { item, reports } = await detect({ SystemOS: 'Windows' });
    expect(item.Fingerprint_PageOnly).toEqual(
      expect.arrayContaining(['navigator.platform', 'navigator.userAgentData.platform']),
    );
    // Only values the answer names differ (the page says Windows, the workers the machine).
    const mismatches = crossScopeMismatches(withoutNativeDifferences(reports));
    expect(mismatches.length).toBeGreaterThan(0);
    const named: Record<string, string> = {
      platform: 'navigator.platform',
      uaPlatform: 'navigator.userAgentData.platform',
      uaMobile: 'navigator.userAgentData.mobile',
      platformVersion: 'navigator.userAgentData high-entropy',
      architecture: 'navigator.userAgentData high-entropy',
      bitness: 'navigator.userAgentData high-entropy',
      uaFullVersion: 'navigator.userAgentData high-entropy',
      fullVersionList: 'navigator.userAgentData high-entropy',
    };
    for (const mismatch of mismatches) {
      const key = mismatch.split(':')[0]!;
      expect(named[key], mismatch).toBeDefined();
      expect(item.Fingerprint_PageOnly.some((value: string) => value.startsWith(named[key]!))).toBe(
        true,
      );
    }
    // No script was involved: still no lie of the function kind.
    expect(allFindings(reports)).toEqual([]);
  }, 120_000);
});
