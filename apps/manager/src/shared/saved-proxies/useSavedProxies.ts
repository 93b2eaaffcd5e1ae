import { useEffect, useState } from 'react';
import { listProxies, type SavedProxy } from './proxy-calls.ts';

/** The proxy library, read once on mount: undefined while it loads, [] when it cannot be read. */
export function useSavedProxies(): SavedProxy[] | undefined {
  const [saved, setSaved] = useState<SavedProxy[]>();
  useEffect(() => {
    let live = true;
    listProxies()
      .then((list) => live && setSaved(list))
      .catch(() => live && setSaved([]));
    return () => {
      live = false;
    };
  }, []);
  return saved;
}
