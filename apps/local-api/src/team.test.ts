/**
 * The team of the logged-in account (/api/v1/team/list, issue 17) against a real cloud: two
 * services as two machines, one logged in as a team's sub-account, one as its main account. Each
 * sees the team as the cloud's Team tab shows it to that account (without email addresses); the
 * main account finds the sub-account's environments with listid's Session_Owner; the cloud's
 * failures answer as /members answers them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from './test/server.ts';

type Credential = { Account: string; APP_ID: string; APP_KEY: string };

const DAY = expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/);

async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('the team of the logged-in account', () => {
  let cloud: TestCloud;
  let lead: Credential;
  let clerk: Credential;
  let mainPc: TestService;
  let clerkPc: TestService;
  let clerkEnv = '';

  const listid = async (service: TestService, filters: Record<string, unknown> = {}) => {
    const res = await service.post('/api/v1/session/listid', filters);
    expect(res.json().code, res.text).toBe(0);
    return res.json().data as { listid: string[]; total: number };
  };
  const create = async (service: TestService, name: string) => {
    const res = await service.post('/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: name,
    });
    expect(res.json().code, res.text).toBe(0);
    return res.json().data.Session_Id as string;
  };

  beforeAll(async () => {
    cloud = await startTestCloud();
    lead = await cloud.account('lead');
    // A sub-account logs in with a credential its main account holds (quota: one a member).
    await cloud.admin([
      'account:create',
      '--account',
      'lead_clerk',
      '--email',
      'lead_clerk@example.com',
      '--password',
      'correct-horse-7',
      '--team-of',
      'lead',
    ]);
    const out = await cloud.admin(['credential:create', '--account', 'lead']);
    clerk = {
      Account: 'lead_clerk',
      APP_ID: /app_id\s+(\S+)/.exec(out)![1]!,
      APP_KEY: /app_key\s+(\S+)/.exec(out)![1]!,
    };
    [mainPc, clerkPc] = await Promise.all([
      startTestService({ cloud: cloud.url, syncIntervalMs: 500 }),
      startTestService({ cloud: cloud.url, syncIntervalMs: 500 }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([mainPc?.dispose(), clerkPc?.dispose()]);
    await cloud?.stop();
  });

  test('a sub-account sees its main account and itself, in the caller’s language; listid filters by owner', async () => {
    expect((await clerkPc.post('/login', clerk)).json().status).toBe(0);
    clerkEnv = await create(clerkPc, 'clerk shop');

    const res = await clerkPc.post('/api/v1/team/list');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      message: 'Team Return Success',
      code: 0,
      data: {
        self: 'lead_clerk',
        type: 1,
        main: 'lead',
        quota: 2,
        held: 2,
        members: [
          {
            Account: 'lead',
            type: 0,
            online: false,
            credentials: 2,
            account_reg_date: DAY,
            account_expire_date: DAY,
          },
          {
            Account: 'lead_clerk',
            type: 1,
            online: true,
            credentials: 0,
            account_reg_date: DAY,
            account_expire_date: DAY,
          },
        ],
      },
    });
    const zh = await clerkPc.post('/api/v1/team/list', {}, { 'accept-language': 'zh-CN' });
    expect(zh.json()).toMatchObject({ message: '团队信息获取成功', code: 0 });
    // It takes no parameters.
    const extra = await clerkPc.post('/api/v1/team/list', { Account: 'lead' });
    expect(extra.status).toBe(400);
    expect(extra.json()).toMatchObject({ code: -10000, message: 'Unknown field: Account' });

    expect((await listid(clerkPc, { Session_Owner: 'lead_clerk' })).listid).toEqual([clerkEnv]);
    expect(await listid(clerkPc, { Session_Owner: 'lead' })).toMatchObject({
      listid: [],
      total: 0,
    });
  });

  test('the main account sees its whole team, and each member’s environments by owner across pages', async () => {
    expect((await mainPc.post('/login', lead)).json().status).toBe(0);
    const team = (await mainPc.post('/api/v1/team/list')).json();
    expect(team).toMatchObject({
      code: 0,
      data: { self: 'lead', type: 0, main: 'lead', quota: 2 },
    });
    expect(team.data.members).toEqual([
      {
        Account: 'lead',
        type: 0,
        online: true,
        credentials: 2,
        account_reg_date: DAY,
        account_expire_date: DAY,
      },
      {
        Account: 'lead_clerk',
        type: 1,
        online: true,
        credentials: 0,
        account_reg_date: DAY,
        account_expire_date: DAY,
      },
    ]);

    // The sub-account's environment reaches the main account's machine through the cloud.
    await until(
      async () => (await listid(mainPc, { Session_Owner: 'lead_clerk' })).listid.length === 1,
      "the sub-account's environment on the main account's machine",
    );
    const own = [await create(mainPc, 'lead shop 1'), await create(mainPc, 'lead shop 2')];
    expect(await listid(mainPc, { Session_Owner: 'lead_clerk' })).toMatchObject({
      listid: [clerkEnv],
      total: 1,
    });
    // Paged: the total counts the owner's environments only, every page holds only theirs.
    const first = await listid(mainPc, { Session_Owner: 'lead', ListNum: 1, CurrentPage: 1 });
    const second = await listid(mainPc, { Session_Owner: 'lead', ListNum: 1, CurrentPage: 2 });
    expect(first.total).toBe(2);
    expect([...first.listid, ...second.listid].sort()).toEqual([...own].sort());
    expect((await listid(mainPc)).total).toBe(3);
    expect((await listid(mainPc, { Session_Owner: 'nobody' })).total).toBe(0);
    // Combined with other filters.
    expect(
      (await listid(mainPc, { Session_Owner: 'lead_clerk', Session_Name: 'lead shop' })).listid,
    ).toEqual([]);
  });

  test('the cloud’s failures answer as /members answers them: away -5; a removed sub-account -4, logged out', async () => {
    await cloud.pause();
    try {
      const away = await mainPc.post('/api/v1/team/list');
      expect(away.json()).toEqual({
        message: 'Server access error (Login_ServerError)',
        code: -5,
        data: null,
      });
    } finally {
      await cloud.resume();
    }

    const token = await cloud.consoleToken('lead');
    expect((await cloud.call('teamremove', { token, Account: 'lead_clerk' })).code).toBe(0);
    const removed = await clerkPc.post('/api/v1/team/list');
    expect(removed.json().code).toBe(-4);
    // The service is logged out.
    expect((await clerkPc.post('/api/v1/group/list')).json().code).toBe(-4);

    const team = (await mainPc.post('/api/v1/team/list')).json();
    expect(team.data.members.map((m: { Account: string }) => m.Account)).toEqual(['lead']);
    expect(team.data.quota).toBe(1);
  });
});
