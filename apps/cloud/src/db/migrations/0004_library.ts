import type { Kysely } from 'kysely';
import { withId } from './columns.ts';

// The script and plugin library the local API installs from (modules/library).
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, idColumn] of [
    ['library_plugin', 'plugin_id'],
    ['library_script', 'script_id'],
  ] as const) {
    await withId(db, db.schema.createTable(table))
      .addColumn(idColumn, 'varchar(64)', (c) => c.notNull())
      .addColumn('slug', 'varchar(64)', (c) => c.notNull())
      .addColumn('version', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_zh', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull())
      .addColumn('description_zh', 'varchar(500)', (c) => c.notNull())
      .addColumn('file', 'varchar(160)', (c) => c.notNull().unique())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint(`${table}_version`, [idColumn, 'version'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_script').execute();
  await db.schema.dropTable('library_plugin').execute();
}
