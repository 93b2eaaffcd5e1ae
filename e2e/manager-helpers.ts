/**
 * What the environment manager's end-to-end files share: a local API call as a script makes it,
 * screenshots at the two widths the issue names (for a review by eye), and a page's errors.
 */
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** The envelope of a local API call (the legacy calls answer status/msg, the v1 ones code/message). */
export interface Envelope {
  code?: number;
  status?: number;
  message?: string;
  msg?: string;
  data: Record<string, unknown>;
}

/** A call to the local API at `base` as a script makes it; answers the envelope. */
export async function localCall(base: string, urlPath: string, body: object = {}) {
  const res = await fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope;
}

/** The same call, expected to succeed: answers its data. */
export async function localData<T = Record<string, unknown>>(
  base: string,
  urlPath: string,
  body: object = {},
): Promise<T> {
  const answer = await localCall(base, urlPath, body);
  expect(answer.code, `${urlPath}: ${answer.message}`).toBe(0);
  return answer.data as T;
}

/**
 * Signs `page` in to the manager at `base` as a user does (signed out first, the browser's
 * storage cleared, English), and waits for the environments page.
 */
export async function signInManager(
  page: Page,
  base: string,
  login: { account: string; appId: string; appKey: string },
) {
  // The page leaves the manager first: a manager page still open would see its calls refused
  // (401, not logged in) once the service signs out behind its back, and log them as errors.
  await page.goto('about:blank');
  await fetch(`${base}/manager/sign-out`, { method: 'POST' });
  // The manager's storage cleared before it loads, not by loading it twice (~1 CPU-s a load).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(base).origin,
    storageTypes: 'local_storage',
  });
  await cdp.detach();
  await page.goto(`${base}/`);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
  await page.getByLabel('Account').fill(login.account);
  await page.getByLabel('APP_ID').fill(login.appId);
  await page.getByLabel('APP_KEY').fill(login.appKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/environments');
}

/**
 * `<name>-1440.png` and `<name>-1024.png` in HAINIAO_SCREENSHOT_DIR, once opening animations have
 * ended, for a review by eye; nothing when it is not set (a picture no one looks at only costs the
 * suite its time).
 */
export async function screenshots(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.HAINIAO_SCREENSHOT_DIR;
  if (!dir) return;
  // (A spinner's endless animation is not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), ...options });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Collects the page's uncaught errors and console errors (prefixed with `label` when given). */
export function recordErrors(page: Page, errors: string[], label?: string) {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(label ? `${label}: ${message.text()}` : message.text());
    }
  });
}

/**
 * A browser context for the manager as its end-to-end files open it: a desktop window, English
 * unless told, and the system's reduced-motion setting, which the manager honours (on a loaded
 * machine an animation's slow frames left a drawer half-way, its buttons never stable for a click).
 */
export function managerContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    reducedMotion: 'reduce',
    ...options,
  });
}
