import { describe, expect, test } from 'vitest';
import { runBatch, type BatchProgress } from './run-batch.ts';

const clock = () => {
  let time = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => time,
    sleep: async (ms: number) => {
      slept.push(ms);
      time += ms;
    },
  };
};

describe('batches', () => {
  test('failures are counted apart and the batch goes on; progress after each call', async () => {
    const seen: BatchProgress<string>[] = [];
    const result = await runBatch({
      total: 5,
      budget: 50,
      clock: clock(),
      run: async (i) => {
        if (i === 1 || i === 3) throw new Error(`no ${i}`);
        return `id${i}`;
      },
      onProgress: (p) => seen.push(p),
    });
    expect(result.succeeded).toEqual(['id0', 'id2', 'id4']);
    expect(result.failed).toEqual([
      { index: 1, error: 'no 1' },
      { index: 3, error: 'no 3' },
    ]);
    expect(seen.map((p) => [p.done, p.succeeded.length, p.failed.length])).toEqual([
      [1, 1, 0],
      [2, 1, 1],
      [3, 2, 1],
      [4, 2, 2],
      [5, 3, 2],
    ]);
  });

  test('more calls than the budget wait for the window; a stop ends the batch', async () => {
    const c = clock();
    const paced = await runBatch({
      total: 3,
      budget: 2,
      clock: c,
      run: async (i) => i,
      onProgress: () => {},
    });
    expect(paced.succeeded).toEqual([0, 1, 2]);
    expect(c.slept).toHaveLength(1);

    const controller = new AbortController();
    const stopped = await runBatch({
      total: 10,
      budget: undefined,
      run: async (i) => {
        if (i === 2) controller.abort();
        return i;
      },
      onProgress: () => {},
      signal: controller.signal,
    });
    expect(stopped.succeeded).toEqual([0, 1, 2]);
    expect(stopped.done).toBe(3);
  });
});
