/**
 * Issue 24 item 11, the cloud's part: envwatch answers at once when the caller has a change to
 * pull, else holds the request and answers as soon as one is committed (a share, an unshare, a
 * push by another account), not for changes the caller does not see; a client that goes away
 * ends its wait, and closing the cloud answers every waiting watcher. Over real HTTP on loopback.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { buildTestApp, form, post } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { envIdOf, leaseOf, pushEnv, snapshotOf } from '../../test/sync-client.ts';

const METRICS_TOKEN = 'watch-metrics';

type WatchAnswer = { code: number; msg: string; data: { cursor: number; changed: boolean } };

/**
 * POST envwatch on its own connection (no keep-alive: a pooled idle connection would hold the
 * app's close until its keep-alive timeout).
 */
function watchCall(
  base: string,
  fields: Record<string, string>,
  signal?: AbortSignal,
): Promise<WatchAnswer> {
  const { payload, headers } = form({ inweb: '1', lang: 'en', ...fields });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/hainiao/envwatch`,
      { method: 'POST', headers, agent: false, ...(signal ? { signal } : {}) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => (text += piece));
        res.on('end', () => resolve(JSON.parse(text) as WatchAnswer));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
const HOLD_MS = 4000;

describeEachDatabase('envwatch', (ctx) => {
  const secret = randomBytes(32);
  let app: FastifyInstance;
  let base: string;
  let alice: string;
  let bob: string;
  let carol: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      secret,
      metricsToken: METRICS_TOKEN,
      syncWatchHoldMs: HOLD_MS,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    alice = await leaseOf(app, ctx.database, secret, 'watch_alice');
    bob = await leaseOf(app, ctx.database, secret, 'watch_bob');
    carol = await leaseOf(app, ctx.database, secret, 'watch_carol');
  });
  afterAll(async () => {
    await app.close();
  });

  /** envwatch over HTTP: the answer and when it came. */
  async function watch(token: string, since: number, signal?: AbortSignal) {
    const fields = { token, device: 'device-w', since: String(since) };
    return { ...(await watchCall(base, fields, signal)), at: Date.now() };
  }

  async function cursorOf(token: string): Promise<number> {
    return (await post(app, 'envpull', { token, since: '0' })).body.data.cursor as number;
  }

  async function watchers(): Promise<number> {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return Number(/^hainiao_sync_watchers (\d+)/m.exec(res.body)?.[1] ?? NaN);
  }

  test('a change already there answers at once; a share by another account wakes the receiver within a second', async () => {
    const env = envIdOf(0x2481);
    expect(
      (await pushEnv(app, alice, { env_id: env, base_version: 0, body: snapshotOf('w') })).code,
    ).toBe(0);
    const at = Date.now();
    const immediate = await watch(alice, 0);
    expect(immediate).toMatchObject({ code: 0, data: { changed: true } });
    expect(immediate.data.cursor).toBeGreaterThan(0);
    expect(immediate.at - at).toBeLessThan(1000);

    const since = await cursorOf(bob);
    const waiting = watch(bob, since);
    await vi.waitFor(async () => expect(await watchers()).toBe(1));
    const shared = await post(app, 'envshare', { token: alice, env_id: env, to: 'watch_bob' });
    expect(shared.body.code).toBe(0);
    const sharedAt = Date.now();
    const woke = await waiting;
    expect(woke.data.changed).toBe(true);
    expect(woke.data.cursor).toBeGreaterThan(since);
    expect(woke.at - sharedAt).toBeLessThan(1000);
    // What the watch announced is what a pull brings.
    const pulled = await post(app, 'envpull', { token: bob, since: String(since) });
    expect(pulled.body.data.changes.map((c: { env_id: string }) => c.env_id)).toEqual([env]);
    expect(pulled.body.data.cursor).toBe(woke.data.cursor);

    // An unshare wakes the receiver too (a revocation to pull).
    const before = pulled.body.data.cursor as number;
    const revoked = watch(bob, before);
    await vi.waitFor(async () => expect(await watchers()).toBe(1));
    await post(app, 'envunshare', { token: alice, env_id: env, to: 'watch_bob' });
    const gone = await revoked;
    expect(gone.data.changed).toBe(true);
    const after = await post(app, 'envpull', { token: bob, since: String(before) });
    expect(after.body.data.revoked).toEqual([env]);
  });

  test("another account's change does not wake a watcher; the hold ends with changed: false", async () => {
    const since = await cursorOf(bob);
    const started = Date.now();
    const waiting = watch(bob, since);
    await vi.waitFor(async () => expect(await watchers()).toBe(1));
    const pushed = await pushEnv(app, carol, {
      env_id: envIdOf(0x2482),
      base_version: 0,
      body: snapshotOf('carol only'),
    });
    expect(pushed.code).toBe(0);
    const answer = await waiting;
    expect(answer.data).toEqual({ cursor: since, changed: false });
    expect(answer.at - started).toBeGreaterThanOrEqual(HOLD_MS - 100);
    expect(await watchers()).toBe(0);
  });

  test('a client that goes away ends its wait (nothing is left held)', async () => {
    const since = await cursorOf(bob);
    const controller = new AbortController();
    const waiting = watch(bob, since, controller.signal).catch((error: unknown) => error);
    await vi.waitFor(async () => expect(await watchers()).toBe(1));
    controller.abort();
    expect(await waiting).toBeInstanceOf(Error);
    await vi.waitFor(async () => expect(await watchers()).toBe(0), { timeout: 1000 });
  });
});

describeEachDatabase('envwatch at shutdown', (ctx) => {
  test('closing the cloud answers a waiting watcher at once', async () => {
    const secret = randomBytes(32);
    const app = await buildTestApp(ctx.database, { secret, metricsToken: METRICS_TOKEN });
    let closed = false;
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const token = await leaseOf(app, ctx.database, secret, 'watch_closing');
      const waiting = watchCall(`http://127.0.0.1:${port}`, {
        token,
        device: 'device-w',
        since: '0',
      });
      // Held: the account has nothing to pull yet.
      await vi.waitFor(async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(res.body).toMatch(/^hainiao_sync_watchers 1$/m);
      });
      const started = Date.now();
      await app.close();
      closed = true;
      expect(await waiting).toEqual({ code: 0, msg: 'ok', data: { cursor: 0, changed: false } });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      if (!closed) await app.close();
    }
  });
});
