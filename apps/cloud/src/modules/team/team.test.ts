import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LEASE_TIMEOUT_MS, TEAM_MEMBERS_MAX } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const PASSWORD = 'correct-horse-7';

describeEachDatabase('teams: the Team tab’s calls, the quota, and removal', (ctx) => {
  let app: FastifyInstance;
  const time = testClock();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: time.clock });
  });
  afterAll(() => app.close());

  /** Signs in as the site does (signin, then /status), answering the session token. */
  async function signIn(Account: string, password = PASSWORD) {
    const signin = await post(app, 'signin', { Account, password });
    if (signin.body.code !== 0) return { token: '', answer: signin.body };
    const status = await post(app, 'status', { clienttoken: signin.body.data.clienttoken });
    return { token: status.body.data.user_info.token as string, answer: status.body };
  }

  async function signUp(Account: string) {
    const res = await post(app, 'signup', {
      Account,
      email: `${Account}@example.com`,
      password: PASSWORD,
    });
    expect(res.body.code, res.body.msg).toBe(0);
    return (await signIn(Account)).token;
  }

  const add = (token: string, Account: string, lang: 'en' | 'zh-CHS' = 'en') =>
    post(
      app,
      'teamadd',
      { token, Account, email: `${Account}@example.com`, password: PASSWORD },
      lang,
    );
  const list = async (token: string) => (await post(app, 'teamlist', { token })).body;

  async function apply(token: string) {
    const res = await post(app, 'applyapi', { token });
    const key = await post(app, 'getappkey', { token, app_id: res.body.data?.app_id ?? '' });
    return { res, app_id: res.body.data?.app_id as string, app_key: key.body.data?.app_key };
  }

  const login = (Account: string, cred: { app_id: string; app_key: string }, device: string) =>
    post(app, 'apilogin', { Account, APP_ID: cred.app_id, APP_KEY: cred.app_key, device });

  test('an account without a team sees itself, a quota of one and room to grow', async () => {
    const token = await signUp('loner');
    expect(await list(token)).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        self: 'loner',
        type: 0,
        main: 'loner',
        quota: 1,
        held: 0,
        room: TEAM_MEMBERS_MAX - 1,
        members: [
          {
            Account: 'loner',
            email: 'loner@example.com',
            type: 0,
            account_reg_date: time.clock().toISOString(),
            account_expire_date: expect.any(String),
            online: false,
            credentials: 0,
          },
        ],
      },
    });
  });

  test('the main account adds sub-accounts: listed with type 1, the quota grows by one each', async () => {
    const main = await signUp('shopmain');
    const added = await add(main, 'shop_clerk');
    expect(added.body).toMatchObject({
      code: 0,
      msg: 'Sub-account created',
      data: { Account: 'shop_clerk', email: 'shop_clerk@example.com', type: 1, online: false },
    });
    expect((await add(main, 'shop_packer', 'zh-CHS')).body.msg).toBe('子账号已创建');
    const team = (await list(main)).data;
    expect(team.members.map((m: { Account: string; type: number }) => [m.Account, m.type])).toEqual(
      [
        ['shopmain', 0],
        ['shop_clerk', 1],
        ['shop_packer', 1],
      ],
    );
    expect(team).toMatchObject({ quota: 3, held: 0, room: TEAM_MEMBERS_MAX - 3 });
    // The sub-account shares its main's package end.
    expect(team.members[1].account_expire_date).toBe(team.members[0].account_expire_date);

    // Only the main applies, up to one credential per member; the refusal says why.
    for (let i = 0; i < 3; i++) expect((await apply(main)).res.body.code).toBe(0);
    const fourth = await post(app, 'applyapi', { token: main });
    expect(fourth.body.code).toBe(2);
    expect(fourth.body.msg).toBe(
      'Your team already holds 3 API credentials: one per team member, main account included. Only the main account applies; adding a team member raises the quota.',
    );
    const zh = await post(app, 'applyapi', { token: main }, 'zh-CHS');
    expect(zh.body.msg).toContain('每位团队成员（含主账号）一个');
    expect((await list(main)).data).toMatchObject({ quota: 3, held: 3 });
    // Each member with the credentials it holds: the main all three, a sub-account none (it logs
    // in with one of its main's), apart from the quota.
    expect(
      (await list(main)).data.members.map((m: { Account: string; credentials: number }) => [
        m.Account,
        m.credentials,
      ]),
    ).toEqual([
      ['shopmain', 3],
      ['shop_clerk', 0],
      ['shop_packer', 0],
    ]);
  });

  test('a sub-account signs in, sees its main and itself only, and cannot change the team or apply', async () => {
    const main = await signUp('agency');
    await add(main, 'agency_a');
    await add(main, 'agency_b');
    const sub = await signIn('agency_a');
    expect(sub.answer.data.user_info).toMatchObject({ account: 'agency_a', type: 1 });
    const seen = (await list(sub.token)).data;
    expect(seen).toMatchObject({ self: 'agency_a', type: 1, main: 'agency', quota: 3, room: 0 });
    expect(seen.members.map((m: { Account: string }) => m.Account)).toEqual(['agency', 'agency_a']);

    for (const lang of ['en', 'zh-CHS'] as const) {
      const msg =
        lang === 'en'
          ? "Only the team's main account can add or remove team members"
          : '只有团队主账号可以添加或移除团队成员';
      expect((await add(sub.token, 'agency_c', lang)).body).toEqual({ code: 403, msg });
      expect(
        (await post(app, 'teamremove', { token: sub.token, Account: 'agency_b' }, lang)).body,
      ).toEqual({ code: 403, msg });
    }
    expect((await post(app, 'applyapi', { token: sub.token })).body).toEqual({
      code: 403,
      msg: "Only the team's main account can apply for API credentials",
    });
    // Nothing changed.
    expect((await list(main)).data.members).toHaveLength(3);
    expect((await signIn('agency_c')).answer.code).toBe(401);
  });

  test('teamadd follows the sign-up rules, in the caller’s language', async () => {
    const main = await signUp('ruler');
    const bad = await post(app, 'teamadd', {
      token: main,
      Account: 'no spaces',
      email: 'x@example.com',
      password: PASSWORD,
    });
    expect(bad.body).toEqual({ code: 1, msg: 'Invalid parameter: Account' });
    const short = await post(
      app,
      'teamadd',
      { token: main, Account: 'ruler_1', email: 'r1@example.com', password: 'short' },
      'zh-CHS',
    );
    expect(short.body).toEqual({ code: 1, msg: '密码长度不能少于 8 位' });
    const email = await post(app, 'teamadd', {
      token: main,
      Account: 'ruler_1',
      email: 'not-an-email',
      password: PASSWORD,
    });
    expect(email.body).toEqual({ code: 1, msg: 'Please enter a valid email address' });
    expect((await add(main, 'ruler')).body).toEqual({
      code: 2,
      msg: 'This account name is already taken',
    });
    const takenEmail = await post(app, 'teamadd', {
      token: main,
      Account: 'ruler_2',
      email: 'RULER@example.com',
      password: PASSWORD,
    });
    expect(takenEmail.body).toEqual({ code: 2, msg: 'This email is already registered' });
    for (const call of ['teamlist', 'teamadd', 'teamremove']) {
      const form = { Account: 'ruler_3', email: 'r3@example.com', password: PASSWORD };
      expect((await post(app, call, { token: 'st_forged', ...form })).body.code).toBe(401);
    }
    expect((await list(main)).data.members).toHaveLength(1);
  });

  test('a sub-account logs in a local API with a team credential; /members answers each member’s type', async () => {
    const main = await signUp('studio');
    await add(main, 'studio_one');
    await signUp('outsider');
    const cred = await apply(main);
    const wrongKey = await login('studio_one', { ...cred, app_key: 'f'.repeat(32) }, 'pc-2');
    expect(wrongKey.body.code).toBe(-1);
    expect((await login('outsider', cred, 'pc-2')).body.code).toBe(-1);

    const subLogin = await login('studio_one', cred, 'pc-2');
    expect(subLogin.body).toMatchObject({ code: 0, data: { Account: 'studio_one', type: 1 } });
    const lease = subLogin.body.data.token as string;
    const team = (await list(main)).data;
    expect(team.members.map((m: { online: boolean }) => m.online)).toEqual([false, true]);
    for (const member of team.members as { Account: string; type: number }[]) {
      const res = await post(app, 'members', { token: lease, Account: member.Account });
      expect(res.body.data).toMatchObject({ Account: member.Account, type: member.type });
    }
    expect((await post(app, 'members', { token: lease, Account: 'outsider' })).body.code).toBe(404);
    // The login shows in the main account's usage logs (it owns the credential).
    const logs = (await post(app, 'apiusedlogs', { token: main })).body.data.list;
    expect(logs[0]).toMatchObject({ app_id: cred.app_id, status: '1', end_time: null });
  });

  test('removal: the sub-account’s session, sign-in, lease and local-API login end; the quota shrinks', async () => {
    const main = await signUp('bakery');
    await add(main, 'bakery_tmp');
    const sub = await signIn('bakery_tmp');
    const creds = [await apply(main), await apply(main)];
    const lease = (await login('bakery_tmp', creds[1]!, 'pc-9')).body.data.token as string;
    const mainLease = (await login('bakery', creds[0]!, 'pc-1')).body.data.token as string;

    // Not a sub-account of this team: refused, nothing changes.
    const other = await signUp('rival');
    await add(other, 'rival_sub');
    for (const name of ['rival_sub', 'rival', 'bakery', 'nobody']) {
      expect((await post(app, 'teamremove', { token: main, Account: name })).body).toEqual({
        code: 404,
        msg: 'This account is not a sub-account of your team',
      });
    }

    const removed = await post(app, 'teamremove', { token: main, Account: 'bakery_tmp' });
    expect(removed.body).toEqual({
      code: 0,
      msg: 'Sub-account removed',
      data: { Account: 'bakery_tmp', quota: 1 },
    });
    // Its session is over, and says why, in both languages.
    expect((await post(app, 'teamlist', { token: sub.token })).body).toEqual({
      code: 401,
      msg: "This account was removed from its team by the team's main account",
    });
    expect((await post(app, 'apiorderlist', { token: sub.token }, 'zh-CHS')).body).toEqual({
      code: 401,
      msg: '该账号已被团队主账号移出团队',
    });
    // It cannot sign in again (a wrong password learns nothing more).
    expect((await signIn('bakery_tmp')).answer).toEqual({
      code: 403,
      msg: "This account was removed from its team by the team's main account",
    });
    expect((await signIn('bakery_tmp', 'wrong-password')).answer.code).toBe(401);
    // Its device lease ended, and it cannot log in a local API any more.
    expect((await post(app, 'apiheartbeat', { token: lease, device: 'pc-9' })).body.code).toBe(-4);
    expect((await login('bakery_tmp', creds[1]!, 'pc-9')).body.code).toBe(-1);
    expect(
      (await post(app, 'members', { token: mainLease, Account: 'bakery_tmp' })).body.code,
    ).toBe(404);
    // The main account's own lease and credentials are untouched.
    expect((await post(app, 'apiheartbeat', { token: mainLease, device: 'pc-1' })).body.code).toBe(
      0,
    );
    const team = (await list(main)).data;
    expect(team).toMatchObject({ quota: 1, held: 2 });
    expect(team.members).toMatchObject([{ Account: 'bakery', credentials: 2 }]);
    expect((await post(app, 'applyapi', { token: main })).body.code).toBe(2);
    // The removed login's usage-log row is closed; the name stays taken.
    const logs = (await post(app, 'apiusedlogs', { token: main })).body.data.list as {
      app_id: string;
      status: string;
      end_time: string | null;
    }[];
    const subRow = logs.find((row) => row.app_id === creds[1]!.app_id && row.status === '1');
    expect(subRow?.end_time).toBe(time.clock().toISOString());
    expect((await add(main, 'bakery_tmp')).body.code).toBe(2);
    expect((await post(app, 'teamremove', { token: main, Account: 'bakery_tmp' })).body.code).toBe(
      404,
    );

    // A new member raises the quota again; the other team never changed.
    await add(main, 'bakery_new');
    expect((await list(main)).data).toMatchObject({ quota: 2, held: 2 });
    expect((await list(other)).data.members).toHaveLength(2);
  });

  test('envteam: a local API’s lease reads the team exactly as teamlist answers it for the lease’s account', async () => {
    const main = await signUp('workshop');
    await add(main, 'workshop_cut');
    await add(main, 'workshop_sew');
    const creds = [await apply(main), await apply(main), await apply(main)];
    const mainLease = (await login('workshop', creds[0]!, 'pc-1')).body.data.token as string;
    // Sub-accounts log in with credentials their main account holds.
    const cutLease = (await login('workshop_cut', creds[1]!, 'pc-2')).body.data.token as string;
    const sewLease = (await login('workshop_sew', creds[2]!, 'pc-3')).body.data.token as string;
    const envteam = async (token: string, lang: 'en' | 'zh-CHS' = 'en') =>
      (await post(app, 'envteam', { token }, lang)).body;

    // The main account: its whole team, main first, each online while its lease lives.
    const whole = await envteam(mainLease);
    expect(whole).toEqual(await list(main));
    expect(whole.data).toMatchObject({ self: 'workshop', type: 0, main: 'workshop', quota: 3 });
    expect(
      whole.data.members.map((m: { Account: string; type: number; online: boolean }) => [
        m.Account,
        m.type,
        m.online,
      ]),
    ).toEqual([
      ['workshop', 0, true],
      ['workshop_cut', 1, true],
      ['workshop_sew', 1, true],
    ]);

    // A sub-account: its main account and itself, as its own teamlist shows them.
    const cut = await envteam(cutLease);
    expect(cut).toEqual(await list((await signIn('workshop_cut')).token));
    expect(cut.data).toMatchObject({ self: 'workshop_cut', type: 1, main: 'workshop', room: 0 });
    expect(cut.data.members.map((m: { Account: string }) => m.Account)).toEqual([
      'workshop',
      'workshop_cut',
    ]);

    // A removed sub-account's lease is refused (Login_Expire); the others read the smaller team.
    expect(
      (await post(app, 'teamremove', { token: main, Account: 'workshop_sew' })).body.code,
    ).toBe(0);
    expect((await envteam(sewLease)).code).toBe(-4);
    expect((await envteam(sewLease, 'zh-CHS')).code).toBe(-4);
    expect(
      (await envteam(mainLease)).data.members.map((m: { Account: string }) => m.Account),
    ).toEqual(['workshop', 'workshop_cut']);
    // Without a lease, or with a console session token in its place: refused the same way.
    expect((await envteam('lt_forged')).code).toBe(-4);
    expect((await envteam(main)).code).toBe(-4);
    // An account without a team reads itself.
    const loner = await signUp('workshop_alone');
    const own = await apply(loner);
    const lonerLease = (await login('workshop_alone', own, 'pc-9')).body.data.token as string;
    expect((await envteam(lonerLease)).data).toMatchObject({
      self: 'workshop_alone',
      main: 'workshop_alone',
      quota: 1,
      members: [{ Account: 'workshop_alone', type: 0, online: true }],
    });
  });

  test('online means a live lease: silence past the timeout shows the member offline', async () => {
    const main = await signUp('nightowl');
    const cred = await apply(main);
    await login('nightowl', cred, 'pc-1');
    expect((await list(main)).data.members[0].online).toBe(true);
    time.advance(LEASE_TIMEOUT_MS + 1000);
    expect((await list(main)).data.members[0].online).toBe(false);
  });
});
