/**
 * What a batch dialog holds while a batch runs: its progress, whether it runs or was stopped,
 * the way to stop it (closing the dialog stops it too), and the footer of a started batch.
 */
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { runBatch, type BatchProgress } from './run-batch.ts';

type RunOptions<T> = Omit<Parameters<typeof runBatch<T>>[0], 'signal' | 'onProgress'>;

export function useBatchRun<T>(copy: { stop: string; close: string }) {
  const [progress, setProgress] = useState<BatchProgress<T>>();
  const [running, setRunning] = useState(false);
  const [stopped, setStopped] = useState(false);
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  async function run(options: RunOptions<T>): Promise<BatchProgress<T>> {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setStopped(false);
    const result = await runBatch({
      ...options,
      signal: controller.signal,
      onProgress: setProgress,
    });
    setRunning(false);
    setStopped(controller.signal.aborted && result.done < result.total);
    abort.current = undefined;
    return result;
  }

  return {
    progress,
    /** Replaces what the progress view shows (e.g. failures by line rather than by position). */
    setProgress,
    running,
    stopped,
    run,
    /** A new opening: nothing ran yet. */
    reset() {
      setProgress(undefined);
      setStopped(false);
    },
    /** Stop while it runs; Close once it ended (`finish` hands the results on). */
    footer(finish: () => void) {
      return [
        running ? (
          <Button key="stop" danger onClick={() => abort.current?.abort()}>
            {copy.stop}
          </Button>
        ) : (
          <Button key="close" type="primary" onClick={finish}>
            {copy.close}
          </Button>
        ),
      ];
    },
  };
}
