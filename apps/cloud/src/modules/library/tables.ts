import type { Generated } from 'kysely';
import type { IsoTime } from '../accounts/tables.ts';

/** One version of a plugin of the library: a browser extension served as a zip. */
export interface LibraryPluginTable {
  id: Generated<number>;
  /** Chrome's extension id (32 letters a–p), derived from the manifest's public key. */
  plugin_id: string;
  /** Folder name of the seed, e.g. 'dark-mode-lite'. */
  slug: string;
  version: string;
  name: string;
  name_zh: string;
  description: string;
  description_zh: string;
  /** File name under the library folder, served at /library/<file>. */
  file: string;
  sha256: string;
  size: number;
  sort: number;
  created_at: IsoTime;
}

/** One version of a script of the library: JavaScript run in the environment's pages. */
export interface LibraryScriptTable {
  id: Generated<number>;
  /** 16 hex characters, derived from the slug so that it stays the same across installs. */
  script_id: string;
  slug: string;
  version: string;
  name: string;
  name_zh: string;
  description: string;
  description_zh: string;
  file: string;
  sha256: string;
  size: number;
  sort: number;
  created_at: IsoTime;
}

export interface LibraryTables {
  library_plugin: LibraryPluginTable;
  library_script: LibraryScriptTable;
}
