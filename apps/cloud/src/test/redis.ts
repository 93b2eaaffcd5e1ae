/**
 * The Redis of the test suites (`TEST_REDIS_URL`, else 127.0.0.1:6379), asked once on import.
 * Under CI=true it must answer (an unreachable server fails the importing file); elsewhere the
 * tests that need it skip with a loud warning, as those on PostgreSQL do (testkit/postgres).
 * Each test run keeps its keys under its own prefix and removes them afterwards.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export const redisUp = await redisReachable();
if (!redisUp) {
  const message = `Redis is not reachable at ${TEST_REDIS_URL}: tests on Redis are SKIPPED`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n*** ${message} ***\n`);
}

/** A key prefix of its own for one test run. */
export const testRedisPrefix = () => `hainiao-test-${randomBytes(5).toString('hex')}:`;

/** Deletes every key under `prefix`. */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
