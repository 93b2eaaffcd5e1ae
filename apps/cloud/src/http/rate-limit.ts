import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { CloudCodes, siteMessages, format } from '@hainiao/contract';
import { accountLimiter, type AccountLimiter } from '../security/account-limit.ts';
import { requestLang } from './form.ts';

/**
 * The Redis client of `REDIS_URL`, connected (or, when the first attempt fails, left reconnecting
 * on its own while the cloud starts on its fallback). Commands fail at once while Redis is
 * unreachable instead of queueing, so that callers fall back without waiting; the log says when
 * Redis goes and when it comes back (once each, not per command).
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 3000,
    lazyConnect: true,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: { message: error.message } },
      'Redis is unreachable: rate limits fall back to per-instance memory until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn('Redis is reachable again: rate limits are shared again');
  });
  // Rejects when the first attempt fails (within connectTimeout); the client retries on its own.
  await redis.connect().catch(() => {});
  return redis;
}

/**
 * Per-route limits as named strategies: routes opt in with `config: { rateLimit: perMinute(n) }`
 * (per client IP: the socket address, or what TRUST_PROXY lets X-Forwarded-For say). Beside them,
 * the returned per-account limiter (security/account-limit.ts). Counters live in memory, or in Redis
 * (`REDIS_URL`) so that limits hold across cloud instances. While Redis is unreachable the per-IP
 * limits are skipped and the per-account counters are kept in this instance's memory
 * (docs/running-at-scale.md): the cloud keeps answering, with limits per instance rather than
 * shared.
 */
export async function installRateLimits(
  app: FastifyInstance,
  options: { redis?: Redis | undefined; prefix?: string; now?: () => number } = {},
): Promise<AccountLimiter> {
  const prefix = options.prefix ?? 'hainiao-rl:';
  const { redis } = options;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: prefix, skipOnError: true } : {}),
    errorResponseBuilder(request, context) {
      const lang = request.lang ?? requestLang(request);
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return {
        statusCode: 429,
        code: CloudCodes.code.RATE_LIMITED,
        msg: format(siteMessages.auth.tooManyAttempts[lang], { seconds }),
      };
    },
  });
  return accountLimiter({ redis, prefix, now: options.now });
}

export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
