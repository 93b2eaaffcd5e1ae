/**
 * Rate limits in tests. The services tests start may run their limits on a clock of their own,
 * which postWithinLimit moves on by a spent limit's Retry-After instead of sleeping a real minute
 * (rate-limit.test.ts proves the limits on real time).
 */
import { rateLimiter } from '../http/rate-limit.ts';
import type { TestService } from './server.ts';

const clocks = new WeakMap<TestService, { skewMs: number }>();

/** A limiter for `startTestService` on a clock postWithinLimit can move on; `adopt` ties the two. */
export function testLimits() {
  const clock = { skewMs: 0 };
  return {
    rateLimiter: rateLimiter(() => Date.now() + clock.skewMs),
    adopt(service: TestService) {
      clocks.set(service, clock);
      return service;
    },
  };
}

/**
 * A call that waits, as a well-behaved client does, for the Retry-After of a spent rate limit
 * (LOCAL_API_RATE_LIMITS: 50 a minute for most session calls, create included) and then sends it
 * again: on the service's own clock when it has one (testLimits), else in real time.
 * For test files that create more environments in a minute than that.
 */
export async function postWithinLimit(
  service: TestService,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  let res = await service.post(route, body, headers);
  while (res.status === 429) {
    const seconds = Number(res.headers['retry-after']) || 1;
    const clock = clocks.get(service);
    if (clock) clock.skewMs += seconds * 1000;
    else await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    res = await service.post(route, body, headers);
  }
  return res;
}
