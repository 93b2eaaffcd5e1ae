import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CLIENT_TOKEN_TTL_MS, SESSION_TOKEN_TTL_MS } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('accounts and tokens', (ctx) => {
  let app: FastifyInstance;
  const time = testClock();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: time.clock });
  });
  afterAll(() => app.close());

  async function signUp(name: string) {
    const res = await post(app, 'signup', {
      Account: name,
      email: `${name}@example.com`,
      password: 'correct-horse-7',
    });
    expect(res.body.code).toBe(0);
    return res.body.data.clienttoken as string;
  }

  async function session(clienttoken: string) {
    const res = await post(app, 'status', { clienttoken });
    expect(res.body.code).toBe(0);
    return res.body.data.user_info as { token: string; email: string; account: string };
  }

  test('sign-up hands out a one-time client token that /status turns into a session', async () => {
    const clienttoken = await signUp('alice');
    expect(clienttoken).toMatch(/^ct_/);
    const info = await session(clienttoken);
    expect(info.email).toBe('alice@example.com');
    expect(info.token).toMatch(/^st_/);
    // Single use: the same link cannot be replayed.
    const again = await post(app, 'status', { clienttoken });
    expect(again.body).toMatchObject({ code: 401, msg: expect.stringMatching(/^Invalid token/) });
  });

  test('answers failures in the request language', async () => {
    const res = await post(app, 'status', { clienttoken: 'ct_nope' }, 'zh-CHS');
    expect(res.body.code).toBe(401);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  test('sign-in works with the account name or the email, and refuses a wrong password', async () => {
    await signUp('bob');
    expect(
      (await post(app, 'signin', { Account: 'bob', password: 'correct-horse-7' })).body.code,
    ).toBe(0);
    expect(
      (await post(app, 'signin', { email: 'BOB@example.com', password: 'correct-horse-7' })).body
        .code,
    ).toBe(0);
    const wrong = await post(app, 'signin', { Account: 'bob', password: 'wrong-password' });
    expect(wrong.body).toEqual({ code: 401, msg: 'Wrong account or password' });
    const unknown = await post(app, 'signin', { Account: 'nobody', password: 'wrong-password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  test('sign-up validates and refuses duplicates without writing anything', async () => {
    const short = await post(app, 'signup', {
      Account: 'carol',
      email: 'carol@example.com',
      password: 'short',
    });
    expect(short.body).toEqual({ code: 1, msg: 'Password must be at least 8 characters' });
    const email = await post(app, 'signup', {
      Account: 'carol',
      email: 'not-an-email',
      password: 'correct-horse-7',
    });
    expect(email.body.code).toBe(1);
    await signUp('carol');
    const sameName = await post(app, 'signup', {
      Account: 'carol',
      email: 'other@example.com',
      password: 'correct-horse-7',
    });
    expect(sameName.body).toEqual({ code: 2, msg: 'This account name is already taken' });
    const sameEmail = await post(app, 'signup', {
      Account: 'carol2',
      email: 'Carol@Example.com',
      password: 'correct-horse-7',
    });
    expect(sameEmail.body).toEqual({ code: 2, msg: 'This email is already registered' });
    const rows = await ctx.database.db
      .selectFrom('account')
      .select('account')
      .where('account', 'like', 'carol%')
      .execute();
    expect(rows.map((r) => r.account)).toEqual(['carol']);
  });

  test('passwords are stored as scrypt hashes and tokens only as hashes', async () => {
    const clienttoken = await signUp('dave');
    const { token } = await session(clienttoken);
    const account = await ctx.database.db
      .selectFrom('account')
      .selectAll()
      .where('account', '=', 'dave')
      .executeTakeFirstOrThrow();
    expect(account.password_hash).toMatch(/^scrypt\$/);
    expect(account.password_hash).not.toContain('correct-horse-7');
    const tokens = await ctx.database.db
      .selectFrom('auth_token')
      .select('token_hash')
      .where('account_id', '=', account.id)
      .execute();
    for (const row of tokens) expect([clienttoken, token]).not.toContain(row.token_hash);
  });

  test('a client token expires after minutes', async () => {
    const clienttoken = await signUp('erin');
    time.advance(CLIENT_TOKEN_TTL_MS + 1000);
    expect((await post(app, 'status', { clienttoken })).body.code).toBe(401);
  });

  test('sign-out revokes the session token; sessions also expire', async () => {
    const { token } = await session(await signUp('frank'));
    expect((await post(app, 'apiorderlist', { token })).body.code).toBe(0);
    const out = await post(app, 'signout', { token });
    expect(out.body).toMatchObject({ code: 0, msg: 'Signed out' });
    expect((await post(app, 'apiorderlist', { token })).body.code).toBe(401);

    const second = await session(
      (await post(app, 'signin', { Account: 'frank', password: 'correct-horse-7' })).body.data
        .clienttoken,
    );
    expect((await post(app, 'apiorderlist', { token: second.token })).body.code).toBe(0);
    time.advance(SESSION_TOKEN_TTL_MS + 1000);
    expect((await post(app, 'apiorderlist', { token: second.token })).body.code).toBe(401);
  });

  test('every call checks inweb and lang', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/hainiao/signin', payload: {} });
    expect(res.json().code).toBe(1);
  });

  test('sign-in is rate limited per client', async () => {
    const attempts = [];
    for (let i = 0; i < 12; i++)
      attempts.push(
        await post(
          app,
          'signin',
          { Account: 'ghost', password: 'whatever-pass' },
          'en',
          '192.0.2.7',
        ),
      );
    const limited = attempts.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.body).toMatchObject({
      code: 429,
      msg: expect.stringMatching(/Too many attempts, please try again in \d+ seconds/),
    });
  });
});
