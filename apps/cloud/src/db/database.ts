import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface CloudDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the schema the database runs in, when one was given. */
  schema?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: run in this schema (created when missing); tests isolate themselves so. */
  schema?: string;
}

/** Opens `sqlite:<file>` (WAL, foreign keys on) or a `postgres://` URL with the same Kysely API. */
export function openDatabase(url: string, options: DatabaseOptions = {}): CloudDatabase {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema))
      throw new Error(`invalid schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool,
        // The schema is created on first connection, so a fresh DATABASE_SCHEMA just works.
        ...(schema
          ? {
              onCreateConnection: async (connection) =>
                void (await connection.executeQuery(
                  CompiledQuery.raw(`create schema if not exists ${schema}`),
                )),
            }
          : {}),
      }),
    });
    return { db, dialect: 'postgres', ...(schema ? { schema } : {}), close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
