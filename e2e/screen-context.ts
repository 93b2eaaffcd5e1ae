import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';

/**
 * A browser context for the site's signed-in screens (console, tickets, team, sign-in) as their
 * end-to-end files open them: 1280 × 900, and the system's reduced-motion setting, which those
 * screens honour as the manager does (no click then waits on a button's spinner or a dialog still
 * animating out on a loaded machine).
 */
export function screenContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    ...options,
  });
}
