import type { Kysely } from 'kysely';
import { withId } from './columns.ts';

// Forgot password (issue 27): at most one reset token per account (a new request replaces the
// older one), stored only as its SHA-256; `used_at` makes it single use.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('password_reset'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().unique().references('account.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset').execute();
}
