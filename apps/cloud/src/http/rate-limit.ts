import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { CloudCodes, siteMessages, format } from '@hainiao/contract';
import { accountLimiter, type AccountLimiter } from './account-limit.ts';
import { requestLang } from './form.ts';

/**
 * Per-route limits as named strategies: routes opt in with `config: { rateLimit: perMinute(n) }`
 * (per client IP: the socket address, or what TRUST_PROXY lets X-Forwarded-For say). Beside them,
 * the returned per-account limiter (http/account-limit.ts). Counters live in memory, or in Redis
 * (`REDIS_URL`) so that limits hold across cloud instances.
 */
export async function installRateLimits(
  app: FastifyInstance,
  options: { redisUrl?: string | undefined; prefix?: string; now?: () => number } = {},
): Promise<AccountLimiter> {
  const prefix = options.prefix ?? 'hainiao-rl:';
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: prefix } : {}),
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
