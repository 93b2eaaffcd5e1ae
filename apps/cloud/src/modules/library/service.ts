import fs from 'node:fs';
import path from 'node:path';
import {
  LIBRARY_FILE_NAME,
  LIBRARY_FILES_PREFIX,
  type Lang,
  type LibraryPluginVersion,
  type LibraryScript,
} from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import { compareVersions } from './seed.ts';

export interface LibraryOptions {
  /** The library folder (`<DATA_DIR>/library`); files missing there are served from `builtIn`. */
  dir?: string;
  /** The seed's files, by name. */
  builtIn?: ReadonlyMap<string, Uint8Array>;
}

export function libraryService({ db }: CloudDatabase, options: LibraryOptions = {}) {
  return {
    /** Every version of every plugin: plugins in library order, newest version first. */
    async plugins(lang: Lang): Promise<LibraryPluginVersion[]> {
      const rows = await db.selectFrom('library_plugin').selectAll().orderBy('sort').execute();
      const order = new Map<string, number>();
      for (const row of rows) if (!order.has(row.plugin_id)) order.set(row.plugin_id, row.sort);
      rows.sort(
        (a, b) =>
          (order.get(a.plugin_id) ?? 0) - (order.get(b.plugin_id) ?? 0) ||
          compareVersions(b.version, a.version),
      );
      return rows.map((row) => ({
        Plugin_Id: row.plugin_id,
        Plugin_Name: lang === 'zh' ? row.name_zh : row.name,
        Plugin_Ver: row.version,
        Plugin_Desc: lang === 'zh' ? row.description_zh : row.description,
        url: LIBRARY_FILES_PREFIX + row.file,
        sha256: row.sha256,
        size: row.size,
      }));
    },

    /** The newest version of every script, in library order. */
    async scripts(lang: Lang): Promise<LibraryScript[]> {
      const rows = await db.selectFrom('library_script').selectAll().orderBy('sort').execute();
      const newest = new Map<string, (typeof rows)[number]>();
      for (const row of rows) {
        const seen = newest.get(row.script_id);
        if (!seen || compareVersions(row.version, seen.version) > 0) newest.set(row.script_id, row);
      }
      return [...newest.values()].map((row) => ({
        Script_ID: row.script_id,
        Script_Name: lang === 'zh' ? row.name_zh : row.name,
        Script_Ver: row.version,
        Script_Desc: lang === 'zh' ? row.description_zh : row.description,
        url: LIBRARY_FILES_PREFIX + row.file,
        sha256: row.sha256,
        size: row.size,
      }));
    },

    /** The bytes of a library file, or undefined. */
    file(name: string): Uint8Array | undefined {
      if (!LIBRARY_FILE_NAME.test(name)) return undefined;
      if (options.dir) {
        const target = path.join(options.dir, name);
        if (fs.existsSync(target)) return fs.readFileSync(target);
      }
      return options.builtIn?.get(name);
    },
  };
}
export type LibraryService = ReturnType<typeof libraryService>;
