import type { Kysely } from 'kysely';

// Upload limits count an account's recent uploads (tickets/upload-limits.ts) at every upload.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('attachment_uploader')
    .on('attachment')
    .columns(['uploader_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attachment_uploader').execute();
}
