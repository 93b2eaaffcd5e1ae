/**
 * Issue 24 item 5: chunks belong to the account that put them. An account that names another
 * account's chunk hash in its own snapshot must not get the bytes: envpush refuses the snapshot
 * (and stores nothing), and chunkget does not read through a snapshot that names a chunk nobody
 * who sees the environment put. A receiver may keep naming what the shared snapshot names.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SyncCodes } from '@hainiao/contract';
import { buildTestApp, post } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  chunkOf,
  envIdOf,
  getChunk,
  leaseOf,
  pushEnv,
  putChunk,
  sha,
  snapshotOf,
} from '../../test/sync-client.ts';

const S = SyncCodes.code;

describeEachDatabase('profile chunks belong to the account that put them', (ctx) => {
  const secret = randomBytes(32);
  let app: FastifyInstance;
  let alice: string;
  let bob: string;
  let mallory: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { secret });
    alice = await leaseOf(app, ctx.database, secret, 'own_alice');
    bob = await leaseOf(app, ctx.database, secret, 'own_bob');
    mallory = await leaseOf(app, ctx.database, secret, 'own_mallory');
  });
  afterAll(async () => {
    await app.close();
  });

  test("naming another account's chunk in one's own snapshot is refused and reads nothing", async () => {
    const secretChunk = chunkOf('alice private history');
    expect((await putChunk(app, alice, secretChunk)).code).toBe(0);
    const aliceEnv = envIdOf(0x2401);
    const own = await pushEnv(app, alice, {
      env_id: aliceEnv,
      base_version: 0,
      body: snapshotOf('alice shop', [secretChunk.hash]),
    });
    expect(own.code, own.msg).toBe(0);

    // Mallory learned the hash (it is only a SHA-256) and names it in a snapshot of her own.
    const stolenEnv = envIdOf(0x2402);
    const attack = await pushEnv(
      app,
      mallory,
      { env_id: stolenEnv, base_version: 0, body: snapshotOf('bait', [secretChunk.hash]) },
      'zh-CHS',
    );
    expect(attack).toMatchObject({
      code: S.CHUNK_NOT_HELD,
      msg: SyncCodes.get(S.CHUNK_NOT_HELD)!.zh,
    });
    const read = await getChunk(app, mallory, secretChunk.hash, stolenEnv);
    expect(read.json()).toMatchObject({ code: 404 });
    expect(read.rawPayload.includes(secretChunk.packed)).toBe(false);
    // Nothing was stored: the environment is not in the cloud at all.
    const pulled = await post(app, 'envpull', { token: mallory, since: '0' });
    expect(pulled.body.data.changes).toEqual([]);
    expect(
      await ctx.database.db
        .selectFrom('sync_env')
        .select('env_id')
        .where('env_id', '=', stolenEnv)
        .execute(),
    ).toEqual([]);

    // Mixed with a chunk she did put: still refused as a whole.
    const hers = chunkOf('mallory own');
    expect((await putChunk(app, mallory, hers)).code).toBe(0);
    const mixed = await pushEnv(app, mallory, {
      env_id: stolenEnv,
      base_version: 0,
      body: snapshotOf('bait', [hers.hash, secretChunk.hash]),
    });
    expect(mixed.code).toBe(S.CHUNK_NOT_HELD);
    expect(
      (
        await pushEnv(app, mallory, {
          env_id: stolenEnv,
          base_version: 0,
          body: snapshotOf('fine', [hers.hash]),
        })
      ).code,
    ).toBe(0);
    // Adding the stolen hash to her own environment's next version is refused too.
    const later = await pushEnv(app, mallory, {
      env_id: stolenEnv,
      base_version: 1,
      body: snapshotOf('fine', [hers.hash, secretChunk.hash]),
    });
    expect(later.code).toBe(S.CHUNK_NOT_HELD);
    expect((await getChunk(app, mallory, secretChunk.hash, stolenEnv)).json().code).toBe(404);
  });

  test('a snapshot that names a chunk nobody who sees it put does not open it (defense in depth)', async () => {
    const secretChunk = chunkOf('alice second secret');
    expect((await putChunk(app, alice, secretChunk)).code).toBe(0);
    // A snapshot stored before the check existed, naming alice's chunk in mallory's environment.
    const oldEnv = envIdOf(0x2403);
    const ids = await ctx.database.db
      .selectFrom('account')
      .select('id')
      .where('account', '=', 'own_mallory')
      .executeTakeFirstOrThrow();
    const body = JSON.stringify(snapshotOf('old', [secretChunk.hash]));
    await ctx.database.db
      .insertInto('sync_env')
      .values({
        env_id: oldEnv,
        owner_id: ids.id,
        version: 1,
        hash: sha(body),
        body,
        deleted: 0,
        seq: 0,
        updated_at: new Date().toISOString(),
        updated_device: 'old',
      })
      .execute();
    expect((await getChunk(app, mallory, secretChunk.hash, oldEnv)).json().code).toBe(404);
  });

  test('a receiver keeps naming the shared profile and adds chunks of its own; nothing else', async () => {
    const profile = chunkOf('shared profile');
    expect((await putChunk(app, alice, profile)).code).toBe(0);
    const env = envIdOf(0x2404);
    expect(
      (
        await pushEnv(app, alice, {
          env_id: env,
          base_version: 0,
          body: snapshotOf('team shop', [profile.hash]),
        })
      ).code,
    ).toBe(0);
    expect(
      (await post(app, 'envshare', { token: alice, env_id: env, to: 'own_bob' })).body.code,
    ).toBe(0);
    // Bob reads the shared profile through the environment.
    const through = await getChunk(app, bob, profile.hash, env);
    expect(through.statusCode).toBe(200);
    expect(through.rawPayload).toEqual(profile.packed);
    // His stop uploads the profile again with one chunk of his own.
    const his = chunkOf('bob changed history');
    expect((await putChunk(app, bob, his)).code).toBe(0);
    const saved = await pushEnv(app, bob, {
      env_id: env,
      base_version: 1,
      body: snapshotOf('team shop', [profile.hash, his.hash]),
    });
    expect(saved.code, saved.msg).toBe(0);
    // Alice reads bob's chunk through her environment.
    expect((await getChunk(app, alice, his.hash, env)).rawPayload).toEqual(his.packed);
    // A chunk bob neither put nor reads through this environment is refused.
    const other = chunkOf('mallory elsewhere');
    expect((await putChunk(app, mallory, other)).code).toBe(0);
    expect(
      (
        await pushEnv(app, bob, {
          env_id: env,
          base_version: 2,
          body: snapshotOf('team shop', [profile.hash, other.hash]),
        })
      ).code,
    ).toBe(S.CHUNK_NOT_HELD);
  });
});
