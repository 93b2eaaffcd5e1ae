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
import { startSystem } from './run-system.ts';

/**
 * The whole system as `npm start` runs it, on free ports with a throw-away data folder; on
 * SQLite (default) or on a throw-away PostgreSQL schema (the server of TEST_POSTGRES_URL).
 */
export async function startTestSystem(options: { database?: 'sqlite' | 'postgres' } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-e2e-'));
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  const cloudEnv: Record<string, string> =
    options.database === 'postgres'
      ? { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema }
      : {};
  const system = await startSystem({
    cloudPort: 0,
    localApiPort: 0,
    dataDir,
    cloudEnv,
    webDist: builtSite(),
  });
  return {
    ...system,
    /** The system's data folder, for the operators' command (`runAdmin` with DATA_DIR). */
    dataDir,
    /** The environment the operators' command needs to work on this system's store. */
    adminEnv: { DATA_DIR: dataDir, SITE_URL: system.cloud.url, ...cloudEnv },
    async stop() {
      await system.stop();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      if (options.database === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
  };
}
