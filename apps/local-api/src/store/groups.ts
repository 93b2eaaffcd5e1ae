import type SQLite from 'better-sqlite3';
import { DEFAULT_GROUP_NAME } from '@hainiao/contract';

/** Groups of each account; every account has the group "default". */
export function groupStore(db: SQLite.Database) {
  const list = db.prepare<[string], { name: string }>(
    `select name from env_group where owner = ?
     order by case when name = '${DEFAULT_GROUP_NAME}' then 0 else 1 end, created_at, name`,
  );
  const one = db.prepare<[string, string], { name: string }>(
    'select name from env_group where owner = ? and name = ?',
  );
  const insert = db.prepare<[string, string, number]>(
    'insert or ignore into env_group (owner, name, created_at) values (?, ?, ?)',
  );
  const remove = db.prepare<[string, string]>('delete from env_group where owner = ? and name = ?');
  const rename = db.prepare<[string, string, string]>(
    'update env_group set name = ? where owner = ? and name = ?',
  );

  return {
    /** Creates the default group of an account if it has none (first login). */
    ensureDefault(owner: string): void {
      insert.run(owner, DEFAULT_GROUP_NAME, 0);
    },
    names(owner: string): string[] {
      return list.all(owner).map((row) => row.name);
    },
    exists(owner: string, name: string): boolean {
      return one.get(owner, name) !== undefined;
    },
    /** False when the name is taken. */
    create(owner: string, name: string): boolean {
      return insert.run(owner, name, Date.now()).changes > 0;
    },
    /** Renames the group's row (keeping its place in the list); false when `from` is not there. */
    rename(owner: string, from: string, to: string): boolean {
      return rename.run(to, owner, from).changes > 0;
    },
    remove(owner: string, names: readonly string[]): void {
      db.transaction(() => {
        for (const name of names) remove.run(owner, name);
      })();
    },
  };
}
export type GroupStore = ReturnType<typeof groupStore>;
