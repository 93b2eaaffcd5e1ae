/**
 * A real cloud for black-box tests (of the local API, of the documentation's examples):
 * `startCloud` in this process on a free loopback port with its own data folder and no site;
 * accounts and credentials made with the operators' command.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdmin } from '@hainiao/cloud/admin';
import { publishRelease, type Release } from '@hainiao/cloud/modules/content/publish.ts';
import { diskStore } from '@hainiao/cloud/storage/files.ts';
import { startCloud } from '@hainiao/cloud/server';
import pg from 'pg';
import { TEST_POSTGRES_URL } from './postgres-url.ts';

/** The id the cloud gives a seeded library script (e.g. `scroll-to-bottom`). */
export { scriptId } from '@hainiao/content';

/**
 * On SQLite (default) or on a throw-away schema of the test PostgreSQL (TEST_POSTGRES_URL).
 * `pause()` and `resume()` stop it and start it again on the same port and data (a cloud that
 * was away).
 */
export async function startTestCloud(options: { database?: 'sqlite' | 'postgres' } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-cloud-'));
  const schema = `cloud_${randomBytes(5).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: '',
    LOG_LEVEL: 'silent',
    ...(options.database === 'postgres'
      ? { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema }
      : {}),
  };
  let cloud: Awaited<ReturnType<typeof startCloud>> | undefined = await startCloud(env);
  env.PORT = String(cloud.port);
  const url = `http://127.0.0.1:${cloud.port}`;
  const admin = async (args: string[]) => {
    let out = '';
    await runAdmin(args, env, (line: string) => (out += `${line}\n`));
    return out;
  };

  /** POST of a cloud call as the site sends it (multipart, inweb=1, lang). */
  async function call(name: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ inweb: '1', lang: 'en', ...fields })) form.append(k, v);
    const res = await fetch(`${url}/api/hainiao/${name}`, { method: 'POST', body: form });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
    return (await res.json()) as { code: number; msg: string; data?: any };
  }

  return {
    url,
    env,
    dataDir,
    call,
    /** An account (package until `expire`, YYYY-MM-DD) with one API credential. */
    async account(name: string, options: { expire?: string; teamOf?: string } = {}) {
      await admin([
        'account:create',
        '--account',
        name,
        '--email',
        `${name}@example.com`,
        '--password',
        'correct-horse-7',
        ...(options.expire ? ['--expire', options.expire] : []),
        ...(options.teamOf ? ['--team-of', options.teamOf] : []),
      ]);
      const out = await admin(['credential:create', '--account', name]);
      const appId = /app_id\s+(\S+)/.exec(out)?.[1] ?? '';
      const appKey = /app_key\s+(\S+)/.exec(out)?.[1] ?? '';
      return { Account: name, APP_ID: appId, APP_KEY: appKey };
    },
    /** A console session token of `name` (as /route obtains it from a one-time client token). */
    async consoleToken(name: string): Promise<string> {
      const link = await admin(['clienttoken', '--account', name]);
      const clienttoken = decodeURIComponent(/token=([^&\s]+)/.exec(link)?.[1] ?? '');
      const status = await call('status', { clienttoken });
      return status.data.user_info.token as string;
    },
    /** The operators' command on this cloud (`npm run admin -- …`); answers what it printed. */
    admin,
    /** Publishes a client version into this cloud's release store, as `npm run package` does. */
    publish: (release: Release) =>
      publishRelease(diskStore(path.join(dataDir, 'releases')), release),
    /** Stops the cloud (callers then see it unreachable) until `resume()`. */
    async pause() {
      await cloud?.stop();
      cloud = undefined;
    },
    async resume() {
      cloud ??= await startCloud(env);
    },
    async stop() {
      await cloud?.stop();
      cloud = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (options.database === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
  };
}
export type TestCloud = Awaited<ReturnType<typeof startTestCloud>>;
