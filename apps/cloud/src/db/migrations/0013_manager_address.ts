import type { Kysely } from 'kysely';

// Issue 27: the API console links to the environment manager of the local service that last
// logged in with a credential, at the address the service reported in its login (apilogin).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('credential').addColumn('manager_url', 'varchar(64)').execute();
  await db.schema
    .alterTable('credential')
    .addColumn('manager_reported_at', 'varchar(30)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('credential').dropColumn('manager_reported_at').execute();
  await db.schema.alterTable('credential').dropColumn('manager_url').execute();
}
