/**
 * The whole system for end-to-end tests: the cloud (serving the built site) and the local API as
 * `npm start` runs them (run-system.ts), on free ports with a throw-away data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { builtSite } from './build-site.ts';
import { TEST_POSTGRES_URL } from './postgres-url.ts';
import { startCloudProgram, startSystem, stopProgram, type RunningProgram } from './run-system.ts';

type Database = 'sqlite' | 'postgres';

/** A throw-away data folder and, on PostgreSQL, a throw-away schema for the cloud. */
function throwAwayStore(database: Database | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-e2e-'));
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  const cloudEnv: Record<string, string> =
    database === 'postgres' ? { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema } : {};
  return {
    dataDir,
    cloudEnv,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      if (database === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
  };
}

/**
 * `start` on a throw-away store, which goes when the start fails or at `stop`; with the store's
 * folder and what the operators' command needs to work on it.
 */
async function onThrowAwayStore<T extends { cloud: RunningProgram; stop(): Promise<void> }>(
  database: Database | undefined,
  start: (dataDir: string, cloudEnv: Record<string, string>) => Promise<T>,
) {
  const store = throwAwayStore(database);
  const { dataDir, cloudEnv } = store;
  const started = await start(dataDir, cloudEnv).catch(async (error: unknown) => {
    await store.remove();
    throw error;
  });
  return {
    ...started,
    /** The system's data folder, for the operators' command (`runAdmin` with DATA_DIR). */
    dataDir,
    /** The environment the operators' command needs to work on this system's store. */
    adminEnv: { DATA_DIR: dataDir, SITE_URL: started.cloud.url, ...cloudEnv },
    async stop() {
      await started.stop();
      await store.remove();
    },
  };
}

/**
 * The whole system as `npm start` runs it, on free ports with a throw-away data folder; on
 * SQLite (default) or on a throw-away PostgreSQL schema (the server of TEST_POSTGRES_URL).
 */
export function startTestSystem(options: { database?: Database } = {}) {
  return onThrowAwayStore(options.database, (dataDir, cloudEnv) =>
    startSystem({ cloudPort: 0, localApiPort: 0, dataDir, cloudEnv, webDist: builtSite() }),
  );
}

/**
 * The site alone: the cloud program serving the built site, as in `startTestSystem`, without a
 * local service, for files that drive only the site and the console (a local API they never
 * call would cost each of them a program start).
 */
export function startTestSite(options: { database?: Database } = {}) {
  return onThrowAwayStore(options.database, async (dataDir, cloudEnv) => {
    const cloud = await startCloudProgram({
      cloudPort: 0,
      dataDir,
      cloudEnv,
      webDist: builtSite(),
    });
    return { cloud, stop: () => stopProgram(cloud) };
  });
}
