import type { Kysely } from 'kysely';

// Hainiao has one free plan, so the seeded ticket type no longer mentions billing. The seed only
// fills an empty table: stores seeded before get the new name here, each language only where
// staff have not renamed it since.
const RENAMES = [
  { column: 'name_en', from: 'Account, team & billing', to: 'Account & team' },
  { column: 'name_zh', from: '账号、团队与账单', to: '账号与团队' },
] as const;

type TicketTypes = { ticket_type: { name_en: string; name_zh: string } };

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = db as unknown as Kysely<TicketTypes>;
  for (const { column, from, to } of RENAMES) {
    await types.updateTable('ticket_type').set(column, to).where(column, '=', from).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const types = db as unknown as Kysely<TicketTypes>;
  for (const { column, from, to } of RENAMES) {
    await types.updateTable('ticket_type').set(column, from).where(column, '=', to).execute();
  }
}
