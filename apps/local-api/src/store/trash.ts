/**
 * The recycle bin's rows (migration 7): each deleted environment's snapshot, who owned it, who
 * deleted it (a team's main account may delete a sub-account's) and when.
 */
import type SQLite from 'better-sqlite3';
import type { EnvSnapshot } from '../model/sync.ts';

export interface TrashEntry {
  envId: string;
  owner: string;
  deletedBy: string;
  name: string;
  group: string;
  deletedAt: number;
}

interface Row {
  env_id: string;
  owner: string;
  deleted_by: string;
  name: string;
  group_name: string;
  deleted_at: number;
}

const toEntry = (row: Row): TrashEntry => ({
  envId: row.env_id,
  owner: row.owner,
  deletedBy: row.deleted_by,
  name: row.name,
  group: row.group_name,
  deletedAt: row.deleted_at,
});

const COLUMNS = 'env_id, owner, deleted_by, name, group_name, deleted_at';

export function trashStore(db: SQLite.Database) {
  const insert = db.prepare<[string, string, string, string, string, number, string]>(
    `insert into env_trash (env_id, owner, deleted_by, name, group_name, deleted_at, snapshot)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (env_id) do update set owner = excluded.owner, deleted_by = excluded.deleted_by,
       name = excluded.name, group_name = excluded.group_name, deleted_at = excluded.deleted_at,
       snapshot = excluded.snapshot`,
  );
  // What an account sees of the bin: what it deleted and what was deleted of its own.
  const ofAccount = db.prepare<[string, string], Row>(
    `select ${COLUMNS} from env_trash where deleted_by = ? or owner = ?
     order by deleted_at desc, env_id`,
  );
  const byId = db.prepare<[string], Row & { snapshot: string }>(
    `select ${COLUMNS}, snapshot from env_trash where env_id = ?`,
  );
  const remove = db.prepare<[string]>('delete from env_trash where env_id = ?');
  const expired = db.prepare<[number], { env_id: string }>(
    'select env_id from env_trash where deleted_at < ?',
  );
  const all = db.prepare<[], { env_id: string }>('select env_id from env_trash');

  return {
    put(entry: TrashEntry, snapshot: EnvSnapshot): void {
      insert.run(
        entry.envId,
        entry.owner,
        entry.deletedBy,
        entry.name,
        entry.group,
        entry.deletedAt,
        JSON.stringify(snapshot),
      );
    },
    list(account: string): TrashEntry[] {
      return ofAccount.all(account, account).map(toEntry);
    },
    get(envId: string): { entry: TrashEntry; snapshot: EnvSnapshot } | undefined {
      const row = byId.get(envId);
      return row && { entry: toEntry(row), snapshot: JSON.parse(row.snapshot) as EnvSnapshot };
    },
    remove(envId: string): boolean {
      return remove.run(envId).changes > 0;
    },
    /** Ids deleted before `time` (ms). */
    expiredBefore(time: number): string[] {
      return expired.all(time).map((row) => row.env_id);
    },
    ids(): Set<string> {
      return new Set(all.all().map((row) => row.env_id));
    },
  };
}

export type TrashStore = ReturnType<typeof trashStore>;
