import { useCallback, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
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
  fetcher: (signal: AbortSignal) => Promise<T>,
): CloudData<T> {
  // The embedded data is what the build rendered under this key, from the same typed calls
  // (entry-server.tsx routeData); hydration shows exactly that.
  const embedded = useEmbeddedData();
  const query = useQuery<T>({
    queryKey: ['page-data', key],
    queryFn: ({ signal }) => fetcher(signal),
    ...(embedded.has(key) ? { initialData: embedded.get(key) as T } : {}),
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
