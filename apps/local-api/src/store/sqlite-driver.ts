/**
 * The SQLite binding of the local store. A checkout uses better-sqlite3; the packaged program (a
 * Node.js single executable, which cannot carry a native module built for one system) uses Node's
 * built-in `node:sqlite` through the same interface: the part of better-sqlite3's API the store
 * uses (prepare with run/get/all/iterate/pluck, exec, pragma, nested transactions, close).
 */
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';

// node:sqlite as far as it is used here (this repository's Node.js types predate the module).
type Params = unknown[];
interface NodeStatement {
  run(...params: Params): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: Params): unknown;
  all(...params: Params): unknown[];
  iterate(...params: Params): IterableIterator<unknown>;
  setAllowBareNamedParameters(enabled: boolean): void;
  setAllowUnknownNamedParameters?(enabled: boolean): void;
}
interface NodeDatabase {
  prepare(source: string): NodeStatement;
  exec(source: string): void;
  close(): void;
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
}
interface NodeSqlite {
  DatabaseSync: new (file: string) => NodeDatabase;
}

/** Node's SQLite when this process is the packaged program (or HAINIAO_SQLITE=node asks for it). */
function builtInSqlite(): NodeSqlite | undefined {
  const sea = process.getBuiltinModule?.('node:sea');
  const wanted = process.env.HAINIAO_SQLITE === 'node' || sea?.isSea() === true;
  return wanted ? (process.getBuiltinModule('node:sqlite') as NodeSqlite | undefined) : undefined;
}

/** Opens the database file with the binding of this process. */
export function openSqlite(file: string): SQLite.Database {
  const builtIn = builtInSqlite();
  if (builtIn) return nodeSqliteDatabase(new builtIn.DatabaseSync(file));
  // Loaded when used: the packaged program has no better-sqlite3 to load.
  const BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as typeof SQLite;
  return new BetterSqlite(file);
}

/** BLOBs as Buffers, as better-sqlite3 answers them (node:sqlite answers Uint8Arrays). */
function row(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = field instanceof Uint8Array && !Buffer.isBuffer(field) ? Buffer.from(field) : field;
  }
  return out;
}

function statement(prepared: NodeStatement) {
  let plucked = false;
  let bound: unknown[] | undefined;
  // better-sqlite3 takes named values without their @ and ignores keys a statement does not use.
  prepared.setAllowBareNamedParameters(true);
  prepared.setAllowUnknownNamedParameters?.(true);
  const args = (params: Params) => bound ?? params;
  const shape = (value: unknown) =>
    plucked && value && typeof value === 'object' ? Object.values(value)[0] : row(value);
  const self = {
    run: (...params: unknown[]) => {
      const result = prepared.run(...args(params));
      return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
    },
    get: (...params: unknown[]) => shape(prepared.get(...args(params))),
    all: (...params: unknown[]) => prepared.all(...args(params)).map(shape),
    *iterate(...params: unknown[]) {
      for (const value of prepared.iterate(...args(params))) yield shape(value);
    },
    pluck(on = true) {
      plucked = on;
      return self;
    },
    bind(...params: unknown[]) {
      bound = params;
      return self;
    },
  };
  return self;
}

/** A node:sqlite database with the better-sqlite3 API the store uses. */
function nodeSqliteDatabase(db: NodeDatabase): SQLite.Database {
  let depth = 0;
  let savepoints = 0;
  const self = {
    prepare: (source: string) => statement(db.prepare(source)),
    exec(source: string) {
      db.exec(source);
      return self;
    },
    /** `pragma('x = 1')`; `pragma('x', { simple: true })` answers the first value of the first row. */
    pragma(source: string, options: { simple?: boolean } = {}) {
      const rows = db.prepare(`pragma ${source}`).all().map(row);
      if (!options.simple) return rows;
      const first = rows[0] as Record<string, unknown> | undefined;
      return first ? Object.values(first)[0] : undefined;
    },
    /** As better-sqlite3: one transaction, or a savepoint inside one already open. */
    transaction<F extends (...args: never[]) => unknown>(fn: F): F {
      return ((...params: Parameters<F>) => {
        const name = depth > 0 ? `hainiao_${++savepoints}` : undefined;
        db.exec(name ? `savepoint ${name}` : 'begin');
        depth += 1;
        try {
          const result = fn(...params);
          depth -= 1;
          db.exec(name ? `release ${name}` : 'commit');
          return result;
        } catch (error) {
          depth -= 1;
          if (db.isTransaction) db.exec(name ? `rollback to ${name}; release ${name}` : 'rollback');
          throw error;
        }
      }) as F;
    },
    get inTransaction() {
      return db.isTransaction;
    },
    get open() {
      return db.isOpen;
    },
    close() {
      if (db.isOpen) db.close();
      return self;
    },
  };
  return self as unknown as SQLite.Database;
}
