/**
 * The lie detector proves itself on bare Chromium: no findings and no differences between the six
 * realms of /lies; then three classic patches (a Proxy-wrapped getter behind a Proxy-wrapped
 * Function.prototype.toString, a noisy toDataURL, a getter changed in the page only) are caught.
 *
 * Pages are opened without puppeteer's page machinery (visit.ts): puppeteer enables the Runtime
 * domain on every page it attaches to, which the detector's `cdp-runtime` check sees (Chromium
 * 156 formats a logged Error's stack through Error.prepareStackTrace then). The contexts of these
 * tests are filtered out of puppeteer's auto-attach.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, hasChromium, startSite } from '../browser.ts';
import { allFindings, crossScopeMismatches } from './compare.ts';
import { lieDetectorPages } from './pages.ts';
import { visitLies } from './visit.ts';

const SCOPES = ['window', 'iframe', 'oopif', 'dedicated', 'shared', 'service'];

/** The classic disguise: a Proxy around a getter, and a Proxy'd toString that hides it. */
const PROXY_WRAPPED = `(() => {
  const descriptor = Object.getOwnPropertyDescriptor(Navigator.prototype, 'hardwareConcurrency');
  const getter = new Proxy(descriptor.get, {
    apply: (target, self, args) => Reflect.apply(target, self, args),
  });
  Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { ...descriptor, get: getter });
  const disguised = new WeakMap([[getter, 'function get hardwareConcurrency() { [native code] }']]);
  const toString = new Proxy(Function.prototype.toString, {
    apply: (target, self, args) =>
      disguised.has(self) ? disguised.get(self) : Reflect.apply(target, self, args),
  });
  disguised.set(toString, 'function toString() { [native code] }');
  Object.defineProperty(Function.prototype, 'toString', { value: toString });
})();`;

/** Canvas noise the plain way: a replaced toDataURL that flips low bits on a copy. */
const NOISY_TO_DATA_URL = `(() => {
  const original = HTMLCanvasElement.prototype.toDataURL;
  HTMLCanvasElement.prototype.toDataURL = function toDataURL(...args) {
    const copy = document.createElement('canvas');
    copy.width = this.width;
    copy.height = this.height;
    const ctx = copy.getContext('2d');
    ctx.drawImage(this, 0, 0);
    if (copy.width && copy.height) {
      const image = ctx.getImageData(0, 0, copy.width, copy.height);
      for (let i = 0; i < image.data.length; i += 4 * 7) image.data[i] ^= 1;
      ctx.putImageData(image, 0, 0);
    }
    return original.apply(copy, args);
  };
})();`;

/** A value changed in the top page only (frames and workers still tell the truth), by a script
 * that leaves a global behind. */
const PAGE_ONLY = `if (window === window.top) {
  Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {
    get() {
      return 64;
    },
  });
  window.__shimConfig = { hardwareConcurrency: 64 };
}`;

if (!hasChromium && !process.env.CI) {
  console.warn(`lie detector tests skipped: no Chromium at ${CHROMIUM}`);
}

describe.skipIf(!hasChromium)('lie detector on bare Chromium', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startSite>>;
  // Browser contexts that puppeteer must not attach to (and so not enable Runtime in).
  const quiet = new Set<string>();

  beforeAll(async () => {
    site = await startSite(lieDetectorPages());
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox'],
      targetFilter: (target) => !quiet.has(target.browserContext()?.id ?? ''),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** Opens /lies in a fresh context, after `init` if given, and reads its report. */
  async function visit(init?: string) {
    const context = await browser.createBrowserContext();
    quiet.add(context.id!);
    try {
      return await visitLies(browser, site.url, {
        browserContextId: context.id!,
        ...(init ? { init } : {}),
      });
    } finally {
      await context.close();
      quiet.delete(context.id!);
    }
  }

  test('bare Chromium: no lies, every realm agrees', async () => {
    const { reports, targets } = await visit();
    expect(Object.keys(reports).sort()).toEqual([...SCOPES].sort());
    for (const scope of SCOPES) {
      expect(reports[scope]?.scope).toBe(scope);
      expect(reports[scope]?.values.userAgent).toMatch(/Chrome\/\d+/);
    }
    // The cross-site frame really is another process: Chromium lists it as a target of its own.
    expect(targets.some((t) => t.type === 'iframe' && t.url.includes('/lies/frame'))).toBe(true);

    expect(allFindings(reports)).toEqual([]);
    // Measured on Chromium 156: Notification.permission is "denied" in a cross-origin iframe
    // (notifications cannot be asked for there) and "default" in the top window.
    delete reports.oopif!.values.notificationPermission;
    expect(crossScopeMismatches(reports)).toEqual([]);
  }, 60_000);

  test('control: a Proxy-wrapped getter behind a Proxy-wrapped toString', async () => {
    const { reports } = await visit(PROXY_WRAPPED);
    const findings = allFindings(reports);
    const getter = findings.filter((f) => f.startsWith('window: Navigator.hardwareConcurrency '));
    const checks = new Set(getter.map((f) => f.split(' ')[2]));
    // A Proxy forwards a cyclic prototype to its target instead of refusing it, and its apply
    // trap shows in the stack of a foreign-receiver error; the fresh iframe's toString is not
    // disguised.
    expect([...checks]).toEqual(
      expect.arrayContaining(['proto-cycle', 'reflect-setproto', 'stack', 'iframe-toString']),
    );
    const toString = findings.filter((f) => f.startsWith('window: Function.prototype.toString '));
    expect(toString.map((f) => f.split(' ')[2])).toEqual(
      expect.arrayContaining(['proto-cycle', 'reflect-setproto']),
    );
    // The workers were not patched: no finding there.
    expect(findings.filter((f) => /^(dedicated|shared|service):/.test(f))).toEqual([]);
  }, 60_000);

  test('control: a replaced toDataURL that adds noise', async () => {
    const { reports } = await visit(NOISY_TO_DATA_URL);
    const findings = allFindings(reports).filter((f) =>
      f.startsWith('window: HTMLCanvasElement.toDataURL '),
    );
    expect(findings.map((f) => f.split(' ')[2])).toEqual(
      expect.arrayContaining(['toString', 'prototype', 'own-keys', 'class-extends', 'noise']),
    );
  }, 60_000);

  test('control: a getter changed in the page only', async () => {
    const { reports } = await visit(PAGE_ONLY);
    expect(reports.window?.values.hardwareConcurrency).toBe(64);
    const mismatches = crossScopeMismatches(reports);
    expect(mismatches.some((m) => m.startsWith('hardwareConcurrency: '))).toBe(true);
    const real = reports.dedicated!.values.hardwareConcurrency;
    expect(real).not.toBe(64);
    expect(mismatches).toContain(`hardwareConcurrency: window 64 ≠ iframe ${real}`);
    expect(allFindings(reports)).toEqual(
      expect.arrayContaining([
        'window: Navigator.hardwareConcurrency toString get() {\n      return 64;\n    }',
        `window: Navigator.hardwareConcurrency iframe-value window 64 vs fresh iframe ${real}`,
        'window: window globals __shimConfig',
      ]),
    );
  }, 60_000);
});
