/**
 * Two cloud instances on different ports that share nothing but PostgreSQL, Redis and an S3
 * bucket (docs/running-at-scale.md), each started as the server starts (`startCloud` with its own
 * environment and data folder), called over real HTTP as through one reverse proxy (TRUST_PROXY=1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MainCodes, RATE_LIMIT_SIGNIN_PER_MINUTE } from '@hainiao/contract';
import { parseS3 } from './config.ts';
import { publishRelease } from './modules/content/publish.ts';
import { openStores } from './storage/stores.ts';
import { startTestS3, type TestS3 } from '@hainiao/testkit/s3';
import { runAdmin } from './admin.ts';
import { SIGNIN_FAILURES_PER_ACCOUNT } from './security/account-limit.ts';
import { startCloud } from './server.ts';
import { postgresUp, TEST_POSTGRES_URL } from './test/databases.ts';
import { PNG_1X1 } from './test/files.ts';
import { clearRedisPrefix, redisUp, testRedisPrefix, TEST_REDIS_URL } from './test/redis.ts';

type Cloud = Awaited<ReturnType<typeof startCloud>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Answer = { status: number; code: number; msg: string; data?: any };

const PASSWORD = 'correct-horse-7';
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let clientIp = 1;
/** A client address of its own, as the reverse proxy reports it. */
const freshIp = () => `198.51.${(clientIp >> 8) & 255}.${clientIp++ & 255}`;

