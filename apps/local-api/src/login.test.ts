/**
 * Login against a real cloud: the credential checks (-1, -3, -12), the cloud's silence (-2) or
 * absence (-5), the device lease (heartbeat, release on quit and logout, take-over by the same
 * device), account switches, /members, and the usage logs the console shows.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from './test/server.ts';

describe('login against the cloud', () => {
  let cloud: TestCloud;
  let alice: Awaited<ReturnType<TestCloud['account']>>;
  let bob: Awaited<ReturnType<TestCloud['account']>>;
  let expired: Awaited<ReturnType<TestCloud['account']>>;
  let service: TestService;

  beforeAll(async () => {
    cloud = await startTestCloud();
    alice = await cloud.account('alice');
    bob = await cloud.account('bob');
    expired = await cloud.account('olduser', { expire: '2020-01-01' });
    service = await startTestService({ cloud: cloud.url });
  });
  afterAll(async () => {
    await service?.dispose();
    await cloud?.stop();
  });

  test('every call but /login answers -4 before a login', async () => {
    const res = await service.post('/api/v1/group/list');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({
      message: 'Not logged in, please call /login first',
      code: -4,
      data: null,
    });
    const members = await service.post('/members', { Account: 'alice' });
    expect(members.json()).toEqual({
      msg: 'Not logged in, please call /login first',
      status: -4,
      data: null,
    });
  });

  test('an invalid credential answers -1 in the legacy envelope', async () => {
    const wrongKey = await service.post('/login', { ...alice, APP_KEY: 'f'.repeat(32) });
    expect(wrongKey.status).toBe(200);
    expect(wrongKey.json()).toEqual({
      msg: 'Login failed: invalid App_ID or App_KEY',
      status: -1,
      data: null,
    });
    const wrongAccount = await service.post('/login', { ...alice, Account: 'bob' });
    expect(wrongAccount.json().status).toBe(-1);
    const zh = await service.post(
      '/login',
      { ...alice, APP_ID: 'nope' },
      { 'accept-language': 'zh' },
    );
    expect(zh.json()).toMatchObject({ status: -1, msg: '登录失败：App_ID 或 App_KEY 无效' });
  });

  test('an expired package answers -3', async () => {
    const res = await service.post('/login', expired);
    expect(res.json()).toMatchObject({ status: -3, msg: 'Account package expired' });
  });

  test('login binds the account; the App_ID/App_Key spelling works too', async () => {
    const res = await service.post('/login', {
      Account: alice.Account,
      App_ID: alice.APP_ID,
      App_Key: alice.APP_KEY,
    });
    expect(res.json()).toEqual({
      msg: 'Login Success',
      status: 0,
      data: {
        Account: 'alice',
        type: 0,
        account_reg_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        account_expire_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    const groups = await service.post('/api/v1/group/list');
    expect(groups.json()).toEqual({
      message: 'Group List Return Success',
      code: 0,
      data: { Group_Name_List: ['default'] },
    });
  });

  test('the credential is online in the console and the login is in its usage logs', async () => {
    const token = await cloud.consoleToken('alice');
    const list = await cloud.call('apiorderlist', { token });
    expect(list.data[0]).toMatchObject({ app_id: alice.APP_ID, status: 1 });
    const logs = await cloud.call('apiusedlogs', { token });
    const rows = logs.data.list as { status: string; end_time: string | null }[];
    expect(rows.filter((r) => r.status === '1' && r.end_time === null)).toHaveLength(1);
    // The failed attempts with alice's credential are logged as failures.
    expect(rows.filter((r) => r.status !== '1').length).toBeGreaterThanOrEqual(1);
  });

  test('/members answers type and dates', async () => {
    const res = await service.post('/members', { Account: 'alice' });
    expect(res.json()).toEqual({
      msg: 'Members Return Success',
      status: 0,
      data: 'alice,0',
      account_expire_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      account_reg_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const outsider = await service.post('/members', { Account: 'bob' });
    expect(outsider.json()).toMatchObject({ status: -10000, data: null });
    const missing = await service.post('/members', {});
    expect(missing.status).toBe(400);
    expect(missing.json()).toMatchObject({
      msg: 'Missing required parameter: Account',
      status: -10000,
    });
  });

  test('a second device with the same credential gets -12', async () => {
    const other = await startTestService({ cloud: cloud.url });
    try {
      const res = await other.post('/login', alice);
      expect(res.json()).toMatchObject({
        status: -12,
        msg: 'This App_ID is already online on another device',
      });
    } finally {
      await other.dispose();
    }
  });

  test('login switches accounts: the first lease is released, environments follow the account', async () => {
    const created = await service.post('/api/v1/session/create', { Automatic_Configure: 0 });
    const aliceId = created.json().data.Session_Id as string;
    const res = await service.post('/login', bob);
    expect(res.json()).toMatchObject({ status: 0, data: { Account: 'bob' } });
    const bobList = await service.post('/api/v1/session/listid');
    expect(bobList.json().data).toMatchObject({ listid: [], total: 0 });
    const token = await cloud.consoleToken('alice');
    const list = await cloud.call('apiorderlist', { token });
    expect(list.data[0].status).toBe(0);
    // Back to alice: her environment is there again.
    await service.post('/login', alice);
    const aliceList = await service.post('/api/v1/session/listid');
    expect(aliceList.json().data.listid).toEqual([aliceId]);
  });

  test('a lease the cloud ends (key reset) logs the service out at the next cloud call', async () => {
    const token = await cloud.consoleToken('alice');
    const reset = await cloud.call('resetappkey', { token, app_id: alice.APP_ID });
    expect(reset.code).toBe(0);
    const members = await service.post('/members', { Account: 'alice' });
    expect(members.json().status).toBe(-4);
    const after = await service.post('/api/v1/group/list');
    expect(after.json().code).toBe(-4);
  });
});

describe('a cloud that cannot be reached', () => {
  test('a cloud that never answers: -2 (timed out)', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const service = await startTestService({
      cloud: `http://127.0.0.1:${port}`,
      cloudTimeoutMs: 300,
    });
    try {
      // The silent server never answers: only the service's own timeout can end this call (no
      // wall-clock bound here; without the timeout the test itself would time out).
      const res = await service.post('/login', { Account: 'a', APP_ID: 'b', APP_KEY: 'c' });
      expect(res.json()).toEqual({ msg: 'Login failed: timed out', status: -2, data: null });
    } finally {
      await service.dispose();
      silent.close();
    }
  });

  test('a cloud that refuses connections: -5 (server access error)', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const service = await startTestService({ cloud: `http://127.0.0.1:${port}` });
    try {
      const res = await service.post('/login', { Account: 'a', APP_ID: 'b', APP_KEY: 'c' });
      expect(res.json()).toMatchObject({
        status: -5,
        msg: 'Server access error (Login_ServerError)',
      });
    } finally {
      await service.dispose();
    }
  });
});
