import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { startSystem } from '../../../scripts/system.ts';

/** Debian's Chromium (installed by .ci/run); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // The flags this machine needs: no sandbox as root, no calls home on a closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** PostgreSQL for end-to-end runs on the scaled-out store (the same server the cloud suite uses). */
const E2E_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The whole system as `npm start` runs it, on free ports with a throw-away data folder; on
 * SQLite (default) or on a throw-away PostgreSQL schema.
 */
export async function startTestSystem(options: { database?: 'sqlite' | 'postgres' } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-e2e-'));
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  const cloudEnv: Record<string, string> =
    options.database === 'postgres'
      ? { DATABASE_URL: E2E_POSTGRES_URL, DATABASE_SCHEMA: schema }
      : {};
  const system = await startSystem({ cloudPort: 0, localApiPort: 0, dataDir, cloudEnv });
  return {
    ...system,
    /** The system's data folder, for the operators' command (`runAdmin` with DATA_DIR). */
    dataDir,
    /** The environment the operators' command needs to work on this system's store. */
    adminEnv: { DATA_DIR: dataDir, SITE_URL: system.cloud.url, ...cloudEnv },
    async stop() {
      await system.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (options.database === 'postgres') {
        const client = new pg.Client({ connectionString: E2E_POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
  };
}
