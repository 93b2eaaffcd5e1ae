import type SQLite from 'better-sqlite3';
import type { AccountAuth } from './account/auth.ts';
import type { CloudClient } from './cloud/client.ts';
import type { RecycleBin } from './domain/environment-trash.ts';
import type { Library } from './domain/library.ts';
import type { SyncEngine } from './domain/sync.ts';
import type { UpdateCheck } from './domain/updates.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { BrowserRuntime } from './runtime/browser.ts';
import type { CookieFiles } from './runtime/profile/cookies.ts';
import type { EnvironmentStore } from './store/environments.ts';
import type { GroupStore } from './store/groups.ts';
import type { SyncStore } from './store/sync.ts';

/**
 * What the route areas share: the store, the account and its cloud, the library, the browsers.
 * For adapters/ and app.ts only (the top layer): lower layers take what they need, never this.
 */
export interface ServiceContext {
  db: SQLite.Database;
  envs: EnvironmentStore;
  /** Cloud sync of the account's environments (domain/sync.ts). */
  sync: SyncEngine;
  groups: GroupStore;
  /** The environments' rows as they travel (snapshots): clones are made from them. */
  rows: Pick<SyncStore, 'snapshot' | 'insertLocal'>;
  /** The recycle bin a delete moves environments to (domain/environment-trash.ts). */
  bin: RecycleBin;
  /** The account the service is logged in with, and its device lease (account/auth.ts). */
  auth: AccountAuth;
  cloud: CloudClient;
  library: Library;
  runtime: BrowserRuntime;
  rateLimiter: RateLimiter;
  /** The data folder: the store, sessions/<Session_ID>/, library/, logs/. */
  dataDir: string;
  /** The cookie folder (--cookie-dir): the only place import-cookie reads and export-cookie writes. */
  cookieFiles: CookieFiles;
  proxyCheckTimeoutMs: number;
  /** The configured IP-lookup endpoint (--ip-lookup), if any. */
  ipLookupUrl?: string | undefined;
  /** Whether the cloud publishes a newer client (domain/updates.ts). */
  updates: UpdateCheck;
}
