import { format, LOCAL_API_RATE_LIMITS, localApiMessages } from '@hainiao/contract';
import { LocalApiError, UNKNOWN_EXCEPTION } from './envelope.ts';

const MINUTE_MS = 60_000;

/**
 * The calls the spec limits, per minute, as the contract (and so the docs) states them:
 * logging in or switching accounts (10), the session update, proxy update and delete calls (40),
 * every other session call (50). Each call has its own budget; the service serves one machine, so
 * the budget is the service's.
 */
export const RATE_LIMITS: Readonly<Record<string, number>> = LOCAL_API_RATE_LIMITS;

/** A sliding one-minute window per call: the n+1-th call within 60 s answers HTTP 429. */
export function rateLimiter(now: () => number = Date.now) {
  const hits = new Map<string, number[]>();
  return {
    /** Counts a call of `path`; throws the 429 answer when its budget is spent. */
    take(path: string): void {
      const limit = RATE_LIMITS[path];
      if (limit === undefined) return;
      const time = now();
      const recent = (hits.get(path) ?? []).filter((t) => t > time - MINUTE_MS);
      if (recent.length >= limit) {
        const retryAfter = Math.max(1, Math.ceil(((recent[0] ?? time) + MINUTE_MS - time) / 1000));
        hits.set(path, recent);
        throw new LocalApiError(
          UNKNOWN_EXCEPTION,
          {
            en: format(localApiMessages.rateLimited.en, { limit, route: path }),
            zh: format(localApiMessages.rateLimited.zh, { limit, route: path }),
          },
          429,
          null,
          { 'Retry-After': String(retryAfter) },
        );
      }
      recent.push(time);
      hits.set(path, recent);
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
