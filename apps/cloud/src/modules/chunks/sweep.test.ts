/**
 * Issue 24: chunks no current snapshot names are swept after the grace period, with their
 * holders' rows and their stored objects, and stop counting against the quota; chunks a live
 * snapshot names, young ones, and old ones named again by a push stay. The clock is the test's.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SYNC_CHUNK_GRACE_MS, SyncCodes } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  accountWithLease,
  envIdOf,
  pushEnv,
  putChunk,
  sha,
  snapshotOf,
} from '../../test/sync-client.ts';
import { diskStore } from '../../storage/files.ts';
import { chunkSweeper } from './sweep.ts';

const noisyChunk = () => {
  const raw = randomBytes(4000);
  return { raw, hash: sha(raw), packed: zlib.brotliCompressSync(raw) };
};

describeEachDatabase('the sweep of unreferenced chunks', (ctx) => {
  const secret = randomBytes(32);
  const time = testClock();
  let dir: string;
  let app: FastifyInstance;
  const objects = (shard: string) => diskStore(path.join(dir, shard));
  const stored = (hash: string) => fs.existsSync(path.join(dir, hash.slice(0, 2), hash));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-sweep-'));
    app = await buildTestApp(ctx.database, {
      secret,
      clock: time.clock,
      chunks: objects,
      syncLimits: { quotaBytes: 21_000 },
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('what nothing names goes after the grace period; named, young and renamed chunks stay', async () => {
    const owner = await accountWithLease(app, ctx.database, secret, 'sweep_owner');
    let token = owner.token;
    const [kept, orphan, ofDeleted, renamed, young, extra] = Array.from({ length: 6 }, noisyChunk);
    for (const chunk of [kept, orphan, ofDeleted, renamed]) {
      expect((await putChunk(app, token, chunk!)).code).toBe(0);
    }
    const live = envIdOf(0x2471);
    const gone = envIdOf(0x2472);
    const push = (env: string, version: number, chunks: string[]) =>
      pushEnv(app, token, { env_id: env, base_version: version, body: snapshotOf('e', chunks) });
    expect((await push(live, 0, [kept!.hash])).code).toBe(0);
    expect((await push(gone, 0, [ofDeleted!.hash])).code).toBe(0);
    expect((await pushEnv(app, token, { env_id: gone, base_version: 1, deleted: true })).code).toBe(
      0,
    );

    const sweeper = chunkSweeper({ database: ctx.database, objects, clock: time.clock });
    // Within the grace period nothing goes.
    expect(await sweeper.sweep()).toBe(0);

    time.advance(SYNC_CHUNK_GRACE_MS + 60_000);
    token = await owner.relogin();
    expect((await putChunk(app, token, young!)).code).toBe(0);
    // An old chunk named by a push now is as good as new.
    expect((await push(live, 1, [kept!.hash, renamed!.hash])).code).toBe(0);
    // The quota is full (five chunks and a snapshot) until the sweep.
    const full = await putChunk(app, token, extra!);
    expect(full).toMatchObject({ status: 413, code: SyncCodes.code.QUOTA_EXCEEDED });

    expect(await sweeper.sweep()).toBe(2);
    for (const chunk of [kept, renamed, young]) expect(stored(chunk!.hash)).toBe(true);
    for (const chunk of [orphan, ofDeleted]) expect(stored(chunk!.hash)).toBe(false);
    const { db } = ctx.database;
    const rows = await db
      .selectFrom('chunk')
      .select('hash')
      .where('hash', 'in', [orphan!.hash, ofDeleted!.hash])
      .execute();
    expect(rows).toEqual([]);
    const holders = await db
      .selectFrom('account_chunk')
      .select('hash')
      .where('hash', 'in', [orphan!.hash, ofDeleted!.hash])
      .execute();
    expect(holders).toEqual([]);
    const missing = await post(app, 'chunkmissing', {
      token,
      hashes: JSON.stringify([kept!.hash, orphan!.hash]),
    });
    expect(missing.body.data).toEqual({ missing: [orphan!.hash] });
    // What went no longer counts: the refused chunk fits now.
    expect((await putChunk(app, token, extra!)).code).toBe(0);
    // A second sweep finds nothing more.
    expect(await sweeper.sweep()).toBe(0);
    await sweeper.stop();
  });
});
