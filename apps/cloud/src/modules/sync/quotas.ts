/**
 * What one account may store and send through sync (issue 24, docs/sync-and-sharing.md): a byte
 * quota on what it keeps in the cloud (the chunks it holds plus the snapshots of the environments
 * it owns) and per-minute rates on chunkput and envpush. Rates count in the per-account limiter
 * (security/account-limit.ts: Redis when REDIS_URL is set, so they hold across instances); bytes
 * are summed from the database, so they hold across restarts and instances alike.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  localApiMessages,
  SYNC_CHUNK_QUOTA_BYTES,
  SYNC_CHUNKPUT_PER_MINUTE,
  SYNC_ENVPUSH_PER_MINUTE,
} from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { AccountLimiter } from '../../security/account-limit.ts';
import { RateLimitedError, SyncFailure } from '../domain-errors.ts';

export interface SyncLimits {
  /** Bytes an account may keep: chunks as stored plus its environments' snapshots. */
  quotaBytes: number;
  chunkPutPerMinute: number;
  envPushPerMinute: number;
}

export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  quotaBytes: SYNC_CHUNK_QUOTA_BYTES,
  chunkPutPerMinute: SYNC_CHUNKPUT_PER_MINUTE,
  envPushPerMinute: SYNC_ENVPUSH_PER_MINUTE,
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

/** The quota's refusal (HTTP 413, http/errors.ts): how much is used and allowed. */
export function quotaExceeded(used: number, limit: number): SyncFailure {
  const values = { used: sizeText(used), limit: sizeText(limit) };
  return new SyncFailure('QUOTA_EXCEEDED', localApiMessages.cloudChunkQuota, values);
}

type Reader = Kysely<Database> | Transaction<Database>;

export function syncQuotas(
  database: CloudDatabase,
  limiter: AccountLimiter,
  limits: SyncLimits = DEFAULT_SYNC_LIMITS,
) {
  const rules = {
    chunkput: { name: 'sync-chunkput', max: limits.chunkPutPerMinute, windowMs: 60_000 },
    envpush: { name: 'sync-envpush', max: limits.envPushPerMinute, windowMs: 60_000 },
  } as const;
  // Bytes of a snapshot as stored (UTF-8), in each database's spelling.
  const bodyBytes =
    database.dialect === 'postgres'
      ? sql<number>`coalesce(sum(octet_length(body)), 0)`
      : sql<number>`coalesce(sum(length(cast(body as blob))), 0)`;

  return {
    limits,

    /** Counts one call; past the rate, HTTP 429 with Retry-After and the rate's message. */
    async assertRate(call: keyof typeof rules, accountId: number): Promise<void> {
      const rule = rules[call];
      const key = String(accountId);
      try {
        await limiter.assertOpen(rule, key);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        const values = { call, max: rule.max, seconds: error.retryAfterSeconds };
        throw new RateLimitedError(error.retryAfterSeconds, localApiMessages.cloudSyncRate, values);
      }
      await limiter.hit(rule, key);
    },

    /** Bytes the account keeps: the chunks it holds (as stored) and its live snapshots. */
    async usedBytes(q: Reader, accountId: number): Promise<number> {
      const chunks = await q
        .selectFrom('account_chunk')
        .innerJoin('chunk', 'chunk.hash', 'account_chunk.hash')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('chunk.stored_size'), eb.lit(0)).as('n'))
        .where('account_chunk.account_id', '=', accountId)
        .executeTakeFirst();
      const snapshots = await q
        .selectFrom('sync_env')
        .select(bodyBytes.as('n'))
        .where('owner_id', '=', accountId)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      return Number(chunks?.n ?? 0) + Number(snapshots?.n ?? 0);
    },

    /** Refuses (413) when `adding` more bytes would take the account past its quota. */
    async assertRoom(q: Reader, accountId: number, adding: number): Promise<void> {
      if (adding <= 0) return;
      const used = await this.usedBytes(q, accountId);
      if (used + adding > limits.quotaBytes) throw quotaExceeded(used, limits.quotaBytes);
    },
  };
}
export type SyncQuotas = ReturnType<typeof syncQuotas>;
