/**
 * The local API's envwatch call against a real cloud (issue 24 item 11): answers at once when a
 * change is waiting, wakes on a push made while it waits, and the caller's signal ends the wait.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { chunkClient } from './chunks.ts';
import { cloudClient } from './client.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let cloud: TestCloud;
let client: ReturnType<typeof cloudClient>;
let token: string;

beforeAll(async () => {
  cloud = await startTestCloud();
  client = cloudClient(cloud.url);
  const credential = await cloud.account('client_watch');
  token = (await client.login({ ...credential, device: 'watch-pc' }, 'en')).token;
});
afterAll(async () => {
  await cloud?.stop();
});

test('envWatch answers a waiting change at once, wakes on a push, and stops on its signal', async () => {
  const since = (await client.envPull(token, 0, 'en')).cursor;
  const waiting = client.envWatch(token, 'watch-pc', since, 'en');
  const body = Buffer.from(
    JSON.stringify({
      v: 1,
      env: {
        name: 'watched',
        description: '',
        group: 'default',
        system: 'Windows',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0.0.0 Safari/537.36',
        proxyType: 'noproxy',
        proxyIp: '',
        createdAt: 1,
      },
      settings: {},
      startPages: [],
      plugins: [],
      scripts: [],
      usage: { cookies: [], fingerprint: null, updatedAt: 1, profile: null },
    }),
  );
  // Pushed right after the watch went out: whether it arrived before or after, it answers.
  const env_id = 'cd'.repeat(16);
  const pushed = await client.envPush(
    token,
    { device: 'watch-pc', env_id, base_version: 0, hash: sha(body) },
    body,
    'en',
  );
  expect(pushed.version).toBe(1);
  const woke = await waiting;
  expect(woke.changed).toBe(true);
  expect(woke.cursor).toBeGreaterThan(since);
  expect(await client.envWatch(token, 'watch-pc', since, 'en')).toEqual(woke);

  const controller = new AbortController();
  const held = client.envWatch(token, 'watch-pc', woke.cursor, 'en', controller.signal);
  controller.abort();
  await expect(held).rejects.toMatchObject({ name: 'AbortError' });
});

test('the client and its chunk client say when the cloud last answered; a cloud away never does', async () => {
  // What a logout measures an upload's progress by (account/auth.ts).
  const fresh = cloudClient(cloud.url);
  expect(fresh.answeredAt()).toBe(0);
  const before = Date.now();
  // A refusal is an answer too.
  await expect(fresh.envPull('not-a-token', 0, 'en')).rejects.toThrow();
  expect(fresh.answeredAt()).toBeGreaterThanOrEqual(before);

  const away = cloudClient('http://127.0.0.1:9', 2_000);
  await expect(away.envPull(token, 0, 'en')).rejects.toThrow(/cannot reach/);
  expect(away.answeredAt()).toBe(0);

  const noted = cloudClient(cloud.url);
  const chunks = chunkClient({ base: cloud.url, token: () => token, onAnswer: noted.noteAnswer });
  expect(await chunks.missing([sha(Buffer.from('a chunk'))])).toHaveLength(1);
  expect(noted.answeredAt()).toBeGreaterThanOrEqual(before);
});
