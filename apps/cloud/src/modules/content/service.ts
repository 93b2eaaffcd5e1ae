import type { CloudDatabase } from '../../db/database.ts';

export interface BrowserCore {
  name: string;
  version: string;
  core: number;
  path: string;
}

export function contentService({ db }: CloudDatabase) {
  return {
    async clientVersion(): Promise<string | undefined> {
      const row = await db
        .selectFrom('setting')
        .select('value')
        .where('key', '=', 'client_version')
        .executeTakeFirst();
      return row?.value;
    },

    async coreList(): Promise<BrowserCore[]> {
      return db
        .selectFrom('browser_core')
        .select(['name', 'version', 'core', 'path'])
        .orderBy('sort')
        .orderBy('core', 'desc')
        .execute();
    },
  };
}
