import type { Kysely } from 'kysely';

// The sweep of unreferenced chunks (modules/chunks/sweep.ts) reads them by age.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('chunk_created_at').on('chunk').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chunk_created_at').execute();
}
