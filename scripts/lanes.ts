/**
 * The test lanes: which test files run in which vitest project (`vitest.config.ts`).
 *
 * - unit: no network server, no database, no browser — fast, runs anywhere.
 * - integration: real SQLite/PostgreSQL/Redis, HTTP servers on loopback, the cloud, the local API
 *   without a browser.
 * - browser: real Chromium (a file that launches it is browser even if it also uses SQLite).
 * - e2e: the whole system, as a user drives it.
 *
 * Most folders hold one lane; the local API and the cloud mix them, and their files cannot be
 * renamed to a convention, so those are listed here. `scripts/lanes.test.ts` checks that every
 * test file of the repository is in exactly one lane, and that files launching Chromium are not
 * in the unit or integration lane.
 */

export const LANE_NAMES = ['unit', 'integration', 'browser', 'e2e'] as const;
export type Lane = (typeof LANE_NAMES)[number];

export interface LaneFiles {
  include: string[];
  exclude: string[];
}

/** Test files that launch Chromium. */
const BROWSER_FILES = [
  'apps/local-api/src/crash-restart.test.ts',
  'apps/local-api/src/domain/cookies.test.ts',
  'apps/local-api/src/domain/profile-sync.test.ts',
  'apps/local-api/src/adapters/mcp/mcp.test.ts',
  'apps/local-api/src/adapters/v1/self-check.test.ts',
  'apps/local-api/src/adapters/adspower/compat-adspower-browser.test.ts',
  'apps/local-api/src/adapters/v1/start-status-codes.test.ts',
  'apps/local-api/src/adapters/v1/start-defaults.test.ts',
  'apps/local-api/src/runtime/browser.test.ts',
  'apps/local-api/src/runtime/detection.test.ts',
  'apps/local-api/src/runtime/devtools/devtools-endpoint.test.ts',
  'apps/local-api/src/runtime/devtools/devtools-proxy.test.ts',
  'apps/local-api/src/runtime/devtools/devtools-traceless.test.ts',
  'apps/local-api/src/runtime/profile/extensions.test.ts',
  'apps/local-api/src/runtime/fingerprint/fingerprint.test.ts',
  'apps/local-api/src/runtime/geolocation.test.ts',
  'apps/local-api/src/runtime/proxy/proxy.test.ts',
  'apps/local-api/src/runtime/settings-browser.test.ts',
  'apps/local-api/src/runtime/settings-effects.test.ts',
  'apps/local-api/src/runtime/stealth.test.ts',
  'apps/local-api/src/runtime/launch/virtual-display.test.ts',
  'apps/local-api/src/runtime/webrtc.test.ts',
  'apps/local-api/src/security-args.test.ts',
  'apps/local-api/src/security-library.test.ts',
  'apps/local-api/src/security-share-profile.test.ts',
  'apps/local-api/src/sync-model.test.ts',
  'apps/local-api/src/sync-start.test.ts',
  // The browser the end-to-end tests drive.
  'packages/testkit/src/chromium.test.ts',
  // The packaged program, started on Chromium.
  'scripts/package.test.ts',
  // The lie detector on bare Chromium, wherever its folder ends up.
  'apps/local-api/**/lie-detector/**/*.test.ts',
];

/** Test files of the apps' server folders that need no server, database or browser. */
const APP_UNIT_FILES = [
  'apps/local-api/src/account/auth.test.ts',
  'apps/local-api/src/data-folder.test.ts',
  'apps/local-api/src/domain/self-check.test.ts',
  'apps/local-api/src/runtime/profile/cookies.test.ts',
  'apps/local-api/src/runtime/fingerprint/font-levers.test.ts',
  'apps/local-api/src/runtime/fingerprint/geolocation-setup.test.ts',
  'apps/local-api/src/runtime/devtools/instrument.test.ts',
  'apps/local-api/src/runtime/launch/launch.test.ts',
  'apps/local-api/src/runtime/launch/singleton-folder.test.ts',
  'apps/local-api/src/runtime/devtools/media-block.test.ts',
  'apps/local-api/src/runtime/devtools/page-scripts.test.ts',
  'apps/local-api/src/runtime/profile/profile.test.ts',
  'apps/local-api/src/runtime/running-info.test.ts',
  'apps/local-api/src/runtime/fingerprint/user-agent.test.ts',
  'apps/local-api/src/adapters/mcp/mcp-docs.test.ts',
  'apps/local-api/src/adapters/v1/views.test.ts',
];

/** Test files of the web app that talk to a real HTTP server on loopback. */
const WEB_INTEGRATION_FILES = ['apps/web/src/api/cloud.test.ts'];

/** Test files of the shared packages that open real databases. */
const PACKAGE_INTEGRATION_FILES = ['packages/sqlite/src/index.test.ts'];

/** Test files of the repository's scripts that run a program and a cloud (no Chromium). */
const SCRIPT_INTEGRATION_FILES = ['scripts/package-windows.test.ts'];

export const LANES: Record<Lane, LaneFiles> = {
  unit: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/manager/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      ...APP_UNIT_FILES,
    ],
    exclude: [
      ...WEB_INTEGRATION_FILES,
      ...PACKAGE_INTEGRATION_FILES,
      ...SCRIPT_INTEGRATION_FILES,
      ...BROWSER_FILES,
    ],
  },
  integration: {
    include: [
      'apps/cloud/src/**/*.test.ts',
      'apps/local-api/src/**/*.test.ts',
      ...WEB_INTEGRATION_FILES,
      ...PACKAGE_INTEGRATION_FILES,
      ...SCRIPT_INTEGRATION_FILES,
    ],
    exclude: [...APP_UNIT_FILES, ...BROWSER_FILES],
  },
  browser: { include: BROWSER_FILES, exclude: [] },
  e2e: { include: ['e2e/**/*.test.ts'], exclude: [] },
};

/** The lanes named by `--project` arguments (all of them when none is named). */
export function lanesOf(args: readonly string[]): Lane[] {
  const named: string[] = [];
  args.forEach((arg, i) => {
    if (arg === '--project') named.push(args[i + 1] ?? '');
    else if (arg.startsWith('--project=')) named.push(arg.slice('--project='.length));
  });
  if (named.length === 0) return [...LANE_NAMES];
  return LANE_NAMES.filter((lane) => named.includes(lane));
}
