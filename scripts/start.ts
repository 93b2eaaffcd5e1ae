/**
 * `npm start`: builds the site, the environment manager and the programs when needed, then runs
 * the cloud and the local API (which serves the manager) on their ports.
 */
import path from 'node:path';
import { CLOUD_PORT, LOCAL_API_HOST, LOCAL_API_PORT } from '@hainiao/contract';
import { buildProgramsIfStale } from '@hainiao/testkit/build-programs';
import { buildSiteAndManagerIfStale } from '@hainiao/testkit/build-site';
import { repoRoot, startSystem, WEB_DIST } from './system.ts';

await Promise.all([buildSiteAndManagerIfStale(), buildProgramsIfStale()]);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, 'data'));
const localApiPort = Number(process.env.HAINIAO_API_PORT ?? LOCAL_API_PORT);
const system = await startSystem({
  cloudPort: Number(process.env.PORT ?? CLOUD_PORT),
  localApiPort,
  dataDir,
  echo: true,
  // The console's manager link, until the local service reports its own at login: the one
  // started here (on a port of its choosing, 0, only its report can tell).
  cloudEnv:
    process.env.MANAGER_URL || localApiPort === 0
      ? {}
      : { MANAGER_URL: `http://${LOCAL_API_HOST}:${localApiPort}/` },
  // The site just built, unless WEB_DIST names another folder ('' serves none).
  webDist: process.env.WEB_DIST ?? WEB_DIST,
});

console.log(`
Hainiao is running.
  Site (English)  ${system.cloud.url}/
  Site (Chinese)  ${system.cloud.url}/zh
  Cloud API       ${system.cloud.url}/api/hainiao/…
  Environments    ${system.localApi.url}/  (the manager: sign in with a credential from the console)
  Local API       ${system.localApi.url}  (log in with a credential from the console: POST /login; see docs/local-api.md)
  Data folder     ${dataDir}
Press Ctrl+C to stop.
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void system.stop().then(() => process.exit(0)));
}
// The cloud is the heart of `npm start`: if it stops, stop everything. The local API may be quit on
// its own (/api/v1/quit) while the site keeps running.
system.cloud.child.once('exit', (code) => void system.stop().then(() => process.exit(code ?? 1)));
