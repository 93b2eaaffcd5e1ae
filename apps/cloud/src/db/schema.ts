import type { Generated } from 'kysely';

/** Key/value settings that operators change without a release (current client version, …). */
export interface SettingTable {
  key: string;
  value: string;
}

/** One downloadable browser core (site spec §3 "Browser core entry"). */
export interface BrowserCoreTable {
  id: Generated<number>;
  name: string;
  version: string;
  /** Chromium major version of the core. */
  core: number;
  /** Download path the cloud serves. */
  path: string;
  sort: number;
}

export interface Database {
  setting: SettingTable;
  browser_core: BrowserCoreTable;
}
