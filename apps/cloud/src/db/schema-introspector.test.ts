import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresUp, TEST_POSTGRES_URL } from '../test/databases.ts';
import { openDatabase, type CloudDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe.skipIf(!postgresUp)('migrations look only at their own schema', () => {
  let admin: pg.Client;
  let ours: string;
  let theirs: string;
  let database: CloudDatabase;

  beforeEach(async () => {
    ours = `intro_${randomBytes(4).toString('hex')}`;
    theirs = `intro_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    // Another deployment in the same database, with Kysely's tables of its own.
    await admin.query(`create schema ${theirs}`);
    await admin.query(`create table ${theirs}.kysely_migration (name text primary key)`);
    await admin.query(`create table ${theirs}.account (id serial primary key)`);
    database = openDatabase(TEST_POSTGRES_URL, { schema: ours });
  });

  afterEach(async () => {
    await database.close();
    await admin.query(`drop schema if exists ${ours} cascade`);
    await admin.query(`drop schema if exists ${theirs} cascade`);
    await admin.end();
  });

  // Reading every schema's columns failed a migration when another schema was dropped meanwhile
  // ("schema … does not exist": parallel test runs, a staging schema beside production).
  it("sees its own tables only, not another schema's", async () => {
    await migrateToLatest(database);
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours]));
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['kysely_migration', 'account', 'sync_env']),
    );
    const account = tables.find((t) => t.name === 'account')!;
    expect(account.columns.length).toBeGreaterThan(3);
  });
});
