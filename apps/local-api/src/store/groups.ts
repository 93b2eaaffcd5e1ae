import type SQLite from 'better-sqlite3';

export function groupStore(db: SQLite.Database) {
  const list = db.prepare<[], { name: string }>(
    'select name from session_group order by created_at, name',
  );
  return {
    names(): string[] {
      return list.all().map((row) => row.name);
    },
  };
}
export type GroupStore = ReturnType<typeof groupStore>;
