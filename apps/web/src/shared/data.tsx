import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

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

/**
 * The data of one cloud call: what the page was rendered with (or cached from an earlier visit)
 * at once, then a fresh answer from the cloud. A failed refresh keeps the data already shown.
 */
export function useCloudData<T>(
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
): CloudData<T> {
  const cache = useContext(DataContext);
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown; done: boolean }>(
    () => ({ key, data: cache.get(key) as T | undefined, done: false }),
  );
  const [attempt, setAttempt] = useState(0);

  // A new key (another language or article) starts from what the cache has for it.
  let current = state;
  if (state.key !== key) {
    current = { key, data: cache.get(key) as T | undefined, done: false };
    setState(current);
  }

  useEffect(() => {
    const controller = new AbortController();
    const shown = cache.get(key);
    const refresh = () =>
      fetcher(controller.signal).then(
        (data) => {
          cache.set(key, data);
          // An unchanged answer (the usual case right after the page loaded) renders nothing anew.
          if (shown !== undefined && JSON.stringify(shown) === JSON.stringify(data)) {
            setState((previous) => (previous.done ? previous : { ...previous, done: true }));
            return;
          }
          setState({ key, data, done: true });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState((previous) => ({
            key,
            data: previous.key === key ? previous.data : undefined,
            error,
            done: true,
          }));
        },
      );
    // Data the page already shows is refreshed once the page has settled; missing data at once.
    let timer: number | undefined;
    if (shown === undefined || attempt > 0) void refresh();
    else timer = window.setTimeout(() => void refresh(), 1500);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // The fetcher is recreated each render; the key says what it fetches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, cache]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, error: undefined, done: false }));
    setAttempt((n) => n + 1);
  }, []);

  return {
    data: current.data,
    error: current.data === undefined ? current.error : undefined,
    loading: current.data === undefined && !current.done,
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
