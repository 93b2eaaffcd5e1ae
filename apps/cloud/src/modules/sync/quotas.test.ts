/**
 * Issue 24 item 6: what one account may store (chunks it holds plus its snapshots) and how often
 * it may call chunkput and envpush. Past the quota: HTTP 413 and QUOTA_EXCEEDED; past a rate: HTTP
 * 429 with Retry-After; both in the caller's language. The limits are the app's options here (the
 * contract's constants are far too large to reach in a test).
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CloudCodes, SyncCodes } from '@hainiao/contract';
import { buildTestApp, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { envIdOf, leaseOf, pushEnv, putChunk, sha, snapshotOf } from '../../test/sync-client.ts';

/** A chunk that does not compress: it is stored at about its raw size. */
function noisyChunk(bytes = 4000) {
  const raw = randomBytes(bytes);
  return { raw, hash: sha(raw), packed: zlib.brotliCompressSync(raw) };
}

describeEachDatabase('sync quotas and rates per account', (ctx) => {
  const secret = randomBytes(32);
  const time = testClock();
  let quotaApp: FastifyInstance;
  let rateApp: FastifyInstance;

  beforeAll(async () => {
    quotaApp = await buildTestApp(ctx.database, {
      secret,
      clock: time.clock,
      syncLimits: { quotaBytes: 10_000 },
    });
    rateApp = await buildTestApp(ctx.database, {
      secret,
      clock: time.clock,
      syncLimits: { chunkPutPerMinute: 5, envPushPerMinute: 3 },
    });
  });
  afterAll(async () => {
    await quotaApp.close();
    await rateApp.close();
  });

  test('past the byte quota chunkput and envpush answer 413 QUOTA_EXCEEDED; what is held already costs nothing', async () => {
    const token = await leaseOf(quotaApp, ctx.database, secret, 'quota_filler');
    const other = await leaseOf(quotaApp, ctx.database, secret, 'quota_other');
    const [a, b, c] = [noisyChunk(), noisyChunk(), noisyChunk()];
    expect((await putChunk(quotaApp, token, a)).code).toBe(0);
    expect((await putChunk(quotaApp, token, b)).code).toBe(0);
    const full = await putChunk(quotaApp, token, c, 'zh-CHS');
    expect(full.status).toBe(413);
    expect(full.code).toBe(SyncCodes.code.QUOTA_EXCEEDED);
    expect(full.msg).toMatch(
      /^云端存储空间已满：本账号已存储 \d+ KB 的浏览器资料，每个账号最多 10 KB。/,
    );
    const english = await putChunk(quotaApp, token, c);
    expect(english.msg).toMatch(/^Cloud storage full: this account already stores \d+ KB/);
    // The same bytes again: held already, nothing more counted.
    expect((await putChunk(quotaApp, token, a)).code).toBe(0);
    // Another account has its own quota, even for the chunk refused above.
    expect((await putChunk(quotaApp, other, c)).code).toBe(0);
    // A snapshot counts too: a small one fits, a large one does not, and is not stored.
    const env = envIdOf(0x2461);
    const small = await pushEnv(quotaApp, token, {
      env_id: env,
      base_version: 0,
      body: snapshotOf('small', [a.hash, b.hash]),
    });
    expect(small.code, small.msg).toBe(0);
    const cookies = [{ name: 'big', value: 'x'.repeat(3000), domain: '.example.com' }];
    const large = await pushEnv(quotaApp, token, {
      env_id: env,
      base_version: 1,
      body: snapshotOf('large', [a.hash, b.hash], cookies),
    });
    expect(large).toMatchObject({ status: 413, code: SyncCodes.code.QUOTA_EXCEEDED });
    // A smaller version of the same environment is always accepted.
    const smaller = await pushEnv(quotaApp, token, {
      env_id: env,
      base_version: 1,
      body: snapshotOf('s', [a.hash]),
    });
    expect(smaller.code, smaller.msg).toBe(0);
  });

  test('past the rates chunkput and envpush answer 429 with Retry-After until the minute is over', async () => {
    const token = await leaseOf(rateApp, ctx.database, secret, 'rate_burst');
    const chunks = Array.from({ length: 6 }, () => noisyChunk(200));
    for (const chunk of chunks.slice(0, 5))
      expect((await putChunk(rateApp, token, chunk)).code).toBe(0);
    const refused = await putChunk(rateApp, token, chunks[5]!, 'zh-CHS');
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(CloudCodes.code.RATE_LIMITED);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.msg).toBe(
      `chunkput 调用过于频繁：每个账号每分钟最多 5 次，请 ${String(refused.retryAfter)} 秒后再试`,
    );
    // Another account is not slowed by this one.
    const calm = await leaseOf(rateApp, ctx.database, secret, 'rate_calm');
    expect((await putChunk(rateApp, calm, chunks[5]!)).code).toBe(0);

    const env = envIdOf(0x2462);
    for (let version = 0; version < 3; version++) {
      const pushed = await pushEnv(rateApp, token, {
        env_id: env,
        base_version: version,
        body: snapshotOf(`v${version}`),
      });
      expect(pushed.code, pushed.msg).toBe(0);
    }
    const slow = await pushEnv(rateApp, token, {
      env_id: env,
      base_version: 3,
      body: snapshotOf('v3'),
    });
    expect(slow).toMatchObject({ status: 429, code: CloudCodes.code.RATE_LIMITED });
    expect(slow.msg).toMatch(/^Too many envpush calls: at most 3 per minute per account/);
    expect(slow.retryAfter).toBeDefined();

    time.advance(61_000);
    expect((await putChunk(rateApp, token, chunks[5]!)).code).toBe(0);
    const again = await pushEnv(rateApp, token, {
      env_id: env,
      base_version: 3,
      body: snapshotOf('v3'),
    });
    expect(again.code, again.msg).toBe(0);
  });
});
