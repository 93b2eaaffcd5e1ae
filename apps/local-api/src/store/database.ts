import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_GROUP_NAME } from '@hainiao/contract';

/**
 * Schema steps, applied in order and recorded in `user_version`. Each step runs in one
 * transaction, so a crash mid-upgrade leaves the previous version intact.
 */
const MIGRATIONS: readonly ((db: SQLite.Database) => void)[] = [
  (db) => {
    db.exec(`
      create table session_group (
        name text primary key,
        created_at integer not null
      ) strict;
    `);
    db.prepare('insert into session_group (name, created_at) values (?, ?)').run(
      DEFAULT_GROUP_NAME,
      Date.now(),
    );
  },
];

/** Opens (creating if needed) the local store: WAL, synchronous=FULL so acknowledged writes survive kill -9. */
export function openStore(dataDir: string): SQLite.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new SQLite(path.join(dataDir, 'local-api.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const current = db.pragma('user_version', { simple: true }) as number;
  MIGRATIONS.slice(current).forEach((step, index) => {
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${current + index + 1}`);
    })();
  });
  return db;
}
