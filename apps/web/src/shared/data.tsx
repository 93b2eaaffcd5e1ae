import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Data of the cloud calls a page shows, keyed by call and language. The build prerenders the
 * data-driven pages (download, FAQ) with the seeded data and embeds it in the HTML; the browser
 * hydrates with exactly that data (no mismatch), then refreshes it from the cloud
 * (shared/cloudData.tsx, loaded with those pages only).
 */
export type InitialData = Record<string, unknown>;

/** Id of the `<script type="application/json">` that carries the embedded data. */
export const INITIAL_DATA_ID = 'hainiao-data';

const DataContext = createContext<Map<string, unknown>>(new Map());

export function DataProvider({ data, children }: { data: InitialData; children: ReactNode }) {
  const [cache] = useState(() => new Map(Object.entries(data)));
  return <DataContext.Provider value={cache}>{children}</DataContext.Provider>;
}

/** The data the page was rendered with, by key. */
export function useEmbeddedData(): Map<string, unknown> {
  return useContext(DataContext);
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
