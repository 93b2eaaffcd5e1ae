/**
 * The run lease of an environment: one machine at a time runs it (issue 13). In the database by
 * default; in Redis when the cloud has REDIS_URL, so that every instance sees the same holder
 * without a database round trip. A lease is held by a device and times out unless renewed (the
 * local API renews the leases of its running environments on every sync tick).
 */
import type { Redis } from 'ioredis';
import type { CloudDatabase } from '../../db/database.ts';

export interface RunLeaseHolder {
  accountId: number;
  device: string;
  state: 'running' | 'uploading';
}

export interface RunLeases {
  /**
   * Takes or renews the lease for the holder (its account's device: two accounts whose machines
   * share a device name are two holders); answers the other holder when it is not free.
   */
  acquire(envId: string, holder: RunLeaseHolder, ttlMs: number): Promise<RunLeaseHolder | null>;
  /** Ends the lease when this account's `device` holds it (nobody else can end it). */
  release(envId: string, holder: Pick<RunLeaseHolder, 'accountId' | 'device'>): Promise<void>;
}

export function databaseRunLeases(database: CloudDatabase, now: () => Date): RunLeases {
  const { db } = database;
  return {
    async acquire(envId, holder, ttlMs) {
      const at = now();
      const expires = new Date(at.getTime() + ttlMs).toISOString();
      // One statement, so that two instances racing for a free lease cannot both win: the
      // update branch applies only to an expired lease or the same holder's.
      const result = await db
        .insertInto('sync_env_lease')
        .values({
          env_id: envId,
          account_id: holder.accountId,
          device: holder.device,
          state: holder.state,
          expires_at: expires,
        })
        .onConflict((oc) =>
          oc
            .column('env_id')
            .doUpdateSet({
              account_id: holder.accountId,
              device: holder.device,
              state: holder.state,
              expires_at: expires,
            })
            .where((eb) =>
              eb.or([
                eb('sync_env_lease.expires_at', '<', at.toISOString()),
                eb.and([
                  eb('sync_env_lease.device', '=', holder.device),
                  eb('sync_env_lease.account_id', '=', holder.accountId),
                ]),
              ]),
            ),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return null;
      const other = await db
        .selectFrom('sync_env_lease')
        .select(['account_id', 'device', 'state'])
        .where('env_id', '=', envId)
        .executeTakeFirst();
      if (!other) return this.acquire(envId, holder, ttlMs);
      return {
        accountId: other.account_id,
        device: other.device,
        state: other.state === 'uploading' ? 'uploading' : 'running',
      };
    },
    async release(envId, holder) {
      await db
        .deleteFrom('sync_env_lease')
        .where('env_id', '=', envId)
        .where('device', '=', holder.device)
        .where('account_id', '=', holder.accountId)
        .execute();
    },
  };
}

// Atomic in Redis: another device's live lease is answered; otherwise it is set with its expiry.
const ACQUIRE = `
local v = redis.call('GET', KEYS[1])
if v then
  local held = cjson.decode(v)
  if held.device ~= ARGV[2] or held.accountId ~= tonumber(ARGV[4]) then return v end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return false`;
const RELEASE = `
local v = redis.call('GET', KEYS[1])
if v then
  local held = cjson.decode(v)
  if held.device == ARGV[1] and held.accountId == tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
end
return 1`;

export function redisRunLeases(redis: Redis, prefix = ''): RunLeases {
  const key = (envId: string) => `${prefix}hainiao:envlease:${envId}`;
  return {
    async acquire(envId, holder, ttlMs) {
      const answer = (await redis.eval(
        ACQUIRE,
        1,
        key(envId),
        JSON.stringify(holder),
        holder.device,
        String(ttlMs),
        String(holder.accountId),
      )) as string | null;
      return answer ? (JSON.parse(answer) as RunLeaseHolder) : null;
    },
    async release(envId, holder) {
      await redis.eval(RELEASE, 1, key(envId), holder.device, String(holder.accountId));
    },
  };
}
