import type { Kysely } from 'kysely';
import { withId } from './columns.ts';

// Accounts, their tokens, API credentials, device leases and usage logs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('account'))
    .addColumn('account', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_id', 'integer', (c) => c.references('account.id'))
    .addColumn('is_team', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expire_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('auth_token'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .execute();

  await withId(db, db.schema.createTable('credential'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('app_key_enc', 'varchar(255)', (c) => c.notNull())
    .addColumn('begin_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('expire_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credential_account').on('credential').column('account_id').execute();

  await withId(db, db.schema.createTable('api_log'))
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('status', 'varchar(4)', (c) => c.notNull())
    .addColumn('device', 'varchar(128)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('api_log_uid_start')
    .on('api_log')
    .columns(['uid', 'start_time'])
    .execute();

  await db.schema
    .createTable('lease')
    .addColumn('credential_id', 'integer', (c) =>
      c.primaryKey().references('credential.id').onDelete('cascade'),
    )
    .addColumn('device', 'varchar(128)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('acquired_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('heartbeat_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('log_id', 'integer', (c) => c.notNull().references('api_log.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lease', 'api_log', 'credential', 'auth_token', 'account']) {
    await db.schema.dropTable(table).execute();
  }
}
