import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudAnswerOf, CloudPath, Lang } from '@hainiao/contract';
import { callCloud, type CallFields } from '../api/cloud.ts';

/**
 * A read as the query cache runs it: keyed by the call, the language and every field (the token
 * included), and given the cache's abort signal, so a read nobody waits for any more is aborted.
 */
export function cloudQueryOptions<P extends CloudPath>(path: P, fields: CallFields<P>, lang: Lang) {
  return queryOptions({
    queryKey: [path, lang, fields] as const,
    queryFn: ({ signal }) => callCloud(path, fields, lang, { signal }),
  });
}

/**
 * A cloud read a page shows (console, tickets, staff): cached and shared by key, so identical reads
 * running at once make one request; aborted when no page needs it any more; refreshed whenever a
 * page mounts or calls `reload()`. While the fields change, the last answer stays on screen until
 * the new one arrives. A failed read clears the data, as the console's lists must, and reports the
 * error.
 */
export function useCloudQuery<P extends CloudPath>(
  path: P,
  fields: CallFields<P>,
  lang: Lang,
  handlers: {
    onSuccess?: (data: CloudAnswerOf<P>) => void;
    onError?: (error: unknown) => void;
  } = {},
) {
  const query = useQuery({
    ...cloudQueryOptions(path, fields, lang),
    placeholderData: keepPreviousData,
  });
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  // Handlers hear of reads that end while the page is shown, not of what an earlier visit cached.
  const [mountedAt] = useState(() => Date.now());
  const { data, dataUpdatedAt, error, errorUpdatedAt, isPlaceholderData } = query;
  useEffect(() => {
    if (data !== undefined && !isPlaceholderData && dataUpdatedAt >= mountedAt) {
      latest.current.onSuccess?.(data);
    }
    // `data` changes only with `dataUpdatedAt`; the stamp says a read ended.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataUpdatedAt, isPlaceholderData, mountedAt]);
  useEffect(() => {
    if (error && errorUpdatedAt >= mountedAt) latest.current.onError?.(error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorUpdatedAt, mountedAt]);

  const { refetch } = query;
  return {
    data: query.isError ? undefined : data,
    /** True until the current read has ended, and while a reload runs. */
    loading: query.isPending || query.isFetching,
    reload: () => void refetch(),
  };
}
