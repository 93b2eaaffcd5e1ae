import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, from the same source as chromium;
 * installed by .ci/run): what Playwright drives for headless tests by default. The same engine
 * without the browser's own interface, which a test of our pages never uses and which cost every
 * browser context about twice the CPU (e2e/site-shell: 23 CPU-s in full Chromium, 12 here).
 * HEADLESS_SHELL_PATH overrides. The environments the tests start run the full Chromium, as users'.
 */
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/**
 * Without the shell, the full Chromium: it then must not preload the address bar's web-page
 * suggestion list for every window (a renderer's CPU per context), and a second
 * `--disable-features` replaces Playwright's own list whole (Chromium keeps the last switch), so
 * ours repeats Playwright's (its chromiumSwitches.ts). `chromium.test.ts` checks both.
 */
const FULL_CHROMIUM_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

let warned = false;

/** The browser the end-to-end tests drive: the headless shell, or else the full Chromium. */
export function launchChromium(options: { full?: boolean } = {}): Promise<Browser> {
  const shell = !options.full && fs.existsSync(HEADLESS_SHELL_PATH);
  if (!shell && !options.full && !warned) {
    warned = true;
    console.warn(
      `*** no Chromium headless shell at ${HEADLESS_SHELL_PATH}: the tests drive the full Chromium, ` +
        'at about twice the CPU (apt-get install chromium-headless-shell) ***',
    );
  }
  return chromium.launch({
    executablePath: shell ? HEADLESS_SHELL_PATH : CHROMIUM_PATH,
    // The flags this machine needs: no sandbox as root, no calls home on a closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(shell ? [] : [`--disable-features=${FULL_CHROMIUM_DISABLED_FEATURES.join(',')}`]),
    ],
  });
}
