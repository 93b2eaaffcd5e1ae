/**
 * Runs a batch of calls one after another (the service and its SQLite file serve one machine),
 * paced to the call's per-minute budget, reporting each result as it comes. A failure is counted
 * and the batch goes on; what succeeded is never counted with what failed. Stoppable. A failure's
 * text is its message (an ApiError's is the service's, in the UI's language).
 */
import type { Clock } from './pacer.ts';
import { pacer, realClock } from './pacer.ts';

export interface BatchItemResult<T> {
  index: number;
  ok: boolean;
  value?: T;
  error?: string;
}

export interface BatchProgress<T> {
  done: number;
  total: number;
  succeeded: T[];
  failed: { index: number; error: string }[];
}

export async function runBatch<T>(options: {
  total: number;
  budget: number | undefined;
  run(index: number): Promise<T>;
  onProgress(progress: BatchProgress<T>): void;
  signal?: AbortSignal;
  clock?: Clock;
}): Promise<BatchProgress<T>> {
  const pace = pacer(options.budget, options.clock ?? realClock);
  const progress: BatchProgress<T> = { done: 0, total: options.total, succeeded: [], failed: [] };
  for (let index = 0; index < options.total; index += 1) {
    await pace.take(options.signal);
    if (options.signal?.aborted) break;
    try {
      progress.succeeded = [...progress.succeeded, await options.run(index)];
    } catch (error) {
      progress.failed = [
        ...progress.failed,
        { index, error: error instanceof Error ? error.message : String(error) },
      ];
    }
    progress.done += 1;
    options.onProgress({ ...progress });
  }
  return progress;
}
