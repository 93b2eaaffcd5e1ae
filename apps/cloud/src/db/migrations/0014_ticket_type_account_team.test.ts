import { expect, test } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { seedTicketTypes } from '../../modules/tickets/seed.ts';
import { up } from './0014_ticket_type_account_team.ts';

describeEachDatabase('the seeded "Account, team & billing" ticket type', (ctx) => {
  test('a store seeded before is renamed, staff renames are kept, a new store starts renamed', async () => {
    const { db } = ctx.database;
    // A store seeded with the old names; staff had since renamed the Chinese name of a copy.
    await db
      .insertInto('ticket_type')
      .values([
        { name_en: 'Account, team & billing', name_zh: '账号、团队与账单', sort: 50, active: 1 },
        { name_en: 'Account, team & billing', name_zh: '账号问题', sort: 51, active: 1 },
      ])
      .execute();
    await up(db as never);
    const rows = await db
      .selectFrom('ticket_type')
      .select(['name_en', 'name_zh'])
      .orderBy('sort')
      .execute();
    expect(rows).toEqual([
      { name_en: 'Account & team', name_zh: '账号与团队' },
      { name_en: 'Account & team', name_zh: '账号问题' },
    ]);

    // An empty store gets the new names from the seed.
    await db.deleteFrom('ticket_type').execute();
    await seedTicketTypes(ctx.database);
    const names = await db.selectFrom('ticket_type').select(['name_en', 'name_zh']).execute();
    expect(names).toContainEqual({ name_en: 'Account & team', name_zh: '账号与团队' });
    expect(JSON.stringify(names)).not.toMatch(/billing|账单/);
  });
});
