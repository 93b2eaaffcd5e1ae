import fs from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type PostgresDialectConfig,
} from 'kysely';
import pg from 'pg';
import { openSqlite } from '@hainiao/sqlite';
import { nameStatements } from './pg-named-statements.ts';
import { SchemaPostgresDialect } from './schema-introspector.ts';
import type { Database } from './schema.ts';
import { cachingStatements } from './statement-cache.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface CloudDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the schema the database runs in, when one was given. */
  schema?: string;
  /** PostgreSQL: the pool's connections (open, idle) and the queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: run in this schema (created when missing); tests isolate themselves so. */
  schema?: string | undefined;
  /** PostgreSQL only: keep queries prepared per connection (on unless false; config.ts). */
  namedStatements?: boolean;
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
      // A database that does not answer fails the request within seconds instead of hanging it.
      connectionTimeoutMillis: 5000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A connection the server dropped (restart, failover) fails the queries on it and is replaced
    // at the next one. The pool listens for that only while a connection is idle; unlistened, the
    // 'error' event of a checked-out one would end the process (node-postgres #1324).
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      // Each connection keeps the cloud's queries prepared (db/pg-named-statements.ts).
      if (options.namedStatements !== false) nameStatements(client);
    });
    const config: PostgresDialectConfig = {
      pool,
      // The schema is created on first connection, so a fresh DATABASE_SCHEMA just works.
      ...(schema
        ? {
            onCreateConnection: async (connection) => {
              try {
                await connection.executeQuery(
                  CompiledQuery.raw(`create schema if not exists ${schema}`),
                );
              } catch (error) {
                // Two instances creating it at once: PostgreSQL lets one of the two "if not
                // exists" fail on the catalog's unique index. It exists either way. (Kysely
                // does not release a connection whose set-up throws: the pool could not close.)
                if ((error as { code?: string }).code !== '23505') throw error;
              }
            },
          }
        : {}),
    };
    const db = new Kysely<Database>({
      // With a schema, the Migrator looks only there (db/schema-introspector.ts).
      dialect: schema ? new SchemaPostgresDialect(config, schema) : new PostgresDialect(config),
    });
    return {
      db,
      dialect: 'postgres',
      ...(schema ? { schema } : {}),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => db.destroy(),
    };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Runs `work` (migrations, seeds) while holding a PostgreSQL advisory lock of the schema, so that
 * instances started together take turns instead of racing each other's inserts. SQLite serialises
 * writers by itself.
 */
export async function withStartupLock<T>(
  database: CloudDatabase,
  work: () => Promise<T>,
): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  const key = `hainiao start ${database.schema ?? 'public'}`;
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
