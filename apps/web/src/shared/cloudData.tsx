import { useCallback, useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerSchema } from '../api/cloud.ts';
import { useEmbeddedData } from './data.tsx';

export interface CloudData<T> {
  data: T | undefined;
  error: unknown;
  /** True while a call runs and nothing is shown yet. */
  loading: boolean;
  reload: () => void;
}

/** How long a page shows the data it was rendered with before refreshing it from the cloud. */
const SETTLE_MS = 1500;

/**
 * The data of one cloud call (inside a QueryScope): what the page was rendered with (or cached from an earlier visit)
 * at once, then a fresh answer from the cloud. A failed refresh keeps the data already shown. The
 * reads go through the app's query cache: identical reads share one request, and a read no page
 * needs any more is aborted.
 */
export function useCloudData<T>(
  key: string,
  answer: AnswerSchema<T>,
  fetcher: (signal: AbortSignal) => Promise<T>,
): CloudData<T> {
  const embedded = useEmbeddedData();
  // Embedded data is checked like an answer; data that does not match is fetched afresh instead.
  const seed = useMemo(() => {
    const checked = embedded.has(key) ? answer.safeParse(embedded.get(key)) : undefined;
    return checked?.success ? { data: checked.data } : undefined;
    // The schema is a module constant; the key says what the data is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [embedded, key]);
  const query = useQuery<T>({
    queryKey: ['page-data', key],
    queryFn: ({ signal }) => fetcher(signal),
    // The embedded data is what the server rendered: hydration shows exactly that.
    ...(seed ? { initialData: seed.data } : {}),
    // Missing data is fetched at once; data already shown is refreshed once the page has settled.
    refetchOnMount: false,
  });

  const shown = query.data !== undefined;
  const { refetch } = query;
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => void refetch(), SETTLE_MS);
    return () => window.clearTimeout(timer);
    // Once per page and key: a refresh that lands does not schedule another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refetch]);

  const reload = useCallback(() => void refetch(), [refetch]);

  return {
    data: query.data,
    error: shown ? undefined : query.error,
    loading: !shown && (query.isPending || query.isFetching),
    reload,
  };
}
