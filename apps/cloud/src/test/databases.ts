import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type CloudDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
// The PostgreSQL of the suites and whether it answers (under CI it must), shared with the
// whole-system tests.
import { postgresUp, TEST_POSTGRES_URL } from '@hainiao/testkit/postgres';

export { postgresUp, TEST_POSTGRES_URL };

export interface TestDatabase {
  readonly database: CloudDatabase;
}

/** A fresh, migrated database: a temporary SQLite file, or a throw-away PostgreSQL schema. */
async function createTestDatabase(kind: 'sqlite' | 'postgres') {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-cloud-'));
    const database = openDatabase(`sqlite:${path.join(dir, 'cloud.sqlite')}`);
    await migrateToLatest(database);
    return {
      database,
      async dispose() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const database = openDatabase(TEST_POSTGRES_URL, { schema });
  await migrateToLatest(database);
  return {
    database,
    async dispose() {
      await database.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** Runs the same suite on SQLite and on PostgreSQL, each with its own fresh database. */
export function describeEachDatabase(title: string, suite: (ctx: TestDatabase) => void): void {
  for (const kind of ['sqlite', 'postgres'] as const) {
    describe.skipIf(kind === 'postgres' && !postgresUp)(`${title} [${kind}]`, () => {
      let current: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await current?.dispose();
      });
      suite({
        get database() {
          if (!current) throw new Error('database not ready');
          return current.database;
        },
      });
    });
  }
}
