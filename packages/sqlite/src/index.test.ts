/**
 * The better-sqlite3 API the cloud and the local API use, on node:sqlite's engine, against real
 * database files: what Kysely's SQLite dialect reads (array values, `reader`, `busy`), named
 * values, BLOBs, nested transactions, pragmas, and read-only opening.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSqlite, type Database } from './index.ts';

let dir: string;
let db: Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-sqlite-'));
  db = openSqlite(path.join(dir, 'store.sqlite'));
  db.exec('create table item (id integer primary key, name text not null, data blob)');
});

afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('named values without their @ (unknown keys ignored), positional ones, one array of them', () => {
  const insert = db.prepare('insert into item (name, data) values (@name, @data)');
  expect(insert.run({ name: 'a', data: Buffer.from('blob'), extra: 1 })).toEqual({
    changes: 1,
    lastInsertRowid: 1,
  });
  db.prepare('insert into item (name) values (?)').run('b');
  // Kysely passes its values as one array.
  db.prepare('insert into item (name) values (?), (?)').run(['c', 'd']);
  expect(db.prepare('select name from item order by id').pluck().all()).toEqual([
    'a',
    'b',
    'c',
    'd',
  ]);
  const row = db.prepare('select * from item where name = ?').get('a') as { data: Buffer };
  expect(Buffer.isBuffer(row.data)).toBe(true);
  expect(row.data.toString()).toBe('blob');
  expect(db.prepare('select name from item where id = ?').bind(2).get()).toEqual({ name: 'b' });
  expect(db.prepare('select name from item where id = 99').get()).toBeUndefined();
});

test('reader tells a query from a change; a statement iterating is busy until it ends', () => {
  db.prepare('insert into item (name) values (?), (?)').run('a', 'b');
  expect(db.prepare('select id from item').reader).toBe(true);
  expect(db.prepare('delete from item').reader).toBe(false);
  const select = db.prepare('select name from item order by id');
  const rows = select.iterate();
  expect(rows.next().value).toEqual({ name: 'a' });
  expect(select.busy).toBe(true);
  expect([...rows]).toEqual([{ name: 'b' }]);
  expect(select.busy).toBe(false);
});

test('a failing inner transaction undoes only itself; a failing outer one undoes everything', () => {
  const add = db.prepare('insert into item (name) values (?)');
  const inner = db.transaction((name: string) => {
    add.run(name);
    throw new Error('inner failed');
  });
  const outer = db.transaction(() => {
    add.run('kept');
    expect(db.inTransaction).toBe(true);
    expect(() => inner('undone')).toThrow('inner failed');
  });
  outer();
  expect(db.inTransaction).toBe(false);
  expect(db.prepare('select name from item').pluck().all()).toEqual(['kept']);
  expect(() =>
    db.transaction(() => {
      add.run('also undone');
      throw new Error('outer failed');
    })(),
  ).toThrow('outer failed');
  expect(db.prepare('select name from item').pluck().all()).toEqual(['kept']);
});

test('pragmas; another connection waits 5 s for a lock, as better-sqlite3 does', () => {
  expect(db.pragma('journal_mode = WAL')).toEqual([{ journal_mode: 'wal' }]);
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
});

test('read-only opening reads and refuses writes; a missing file is refused and not created', () => {
  db.prepare('insert into item (name) values (?)').run('a');
  const reader = openSqlite(path.join(dir, 'store.sqlite'), { readonly: true });
  try {
    expect(reader.prepare('select count(*) from item').pluck().get()).toBe(1);
    expect(() => reader.prepare('insert into item (name) values (?)').run('b')).toThrow(/readonly/);
  } finally {
    reader.close();
  }
  const missing = path.join(dir, 'missing.sqlite');
  expect(() => openSqlite(missing, { fileMustExist: true })).toThrow(/does not exist/);
  expect(fs.existsSync(missing)).toBe(false);
});
