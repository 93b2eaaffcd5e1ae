import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingStatements } from './statement-cache.ts';

interface Db {
  note: { id: Generated<number>; text: string };
}

describe('SQLite statements kept prepared by SQL text', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-statements-'));
    file = path.join(dir, 'cloud.sqlite');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(capacity?: number) {
    const sqlite = openSqlite(file);
    const db = new Kysely<Db>({
      dialect: new SqliteDialect({ database: cachingStatements(sqlite, capacity) }),
    });
    await sql`create table note (id integer primary key, text text not null)`.execute(db);
    return db;
  }

  it('answers the rows as they are now, and writes with their ids and counts', async () => {
    const db = await open();
    const list = () => db.selectFrom('note').select('text').orderBy('id').execute();
    expect(await list()).toEqual([]);
    const first = await db.insertInto('note').values({ text: 'a' }).executeTakeFirstOrThrow();
    const second = await db.insertInto('note').values({ text: 'b' }).executeTakeFirstOrThrow();
    expect([first.insertId, second.insertId]).toEqual([1n, 2n]);
    // The same select again (a cached statement) sees both writes.
    expect(await list()).toEqual([{ text: 'a' }, { text: 'b' }]);
    const updated = await db.updateTable('note').set({ text: 'c' }).executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);
    // A write that returns rows is a reader statement and answers them.
    const returned = await db
      .insertInto('note')
      .values({ text: 'd' })
      .returning(['id', 'text'])
      .executeTakeFirstOrThrow();
    expect(returned).toEqual({ id: 3, text: 'd' });
    await db.destroy();
  });

  it('keeps transactions: a failed one leaves nothing, a committed one stays', async () => {
    const db = await open();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ text: 'lost' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('note').values({ text: 'kept' }).execute();
    });
    // The rolled-back transaction's begin/insert statements run again from the cache.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ text: 'lost' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('note').select('text').execute()).toEqual([{ text: 'kept' }]);
    await db.destroy();
  });

  it('streams, and sees a table created again after its statements were cached', async () => {
    const db = await open();
    await db
      .insertInto('note')
      .values([{ text: 'a' }, { text: 'b' }, { text: 'c' }])
      .execute();
    const query = db.selectFrom('note').select('text').orderBy('id');
    const seen: string[] = [];
    for await (const row of query.stream()) {
      seen.push(row.text);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(['a', 'b']);
    // The stream that stopped early freed its statement: the same query runs again.
    expect((await query.execute()).map((row) => row.text)).toEqual(['a', 'b', 'c']);
    await sql`drop table note`.execute(db);
    await sql`create table note (id integer primary key, text text not null)`.execute(db);
    expect(await query.execute()).toEqual([]);
    await db.destroy();
  });

  it('keeps at most its capacity, dropping the least recently used, and never a busy one', () => {
    const sqlite = openSqlite(file);
    const cache = cachingStatements(sqlite, 2);
    const a = cache.prepare('select 1 as n');
    const b = cache.prepare('select 2 as n');
    expect(cache.prepare('select 1 as n')).toBe(a);
    cache.prepare('select 3 as n'); // Drops `select 2`, used least recently.
    expect(cache.prepare('select 1 as n')).toBe(a);
    expect(cache.prepare('select 2 as n')).not.toBe(b);
    // While a statement iterates, the same SQL gets a statement of its own.
    const rows = a.iterate([]);
    rows.next();
    const other = cache.prepare('select 1 as n');
    expect(other).not.toBe(a);
    expect(other.all([])).toEqual([{ n: 1 }]);
    rows.return?.();
    expect(cache.prepare('select 1 as n')).toBe(a);
    cache.close();
    expect(sqlite.open).toBe(false);
  });
});
