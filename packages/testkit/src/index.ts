/**
 * Starters for tests that drive the apps from outside, through their declared entries
 * (`@hainiao/cloud/server`, `@hainiao/cloud/admin`, `@hainiao/local-api/service`):
 * - `startTestCloud`: a cloud in this process on a free port, no site (./cloud);
 * - `runAdmin`: the operators' command on a cloud's store (`adminOf`, `accountWithCredential`:
 *   the same on a started system, ./accounts);
 * - `startTestService`: a local API on a free port (./service);
 * - `startTestSystem`: the whole system as `npm start` runs it, site included (`startTestSite`:
 *   the cloud and its site alone);
 * - `launchChromium`: the browser the end-to-end tests drive.
 * Whether PostgreSQL is up is `@hainiao/testkit/postgres` (it asks the server on import); an
 * S3-compatible server on loopback is `@hainiao/testkit/s3` (`startTestS3`).
 */
export { runAdmin } from '@hainiao/cloud/admin';
export { accountWithCredential, adminOf, TEST_PASSWORD } from './accounts.ts';
export { scriptId, startTestCloud, type TestCloud } from './cloud.ts';
export { call, startTestService, type RawResponse, type TestService } from './service.ts';
export { startTestSite, startTestSystem } from './system.ts';
export { builtSite, buildSiteIfStale } from './build-site.ts';
export { CHROMIUM_PATH, launchChromium } from './chromium.ts';
export { TEST_POSTGRES_URL } from './postgres-url.ts';
