import { sql, type Kysely } from 'kysely';

// Teams (issue 13): a main account removes a sub-account by marking it (`removed_at`), not by
// deleting it, so that its usage logs and environments stay explainable and its name stays taken.
// A device lease records the account that logged in (a sub-account logs in with one of its team
// main's credentials); leases taken before this belong to the credential's owner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').addColumn('removed_at', 'varchar(30)').execute();
  await db.schema.createIndex('account_team').on('account').column('team_id').execute();
  await db.schema
    .alterTable('lease')
    .addColumn('account_id', 'integer', (c) => c.references('account.id').onDelete('cascade'))
    .execute();
  await sql`update lease set account_id =
    (select credential.account_id from credential where credential.id = lease.credential_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lease').dropColumn('account_id').execute();
  await db.schema.dropIndex('account_team').execute();
  await db.schema.alterTable('account').dropColumn('removed_at').execute();
}
