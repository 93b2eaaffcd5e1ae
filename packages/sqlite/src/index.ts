/**
 * SQLite for the cloud and the local API. The engine is node:sqlite's: Node's own module where the
 * process is the packaged program (Node 22, which cannot load a module installed beside it) or
 * HAINIAO_SQLITE=node asks for it, else @photostructure/sqlite, the same module for Node 20 with
 * prebuilt binaries in its npm package (better-sqlite3 compiled SQLite at every `npm ci`, a minute
 * on one core; the package's `engines` asks for Node 22, but its Node-API binary runs the whole
 * suite on Node 20, which `npm ci` only warns about). The callers keep the part of better-sqlite3's API they use (its types describe it):
 * prepare with run/get/all/iterate/pluck/bind and the reader and busy flags Kysely's SQLite dialect
 * reads, exec, pragma, nested transactions, close.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';

export type Database = SQLite.Database;
export type Statement = SQLite.Statement;

// node:sqlite as far as it is used here (this repository's Node.js types predate the module).
type Params = unknown[];
interface NodeStatement {
  run(...params: Params): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: Params): unknown;
  all(...params: Params): unknown[];
  iterate(...params: Params): IterableIterator<unknown>;
  columns(): unknown[];
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
  DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => NodeDatabase;
}

export interface OpenOptions {
  readonly?: boolean;
  /** Refuse a file that does not exist instead of creating it. */
  fileMustExist?: boolean;
}

/** Node's own module in the packaged program (or when HAINIAO_SQLITE=node asks), else the npm one. */
function engine(): NodeSqlite {
  const sea = process.getBuiltinModule?.('node:sea');
  if (process.env.HAINIAO_SQLITE === 'node' || sea?.isSea() === true) {
    const builtIn = process.getBuiltinModule('node:sqlite') as NodeSqlite | undefined;
    if (builtIn) return builtIn;
  }
  // Loaded when used: the packaged program has no node_modules to load it from.
  return createRequire(import.meta.url)('@photostructure/sqlite') as NodeSqlite;
}

/** Opens a database file (created unless `fileMustExist` or `readonly`). */
export function openSqlite(file: string, options: OpenOptions = {}): Database {
  if ((options.fileMustExist || options.readonly) && file !== ':memory:' && !fs.existsSync(file)) {
    throw new Error(`unable to open database file: ${file} does not exist`);
  }
  const db = new (engine().DatabaseSync)(file, { readOnly: options.readonly === true });
  // better-sqlite3 waits up to 5 s for another connection's lock; node:sqlite by default not at all.
  db.exec('pragma busy_timeout = 5000');
  return wrap(db);
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

/** better-sqlite3 spreads array arguments (Kysely passes its values as one array). */
const flat = (params: Params): Params =>
  params.flatMap((param) => (Array.isArray(param) ? (param as unknown[]) : [param]));

function statement(prepared: NodeStatement) {
  let plucked = false;
  let bound: unknown[] | undefined;
  let iterating = 0;
  let reader: boolean | undefined;
  // better-sqlite3 takes named values without their @ and ignores keys a statement does not use.
  prepared.setAllowBareNamedParameters(true);
  prepared.setAllowUnknownNamedParameters?.(true);
  const args = (params: Params) => bound ?? flat(params);
  const shape = (value: unknown) =>
    plucked && value && typeof value === 'object' ? Object.values(value)[0] : row(value);
  const self = {
    /** Whether the statement answers rows (Kysely's SQLite dialect reads it). */
    get reader() {
      reader ??= prepared.columns().length > 0;
      return reader;
    },
    /** Whether an iteration of it is still open: it cannot run again meanwhile. */
    get busy() {
      return iterating > 0;
    },
    run: (...params: unknown[]) => {
      const result = prepared.run(...args(params));
      return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
    },
    get: (...params: unknown[]) => shape(prepared.get(...args(params))),
    all: (...params: unknown[]) => prepared.all(...args(params)).map(shape),
    *iterate(...params: unknown[]) {
      iterating += 1;
      try {
        for (const value of prepared.iterate(...args(params))) yield shape(value);
      } finally {
        iterating -= 1;
      }
    },
    pluck(on = true) {
      plucked = on;
      return self;
    },
    bind(...params: unknown[]) {
      bound = flat(params);
      return self;
    },
  };
  return self;
}

/** A node:sqlite database with the better-sqlite3 API the callers use. */
function wrap(db: NodeDatabase): Database {
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
  return self as unknown as Database;
}
