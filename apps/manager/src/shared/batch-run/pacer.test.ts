import { describe, expect, test } from 'vitest';
import { budgetOf, pacer, type Clock } from './pacer.ts';

/** A clock that moves only when slept on. */
function fakeClock(): Clock & { slept: number[] } {
  let time = 1_000_000;
  const slept: number[] = [];
  return {
    slept,
    now: () => time,
    sleep: async (ms) => {
      slept.push(ms);
      time += ms;
    },
  };
}

describe('pacer', () => {
  test('the budgets are the contract’s: create 50 a minute, proxy update 40, groups unlimited', () => {
    expect(budgetOf('/api/v1/session/create')).toBe(50);
    expect(budgetOf('/api/v1/session/proxy/update')).toBe(40);
    expect(budgetOf('/api/v1/group/list')).toBeUndefined();
  });

  test('the first `limit` calls go at once; the next waits until the oldest leaves the window', async () => {
    const clock = fakeClock();
    const pace = pacer(3, clock);
    for (let i = 0; i < 3; i += 1) await pace.take();
    expect(clock.slept).toEqual([]);
    await pace.take();
    expect(clock.slept).toHaveLength(1);
    expect(clock.slept[0]).toBeGreaterThanOrEqual(60_000);
  });

  test('calls made just before the batch count against the window', async () => {
    const clock = fakeClock();
    const pace = pacer(2, clock, [clock.now() - 30_000, clock.now() - 10_000]);
    await pace.take();
    expect(clock.slept[0]).toBe(30_000 + 50);
  });

  test('an abort stops the wait', async () => {
    const clock = fakeClock();
    const pace = pacer(1, clock);
    await pace.take();
    const controller = new AbortController();
    controller.abort();
    await pace.take(controller.signal);
    expect(clock.slept).toEqual([]);
  });
});
