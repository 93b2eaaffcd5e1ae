import type { Kysely } from 'kysely';

// Profile snapshots as content-addressed chunks (issue 13; modules/chunks).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chunk')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('stored_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_chunk')
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('hash', 'varchar(64)', (c) => c.notNull().references('chunk.hash'))
    .addPrimaryKeyConstraint('account_chunk_pk', ['account_id', 'hash'])
    .execute();
  // Which accounts still hold a chunk (a later clean-up of chunks nobody holds).
  await db.schema.createIndex('account_chunk_hash').on('account_chunk').column('hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_chunk').execute();
  await db.schema.dropTable('chunk').execute();
}
