import type { Kysely } from 'kysely';

// Client tokens of the site's own sign-in are bound to a nonce the signing-in tab keeps: /status
// exchanges them only with that nonce (login CSRF on /route). Tokens without one (the desktop
// client's links) stay unbound. An index lets "sign out everywhere" find an account's tokens.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_token').addColumn('nonce_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('auth_token_account')
    .on('auth_token')
    .columns(['account_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_token_account').execute();
  await db.schema.alterTable('auth_token').dropColumn('nonce_hash').execute();
}
