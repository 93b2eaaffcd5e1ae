/**
 * Keeps a run of calls inside the service's per-minute budget of a call (LOCAL_API_RATE_LIMITS of
 * the contract: a sliding one-minute window per path, as apps/local-api's limiter counts), so a
 * batch of creates or proxy updates waits instead of meeting HTTP 429 half-way.
 */
import { LOCAL_API_RATE_LIMITS, type LocalApiPath } from '@hainiao/contract';

const MINUTE_MS = 60_000;

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    }),
};

/** The budget of `path` per minute, or undefined when the call is not limited. */
export function budgetOf(path: LocalApiPath): number | undefined {
  return LOCAL_API_RATE_LIMITS[path];
}

/**
 * A pacer for one call: `await take()` before each call. `spent` counts calls of this path the UI
 * made just before (they share the window). Without a budget it never waits.
 */
export function pacer(limit: number | undefined, clock: Clock = realClock, spent: number[] = []) {
  const times = [...spent];
  return {
    /** Waits until one more call fits the window (or `signal` aborts), then counts it. */
    async take(signal?: AbortSignal): Promise<void> {
      if (limit === undefined) return;
      for (;;) {
        const now = clock.now();
        while (times.length && (times[0] ?? 0) <= now - MINUTE_MS) times.shift();
        if (times.length < limit || signal?.aborted) break;
        // The oldest call leaves the window just after a minute (+ a little for clock skew).
        await clock.sleep((times[0] ?? now) + MINUTE_MS - now + 50, signal);
      }
      times.push(clock.now());
    },
  };
}
