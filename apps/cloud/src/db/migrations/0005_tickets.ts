import type { Kysely } from 'kysely';
import { withId } from './columns.ts';

// Support tickets, their replies, ticket types and attachments.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('ticket_type'))
    .addColumn('name_en', 'varchar(60)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(60)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('ticket'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('typeid', 'integer', (c) => c.notNull().references('ticket_type.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('privateinfo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('add_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_account_update')
    .on('ticket')
    .columns(['account_id', 'update_time'])
    .execute();
  await db.schema.createIndex('ticket_update').on('ticket').column('update_time').execute();

  await withId(db, db.schema.createTable('ticket_reply'))
    .addColumn('ticket_id', 'integer', (c) =>
      c.notNull().references('ticket.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('username', 'varchar(80)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('privateinfo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('add_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_reply_ticket')
    .on('ticket_reply')
    .column('ticket_id')
    .execute();

  await db.schema
    .createTable('attachment')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('uploader_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('ticket_id', 'integer', (c) => c.references('ticket.id').onDelete('cascade'))
    .addColumn('reply_id', 'integer', (c) => c.references('ticket_reply.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('mime', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachment_ticket').on('attachment').column('ticket_id').execute();
  await db.schema.createIndex('attachment_reply').on('attachment').column('reply_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['attachment', 'ticket_reply', 'ticket', 'ticket_type']) {
    await db.schema.dropTable(table).execute();
  }
}
