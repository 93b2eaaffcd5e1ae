/**
 * An environment ("session" in the calls) and what hangs off it, as the store, the domain and the
 * runtime share them: our own names throughout; the calls' spellings live at the edges (routes,
 * views) only.
 */
import type { ListSortField } from '@hainiao/contract';
import type { StoredCookie } from './cookie.ts';
import type { EnvironmentSettings } from './settings.ts';

export interface EnvironmentRecord {
  id: string;
  owner: string;
  name: string;
  description: string;
  group: string;
  system: string;
  userAgent: string;
  proxyType: string;
  proxyIp: string;
  settings: EnvironmentSettings;
  cookies: StoredCookie[];
  createdAt: number;
  updatedAt: number;
}

/** An environment as one account sees it. */
export interface Visible {
  record: EnvironmentRecord;
  /** False for an environment shared with the account by another. */
  owned: boolean;
}

export interface StartPage {
  url: string;
  /** 1: opened on start (every page the calls add); 0: kept but not opened. */
  flag: number;
}

/** A plugin installed in an environment. */
export interface InstalledPlugin {
  pluginId: string;
  name: string;
  version: string;
}

/** A script assigned to an environment; at most one is active. */
export interface AssignedScript {
  scriptId: string;
  name: string;
  version: string;
  active: boolean;
}

/** A script to assign, with its source (kept by its SHA-256 in the store). */
export interface ScriptToAdd {
  scriptId: string;
  name: string;
  version: string;
  source: string;
  /** The hash the library's list gives this version, when it comes from the library. */
  librarySha256?: string;
}

/**
 * The active script of an environment as a start sees it: `runs` with its source, or why it does
 * not run (`unknown-version`: the library's hash of that version is not known on this machine
 * yet; `not-the-library`: the source is not the one the library published).
 */
export type RunnableScript = { scriptId: string; name: string; version: string } & (
  { verdict: 'runs'; source: string } | { verdict: 'unknown-version' | 'not-the-library' }
);

/** The listid filters, each optional, and the page. */
export interface ListFilters {
  name?: string | undefined;
  group?: string | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
  updatedFrom?: number | undefined;
  updatedTo?: number | undefined;
  received?: boolean | undefined;
  receivedFrom?: string | undefined;
  sent?: boolean | undefined;
  sentTo?: string | undefined;
  /** Only environments of this owner (a team's main account sees its sub-accounts' too). */
  owner?: string | undefined;
  userAgent?: string | undefined;
  proxyIp?: string | undefined;
  proxyType?: string | undefined;
  comment?: string | undefined;
  /** Only environments carrying this tag (our extension). */
  tag?: string | undefined;
  withWebAccount?: boolean | undefined;
  webAccount?: string | undefined;
  withPlugins?: boolean | undefined;
  pluginId?: string | undefined;
  withScript?: boolean | undefined;
  scriptId?: string | undefined;
  /** The order (our extension); without it, last updated first. */
  sort?: { by: ListSortField; order: 'asc' | 'desc' } | undefined;
  offset: number;
  limit: number;
}
