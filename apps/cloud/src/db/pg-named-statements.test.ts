import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresUp, TEST_POSTGRES_URL } from '../test/databases.ts';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';
import { nameStatements } from './pg-named-statements.ts';

describe.skipIf(!postgresUp)('PostgreSQL statements kept prepared per connection', () => {
  let client: pg.Client;
  let schema: string;

  beforeEach(async () => {
    schema = `named_${randomBytes(4).toString('hex')}`;
    client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.query(`set search_path = ${schema}`);
    await client.query('create table note (id integer primary key, text text not null)');
    await client.query(`insert into note values (1, 'one'), (2, 'two'), (3, 'three')`);
  });

  afterEach(async () => {
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  });

  const prepared = async () =>
    (
      await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by statement',
      )
    ).rows.map((row) => row.statement);

  it('prepares a row query once and answers each run with its own values', async () => {
    nameStatements(client);
    const select = 'select text from note where id = $1';
    expect((await client.query(select, [1])).rows).toEqual([{ text: 'one' }]);
    expect((await client.query(select, [3])).rows).toEqual([{ text: 'three' }]);
    expect(await prepared()).toEqual([select]);
    // DDL and queries without values through other forms stay unnamed.
    await client.query('create index note_text on note (text)');
    expect(await prepared()).toEqual([select]);
  });

  it('keeps answering after a migration changed the columns of a prepared select *', async () => {
    nameStatements(client);
    const select = 'select * from note where id = $1';
    expect((await client.query(select, [2])).rows).toEqual([{ id: 2, text: 'two' }]);
    // What another instance's `admin migrate` does during a rolling deploy.
    await client.query(`alter table note add column tag text not null default 'x'`);
    expect((await client.query(select, [2])).rows).toEqual([{ id: 2, text: 'two', tag: 'x' }]);
  });

  it('runs new shapes unnamed past the most a connection keeps', async () => {
    nameStatements(client, 2);
    for (let n = 1; n <= 3; n++) {
      const list = Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const rows = (await client.query(`select id from note where id in (${list})`, ids)).rows;
      expect(rows).toHaveLength(n);
    }
    expect(await prepared()).toHaveLength(2);
  });
});

describe.skipIf(!postgresUp)('the cloud database and its named statements', () => {
  for (const namedStatements of [true, false]) {
    it(`${namedStatements ? 'prepares' : 'does not prepare (DATABASE_NAMED_STATEMENTS=off)'} its queries`, async () => {
      const database = openDatabase(TEST_POSTGRES_URL, { namedStatements });
      try {
        const statements = await database.db.connection().execute(async (connection) => {
          for (const n of [1, 2]) await sql`select ${n}::int as n`.execute(connection);
          const rows = await sql<{ statement: string }>`
            select statement from pg_prepared_statements`.execute(connection);
          return rows.rows.map((row) => row.statement);
        });
        if (namedStatements) expect(statements).toContain('select $1::int as n');
        else expect(statements).toEqual([]);
      } finally {
        await database.close();
      }
    });
  }
});
