import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * PostgreSQL statements kept prepared per connection, as SQLite's are (statement-cache.ts).
 * node-postgres parses and plans every parameterised query anew unless it has a name; with a
 * name, a connection prepares it once and then only binds values. On the cloud's short reads that
 * raised throughput by a half and halved p99 (bench/cloud.bench.ts).
 *
 * Only queries that read or write rows are named (never DDL). A connection keeps at most
 * `maxStatements` (PostgreSQL holds each in the backend's memory; a query with a list of values
 * has a shape per list length); past that, new shapes run unnamed.
 *
 * A prepared `select *` fails with "cached plan must not change result type" once a migration has
 * changed the table's columns (another instance's `admin migrate` in a rolling deploy): the
 * statement is then dropped and the query run again, prepared anew.
 */

export const MAX_NAMED_STATEMENTS = 200;

const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** SQLSTATE 0A000 with this text: the prepared plan no longer matches the table. */
const STALE_PLAN = /cached plan must not change result type/;

/** Names by SQL text, shared by every connection (the name is a digest of the text). */
const names = new Map<string, string>();
const NAMES_REMEMBERED = 2000;

function nameOf(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `h_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
    if (names.size >= NAMES_REMEMBERED) names.clear();
    names.set(sql, name);
  }
  return name;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => Promise<unknown>;

/** The prepared statements node-postgres tracks on a connection (not in its types). */
function preparedOn(client: pg.Client): Record<string, string> {
  return (client as unknown as { connection: { parsedStatements: Record<string, string> } })
    .connection.parsedStatements;
}

/** Makes `client` name its row queries (see above); call once per new connection. */
export function nameStatements(client: pg.Client, maxStatements = MAX_NAMED_STATEMENTS): void {
  const original = client.query.bind(client) as Query;
  let named = 0;
  const run = async (name: string, text: string, values: unknown[]) => {
    try {
      return await original({ name, text, values });
    } catch (error) {
      if (!STALE_PLAN.test((error as Error).message)) throw error;
      await original(`deallocate "${name}"`).catch(() => {});
      delete preparedOn(client)[name];
      // Inside a transaction the failure has aborted it: the retry fails too, and the first
      // error says why.
      return original({ name, text, values }).catch(() => {
        throw error;
      });
    }
  };
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    // Kysely's form: SQL text, an array of values, a promise for the answer.
    if (
      typeof config !== 'string' ||
      !Array.isArray(values) ||
      callback !== undefined ||
      !NAMEABLE.test(config)
    ) {
      return original(config, values, callback);
    }
    const name = nameOf(config);
    if (preparedOn(client)[name] === undefined) {
      if (named >= maxStatements) return original(config, values);
      named++;
    }
    return run(name, config, values);
  };
}