describe.skipIf(!postgresUp || !redisUp)('two cloud instances', () => {
  const schema = `t_scale_${randomBytes(5).toString('hex')}`;
  const redisPrefix = testRedisPrefix();
  const dataDirs: string[] = [];
  let s3: TestS3;
  let env: NodeJS.ProcessEnv;
  let one: Cloud;
  let two: Cloud;

  beforeAll(async () => {
    s3 = await startTestS3();
    env = {
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST: '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: TEST_POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      SECRET_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      ...s3.env,
    };
    const instance = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-scale-'));
      dataDirs.push(dataDir);
      return { ...env, DATA_DIR: dataDir };
    };
    // Started together: they take turns for migrations and seeds (withStartupLock).
    [one, two] = await Promise.all([startCloud(instance()), startCloud(instance())]);
  });

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await s3?.stop();
    await clearRedisPrefix(redisPrefix);
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function call(
    cloud: Cloud,
    name: string,
    fields: Record<string, string>,
    ip = freshIp(),
  ): Promise<Answer> {
    const form = new FormData();
    for (const [k, v] of Object.entries({ inweb: '1', lang: 'en', ...fields })) form.append(k, v);
    const res = await fetch(`${cloud.url}/api/hainiao/${name}`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': ip },
    });
    return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
  }

  const admin = async (...argv: string[]) => {
    let out = '';
    await runAdmin(argv, { ...env, DATA_DIR: dataDirs[0] }, (line: string) => (out += `${line}\n`));
    return out;
  };

  async function createAccount(name: string) {
    await admin(
      'account:create',
      '--account',
      name,
      '--email',
      `${name}@example.com`,
      '--password',
      PASSWORD,
    );
  }

  /** A console session, signed in through `cloud`. */
  async function session(cloud: Cloud, name: string): Promise<string> {
    const link = await admin('clienttoken', '--account', name);
    const clienttoken = decodeURIComponent(/token=([^&\s]+)/.exec(link)?.[1] ?? '');
    const status = await call(cloud, 'status', { clienttoken });
    expect(status.code, status.msg).toBe(0);
    return status.data.user_info.token as string;
  }

  test('both are ready: database, Redis and S3 answer each', async () => {
    for (const cloud of [one, two]) {
      const res = await fetch(`${cloud.url}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', redis: 'ok', s3: 'ok' },
      });
    }
    expect(one.port).not.toBe(two.port);
  });

  test('the per-IP sign-in limit counts the calls of both', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMIT_SIGNIN_PER_MINUTE; i++) {
      // A different unknown name each time: only the per-IP limit can trip.
      const res = await call(
        i % 2 ? one : two,
        'signin',
        { Account: `nobody${i}`, password: 'x-wrong-1' },
        ip,
      );
      expect(res.code, res.msg).toBe(401);
    }
    for (const cloud of [one, two]) {
      const res = await call(
        cloud,
        'signin',
        { Account: 'nobody-else', password: 'x-wrong-1' },
        ip,
      );
      expect(res.status).toBe(429);
      expect(res.code).toBe(429);
    }
    // Another client is not affected.
    expect(
      (await call(one, 'signin', { Account: 'nobody-else', password: 'x-wrong-1' })).code,
    ).toBe(401);
  });

  test('the per-account sign-in limit counts failures made through both', async () => {
    await createAccount('shared');
    for (let i = 0; i < SIGNIN_FAILURES_PER_ACCOUNT.max; i++) {
      const res = await call(i % 2 ? one : two, 'signin', {
        Account: 'shared',
        password: 'wrong-password',
      });
      expect(res.code, res.msg).toBe(401);
    }
    for (const cloud of [one, two]) {
      const res = await call(cloud, 'signin', { Account: 'shared', password: PASSWORD });
      expect(res.status).toBe(429);
    }
  });

  test('a device lease taken through one is refused to another device through the other', async () => {
    await createAccount('leaser');
    const out = await admin('credential:create', '--account', 'leaser');
    const credential = {
      Account: 'leaser',
      APP_ID: /app_id\s+(\S+)/.exec(out)?.[1] ?? '',
      APP_KEY: /app_key\s+(\S+)/.exec(out)?.[1] ?? '',
    };
    const taken = await call(one, 'apilogin', { ...credential, device: 'device-a' });
    expect(taken.code, taken.msg).toBe(0);
    const refused = await call(two, 'apilogin', { ...credential, device: 'device-b' });
    expect(refused.code).toBe(MainCodes.code.APP_ID_ONLINE);
    // The lease holder keeps it alive through either instance.
    const beat = await call(two, 'apiheartbeat', { token: taken.data.token, device: 'device-a' });
    expect(beat.code, beat.msg).toBe(0);
  });

  test('an attachment uploaded through one is downloaded through the other', async () => {
    await createAccount('attacher');
    const token = await session(one, 'attacher');
    const bytes = Buffer.concat([PNG_1X1, randomBytes(200_000)]);
    const form = new FormData();
    form.append('inweb', '1');
    form.append('lang', 'en');
    form.append('token', token);
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'shot.png');
    const uploaded = (await (
      await fetch(`${one.url}/api/hainiao/workorderupload`, { method: 'POST', body: form })
    ).json()) as Answer;
    expect(uploaded.code, uploaded.msg).toBe(0);
    const download = await fetch(`${two.url}${uploaded.data.filepath as string}`);
    expect(download.status).toBe(200);
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(bytes));
    // Nothing went to either instance's disk.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
  });

  test('a release published into the bucket is offered and served by both', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-scale-release-'));
    dataDirs.push(folder);
    const program = path.join(folder, 'program');
    const bytes = randomBytes(64 * 1024);
    fs.writeFileSync(program, bytes);
    const stores = openStores({ dataDir: folder, s3: parseS3(env) });
    try {
      await publishRelease(stores.releases, {
        version: '0.7.0',
        files: [{ system: 'windows-x64', path: program }],
      });
    } finally {
      stores.close();
    }
    for (const cloud of [one, two]) {
      // Each instance reuses the bucket's index a few seconds (release-catalog.ts).
      await expect.poll(async () => (await call(cloud, 'version', {})).data).toBe('0.7.0');
      const res = await fetch(`${cloud.url}/downloads/hainiao-0.7.0-windows-x64.exe`);
      expect(res.status).toBe(200);
      expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(bytes));
    }
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'releases'))).toBe(false);
  });

  test('a session signed out on one is refused on the other', async () => {
    await createAccount('leaving');
    const token = await session(one, 'leaving');
    expect((await call(two, 'workorderlist', { token })).code).toBe(0);
    const out = await call(one, 'signout', { token });
    expect(out.code, out.msg).toBe(0);
    const refused = await call(two, 'workorderlist', { token });
    expect(refused.code).toBe(401);
  });
});
