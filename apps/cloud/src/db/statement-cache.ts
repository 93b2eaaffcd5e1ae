import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many statements stay prepared: every query shape of the cloud fits with room to spare. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite dialect sees it, with its statements kept prepared by SQL text
 * (least recently used dropped past `capacity`). Kysely prepares every query anew, and for the
 * cloud's short reads that preparation is most of the query's time. A statement keeps its
 * `reader` flag, and SQLite re-prepares a cached one by itself when the schema changes.
 */
export function cachingStatements(
  database: SQLite.Database,
  capacity = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // A statement still iterating (a stream not yet finished) cannot run again: use a new one.
        if (cached.busy) return database.prepare(sql);
        // Map order is insertion order: moving the hit to the end keeps the oldest first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value as string;
        statements.delete(oldest);
      }
      return statement;
    },
  };
}
