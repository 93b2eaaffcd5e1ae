import { createContext } from 'react';

/**
 * Things made once per app (one per browser page, one per prerendered page) by the code that needs
 * them, such as the query cache `QueryScope` makes: the entry itself imports no query library.
 */
export class AppCache {
  private readonly items = new Map<string, unknown>();

  /** The item under `key`, made by `make` the first time. */
  get<T>(key: string, make: () => T): T {
    if (!this.items.has(key)) this.items.set(key, make());
    return this.items.get(key) as T;
  }
}

export const AppCacheContext = createContext(new AppCache());
