import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/**
 * A query of the hot path (the session and lease checks every call makes, the console's lists)
 * built and compiled once, then run with each call's values. Kysely builds and compiles a query
 * anew every time, which under load cost more than running it on SQLite (bench/cloud.bench.ts).
 * The SQL text stays the same, so SQLite's statement cache (statement-cache.ts) keeps it prepared.
 *
 * `build` receives `param(name)`, a stand-in for a value that each run supplies; every other
 * value of the query is a constant compiled into it.
 */
const PARAM = Symbol('prepared parameter');

interface Slot {
  readonly [PARAM]: string;
}

export type Param<Params> = <K extends keyof Params & string>(name: K) => Params[K];

export function prepared<Params extends Record<string, unknown>, Row>(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any schema
  build: (param: Param<Params>) => Compilable<Row>,
): (params: Params) => Promise<Row[]> {
  const param = ((name: string) => ({ [PARAM]: name }) satisfies Slot) as unknown as Param<Params>;
  const { sql, parameters } = build(param).compile();
  // For each position: the name of the value to take, or null for a constant of the query.
  const names = parameters.map((value) =>
    value !== null && typeof value === 'object' && PARAM in value ? (value as Slot)[PARAM] : null,
  );
  return async (params) => {
    const values = names.map((name, i) => (name === null ? parameters[i] : params[name]));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, values));
    return result.rows;
  };
}
