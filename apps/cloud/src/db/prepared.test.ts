import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { prepared, type Param } from './prepared.ts';

describeEachDatabase('queries compiled once and run with new values', (ctx) => {
  it('binds each run its own values, in place of the stand-ins, beside the constants', async () => {
    const { db } = ctx.database;
    const now = '2026-11-26T10:00:00.000Z';
    for (const [name, removed] of [
      ['ana', null],
      ['bo', null],
      ['cy', now],
    ] as const) {
      await db
        .insertInto('account')
        .values({
          account: name,
          email: `${name}@example.com`,
          password_hash: 'x',
          type: 0,
          role: 'user',
          is_team: 0,
          created_at: now,
          expire_at: '2099-01-01T00:00:00.000Z',
          removed_at: removed,
        })
        .execute();
    }
    // `name` twice, a constant ('is null') between: positions map to the right values.
    const byName = prepared(db, (param: Param<{ name: string; email: string }>) =>
      db
        .selectFrom('account')
        .select(['account', 'email'])
        .where((eb) => eb.or([eb('account', '=', param('name')), eb('email', '=', param('email'))]))
        .where('removed_at', 'is', null)
        .where('account', '!=', 'nobody')
        .orderBy('account'),
    );
    expect(await byName({ name: 'ana', email: 'bo@example.com' })).toEqual([
      { account: 'ana', email: 'ana@example.com' },
      { account: 'bo', email: 'bo@example.com' },
    ]);
    expect(await byName({ name: 'bo', email: 'none' })).toEqual([
      { account: 'bo', email: 'bo@example.com' },
    ]);
    // A removed account is left out by the constant part of the query.
    expect(await byName({ name: 'cy', email: 'cy@example.com' })).toEqual([]);
    // Values are bound, never spliced into the SQL.
    expect(await byName({ name: "ana' or '1'='1", email: '' })).toEqual([]);
  });
});
