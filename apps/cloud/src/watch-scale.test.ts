/**
 * Changes arrive live across cloud instances (issue 24 item 11): two instances that share only
 * PostgreSQL and Redis, started as the server starts; a watcher held on one is woken by a push and
 * by a share made on the other, through Redis pub/sub.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { runAdmin } from './admin.ts';
import { startCloud } from './server.ts';
import { form } from './test/app.ts';
import { postgresUp, TEST_POSTGRES_URL } from './test/databases.ts';
import { clearRedisPrefix, redisUp, testRedisPrefix, TEST_REDIS_URL } from './test/redis.ts';
import { snapshotOf } from './test/sync-client.ts';

type Cloud = Awaited<ReturnType<typeof startCloud>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Answer = { code: number; msg: string; data?: any };

/** A cloud call on a connection of its own (no keep-alive left to hold the instance's stop). */
function call(
  cloud: Cloud,
  name: string,
  fields: Record<string, string>,
  file?: { name: string; text: string },
): Promise<Answer> {
  const built = form({ inweb: '1', lang: 'en', ...fields });
  const { headers } = built;
  let { payload } = built;
  if (file) {
    const boundary = /boundary=(.+)$/.exec(headers['content-type']!)![1]!;
    payload = payload.replace(
      `--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="f"\r\n` +
        `Content-Type: application/json\r\n\r\n${file.text}\r\n--${boundary}--\r\n`,
    );
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${cloud.url}/api/hainiao/${name}`,
      { method: 'POST', headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => (text += piece));
        res.on('end', () => resolve(JSON.parse(text) as Answer));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe.skipIf(!postgresUp || !redisUp)('envwatch across two cloud instances', () => {
  const schema = `t_watch_${randomBytes(5).toString('hex')}`;
  const redisPrefix = testRedisPrefix();
  const dataDirs: string[] = [];
  let env: NodeJS.ProcessEnv;
  let one: Cloud;
  let two: Cloud;

  beforeAll(async () => {
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
      METRICS_TOKEN: 'watch-scale-metrics-token',
    };
    const instance = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-watch-'));
      dataDirs.push(dataDir);
      return { ...env, DATA_DIR: dataDir };
    };
    [one, two] = await Promise.all([startCloud(instance()), startCloud(instance())]);
  });

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await clearRedisPrefix(redisPrefix);
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const admin = async (...argv: string[]) => {
    let out = '';
    await runAdmin(argv, { ...env, DATA_DIR: dataDirs[0] }, (line: string) => (out += `${line}\n`));
    return out;
  };

  /** An account with a credential, logged in on `cloud` as a local API: its lease token. */
  async function device(cloud: Cloud, name: string): Promise<string> {
    await admin(
      'account:create',
      '--account',
      name,
      '--email',
      `${name}@example.com`,
      '--password',
      'correct-horse-7',
    );
    const out = await admin('credential:create', '--account', name);
    const login = await call(cloud, 'apilogin', {
      Account: name,
      APP_ID: /app_id\s+(\S+)/.exec(out)?.[1] ?? '',
      APP_KEY: /app_key\s+(\S+)/.exec(out)?.[1] ?? '',
      device: `${name}-pc`,
    });
    expect(login.code, login.msg).toBe(0);
    return login.data.token as string;
  }

  /** A watch held on `cloud` for `token` after its current cursor. */
  async function holdWatch(cloud: Cloud, token: string) {
    const since = (await call(cloud, 'envpull', { token, since: '0' })).data.cursor as number;
    const answer = call(cloud, 'envwatch', { token, device: 'watcher-pc', since: String(since) });
    // Held there before anything changes, so that only the fan-out can wake it in time.
    await vi.waitFor(async () => {
      const res = await fetch(`${cloud.url}/metrics`, {
        headers: { authorization: 'Bearer watch-scale-metrics-token', connection: 'close' },
      });
      expect(await res.text()).toMatch(/^hainiao_sync_watchers 1$/m);
    });
    return { since, answer };
  }

  test('a share and a push made on one instance wake a watcher held on the other within a second', async () => {
    const alice = await device(one, 'watch_a');
    const bob = await device(two, 'watch_b');
    const envId = 'ab'.repeat(16);
    const push = (version: number, name: string) => {
      const text = JSON.stringify(snapshotOf(name));
      return call(
        one,
        'envpush',
        {
          token: alice,
          device: 'watch_a-pc',
          env_id: envId,
          base_version: String(version),
          hash: createHash('sha256').update(text).digest('hex'),
        },
        { name: 'body', text },
      );
    };
    expect((await push(0, 'live')).code).toBe(0);

    // Bob's machine (on instance two) waits; alice shares on instance one.
    const shareWatch = await holdWatch(two, bob);
    const sharedAt = Date.now();
    expect((await call(one, 'envshare', { token: alice, env_id: envId, to: 'watch_b' })).code).toBe(
      0,
    );
    const shared = await shareWatch.answer;
    expect(shared.data.changed).toBe(true);
    expect(shared.data.cursor).toBeGreaterThan(shareWatch.since);
    expect(Date.now() - sharedAt).toBeLessThan(1000);

    // Then alice changes it on instance one: bob's next watch on two wakes.
    const pushWatch = await holdWatch(two, bob);
    const pushedAt = Date.now();
    expect((await push(1, 'changed')).code).toBe(0);
    const pushed = await pushWatch.answer;
    expect(pushed.data.changed).toBe(true);
    expect(Date.now() - pushedAt).toBeLessThan(1000);
    const pulled = await call(two, 'envpull', { token: bob, since: String(pushWatch.since) });
    expect(pulled.data.changes.map((c: { env_id: string }) => c.env_id)).toEqual([envId]);
  });
});
