import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimitedError } from '../modules/domain-errors.ts';

/**
 * Per-account limits, beside the per-IP ones of @fastify/rate-limit: an attacker who spreads
 * guesses over many addresses (or forges X-Forwarded-For) still meets them. Each rule counts events
 * per account in a fixed window that starts with the first event; while the count is at `max`,
 * every call for that account answers the same "too many attempts" as the per-IP limit.
 */
export interface AccountRule {
  /** Names the counter (Redis key part). */
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** Failed sign-ins (wrong password, unknown account) per account, whatever the client address. */
export const SIGNIN_FAILURES_PER_ACCOUNT: AccountRule = {
  name: 'signin',
  max: 10,
  windowMs: FIFTEEN_MINUTES,
};
/** Failed API logins (wrong Account or APP_KEY) per credential owner. */
export const APILOGIN_FAILURES_PER_ACCOUNT: AccountRule = {
  name: 'apilogin',
  max: 10,
  windowMs: FIFTEEN_MINUTES,
};
/** Client-token exchanges on /status (accepted or refused) per account. */
export const STATUS_EXCHANGES_PER_ACCOUNT: AccountRule = {
  name: 'status',
  max: 30,
  windowMs: FIFTEEN_MINUTES,
};

export interface AccountLimiter {
  /** Refuses (RateLimitedError) while `key`'s count under `rule` has reached its maximum. */
  assertOpen(rule: AccountRule, key: string): Promise<void>;
  /** Counts one event for `key` under `rule`. */
  hit(rule: AccountRule, key: string): Promise<void>;
}

interface Count {
  count: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

interface CounterStore {
  get(key: string): Promise<Count | null>;
  increment(key: string, windowMs: number): Promise<void>;
}

function memoryStore(now: () => number): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  return {
    async get(key) {
      const entry = counters.get(key);
      if (!entry || entry.resetAt <= now()) return null;
      return { count: entry.count, ttl: entry.resetAt - now() };
    },
    async increment(key, windowMs) {
      const at = now();
      if (counters.size > 10_000) {
        for (const [k, v] of counters) if (v.resetAt <= at) counters.delete(k);
      }
      const entry = counters.get(key);
      if (entry && entry.resetAt > at) entry.count += 1;
      else counters.set(key, { count: 1, resetAt: at + windowMs });
    },
  };
}

// INCR, and start the window with the first event (atomic, so instances cannot race).
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

function redisStore(redis: Redis): CounterStore {
  return {
    async get(key) {
      const [[, count], [, ttl]] = (await redis.multi().get(key).pttl(key).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      if (count === null || ttl < 0) return null;
      return { count: Number(count), ttl };
    },
    async increment(key, windowMs) {
      await redis.eval(INCREMENT, 1, key, String(windowMs));
    },
  };
}

/** Redis, and this instance's memory while Redis cannot be reached (http/rate-limit.ts). */
function withFallback(primary: CounterStore, fallback: CounterStore): CounterStore {
  return {
    async get(key) {
      try {
        return await primary.get(key);
      } catch {
        return fallback.get(key);
      }
    },
    async increment(key, windowMs) {
      try {
        await primary.increment(key, windowMs);
      } catch {
        await fallback.increment(key, windowMs);
      }
    },
  };
}

/**
 * Counters in memory, or in Redis (`REDIS_URL`) so that every cloud instance sees the same counts
 * (in memory again while Redis is unreachable). Keys are hashed: they may hold a name or email the
 * caller typed.
 */
export function accountLimiter(options: {
  redis?: Redis | undefined;
  prefix: string;
  now?: () => number;
}): AccountLimiter {
  const memory = memoryStore(options.now ?? (() => Date.now()));
  const store = options.redis ? withFallback(redisStore(options.redis), memory) : memory;
  const keyOf = (rule: AccountRule, key: string) =>
    `${options.prefix}account:${rule.name}:${createHash('sha256').update(key).digest('base64url')}`;
  return {
    async assertOpen(rule, key) {
      const current = await store.get(keyOf(rule, key));
      if (current && current.count >= rule.max) {
        throw new RateLimitedError(Math.max(1, Math.ceil(current.ttl / 1000)));
      }
    },
    async hit(rule, key) {
      await store.increment(keyOf(rule, key), rule.windowMs);
    },
  };
}
