import type { Kysely } from 'kysely';
import { withId } from './columns.ts';

// Migrations use only the portable part of Kysely's schema builder, so the same file runs on
// SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setting')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('browser_core'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('version', 'varchar(40)', (c) => c.notNull())
    .addColumn('core', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('browser_core').execute();
  await db.schema.dropTable('setting').execute();
}
