import type { Kysely } from 'kysely';

// Environment sync (issue 13): each environment's latest snapshot per owner with a version and a
// change sequence (pulls ask for changes after a cursor), shares by account, revocations a pull
// must tell (unshared), and the run lease that keeps an environment on one machine at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row: the last change sequence given out (every push, share and revocation takes the next).
  await db.schema
    .createTable('sync_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('sync_counter' as never)
    .values({ id: 1, value: 0 } as never)
    .execute();

  await db.schema
    .createTable('sync_env')
    .addColumn('env_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_device', 'varchar(128)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sync_env_owner_seq')
    .on('sync_env')
    .columns(['owner_id', 'seq'])
    .execute();

  await db.schema
    .createTable('sync_share')
    .addColumn('env_id', 'varchar(32)', (c) =>
      c.notNull().references('sync_env.env_id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_share_pk', ['env_id', 'account_id'])
    .execute();
  await db.schema.createIndex('sync_share_account').on('sync_share').column('account_id').execute();

  await db.schema
    .createTable('sync_revoke')
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('env_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_revoke_pk', ['account_id', 'env_id'])
    .execute();

  await db.schema
    .createTable('sync_env_lease')
    .addColumn('env_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('device', 'varchar(128)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sync_env_lease', 'sync_revoke', 'sync_share', 'sync_env', 'sync_counter']) {
    await db.schema.dropTable(table).execute();
  }
}
