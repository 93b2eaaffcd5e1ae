import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerSchema } from '../api/cloud.ts';

/**
 * Data of the cloud calls a page shows, keyed by call and language. The build prerenders the
 * data-driven pages (download, FAQ) with the seeded data and embeds it in the HTML; the browser
 * hydrates with exactly that data (no mismatch), then refreshes it from the cloud.
 */
export type InitialData = Record<string, unknown>;

/** Id of the `<script type="application/json">` that carries the embedded data. */
export const INITIAL_DATA_ID = 'hainiao-data';

const DataContext = createContext<Map<string, unknown>>(new Map());

export function DataProvider({ data, children }: { data: InitialData; children: ReactNode }) {
  const [cache] = useState(() => new Map(Object.entries(data)));
  return <DataContext.Provider value={cache}>{children}</DataContext.Provider>;
}

/** The embedded data as a script tag's text: JSON that cannot close the tag it sits in. */
export function serializeInitialData(data: InitialData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads the data the prerendered page embedded (none in the client-rendered shell). */
export function readInitialData(): InitialData {
  const text = document.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as InitialData;
  } catch {
    return {};
  }
}

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
 * The data of one cloud call: what the page was rendered with (or cached from an earlier visit)
 * at once, then a fresh answer from the cloud. A failed refresh keeps the data already shown. The
 * reads go through the app's query cache: identical reads share one request, and a read no page
 * needs any more is aborted.
 */
export function useCloudData<T>(
  key: string,
  answer: AnswerSchema<T>,
  fetcher: (signal: AbortSignal) => Promise<T>,
): CloudData<T> {
  const embedded = useContext(DataContext);
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

const subscribeNothing = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true afterwards: for what only
 * the browser knows (the URL hash, the stored language) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
