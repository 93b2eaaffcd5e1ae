import { useEffect, useRef, useState } from 'react';

/**
 * Runs a cloud call whenever `key` changes (or `reload()` is called) and keeps its latest result.
 * A failed call clears the data, as the console's lists must (site spec §2), and reports the error.
 * Answers of superseded calls are dropped.
 */
export function useCloudQuery<T>(
  key: string,
  run: () => Promise<T>,
  handlers: { onSuccess?: (data: T) => void; onError?: (error: unknown) => void } = {},
) {
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<{ request: string; data: T | undefined }>({
    request: '',
    data: undefined,
  });
  const latest = useRef({ run, handlers });
  useEffect(() => {
    latest.current = { run, handlers };
  });
  const request = `${key}#${nonce}`;

  useEffect(() => {
    let active = true;
    latest.current.run().then(
      (data) => {
        if (!active) return;
        setState({ request, data });
        latest.current.handlers.onSuccess?.(data);
      },
      (error: unknown) => {
        if (!active) return;
        setState({ request, data: undefined });
        latest.current.handlers.onError?.(error);
      },
    );
    return () => {
      active = false;
    };
  }, [request]);

  return {
    data: state.data,
    loading: state.request !== request,
    reload: () => setNonce((n) => n + 1),
  };
}
