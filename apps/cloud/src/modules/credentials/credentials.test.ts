import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LEASE_TIMEOUT_MS } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { accountService } from '../accounts/service.ts';

describeEachDatabase('API credentials, leases and usage logs', (ctx) => {
  let app: FastifyInstance;
  const time = testClock();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: time.clock });
  });
  afterAll(() => app.close());

  /** An account created as the operators' command does, signed in through /status. */
  async function account(name: string, options: { teamOf?: string; expireAt?: Date } = {}) {
    const accounts = accountService(ctx.database, time.clock);
    const created = await accounts.create({
      account: name,
      email: `${name}@example.com`,
      password: 'correct-horse-7',
      ...options,
    });
    const status = await post(app, 'status', {
      clienttoken: await accounts.issueClientToken(created.id),
    });
    return { name, token: status.body.data.user_info.token as string };
  }

  async function apply(token: string) {
    const res = await post(app, 'applyapi', { token });
    expect(res.body.code, res.body.msg).toBe(0);
    const key = await post(app, 'getappkey', { token, app_id: res.body.data.app_id });
    return { app_id: res.body.data.app_id as string, app_key: key.body.data.app_key as string };
  }

  const login = (Account: string, cred: { app_id: string; app_key: string }, device = 'device-A') =>
    post(app, 'apilogin', { Account, APP_ID: cred.app_id, APP_KEY: cred.app_key, device });

  describe('console', () => {
    test('a non-team account holds exactly one credential', async () => {
      const { token } = await account('solo');
      const cred = await apply(token);
      expect(cred.app_id).toMatch(/^[0-9a-f]{16}$/);
      expect(cred.app_key).toMatch(/^[0-9a-f]{32}$/);
      const second = await post(app, 'applyapi', { token });
      expect(second.body).toEqual({
        code: 2,
        msg: 'You already hold the maximum number of API credentials (1)',
      });
      const list = await post(app, 'apiorderlist', { token });
      expect(list.body.data).toEqual([
        {
          id: expect.any(Number),
          app_id: cred.app_id,
          status: 0,
          begin_time: expect.any(String),
          expire_time: expect.any(String),
          // No service has logged in with it yet: the cloud's MANAGER_URL (its default here).
          manager_url: 'http://127.0.0.1:8186/',
          manager_reported_at: null,
        },
      ]);
      expect(JSON.stringify(list.body)).not.toContain(cred.app_key);
    });

    test('on a team only the main account applies, up to the number of members', async () => {
      const main = await account('teamlead');
      await account('member1', { teamOf: 'teamlead' });
      const sub = await account('member2', { teamOf: 'teamlead' });
      const refused = await post(app, 'applyapi', { token: sub.token }, 'zh-CHS');
      expect(refused.body).toEqual({ code: 403, msg: '只有团队主账号可以申请 API' });
      for (let i = 0; i < 3; i++) await apply(main.token);
      const fourth = await post(app, 'applyapi', { token: main.token });
      expect(fourth.body.msg).toMatch(
        /^Your team already holds 3 API credentials: one per team member/,
      );
      expect((await post(app, 'apiorderlist', { token: main.token })).body.data).toHaveLength(3);
    });

    test('reset replaces the key and ends the lease; delete removes the credential but keeps logs', async () => {
      const { name, token } = await account('rotator');
      const cred = await apply(token);
      expect((await login(name, cred)).body.code).toBe(0);
      expect((await post(app, 'apiorderlist', { token })).body.data[0].status).toBe(1);

      const reset = await post(app, 'resetappkey', { token, app_id: cred.app_id });
      expect(reset.body).toMatchObject({ code: 0, msg: 'App Key reset' });
      const newKey = (await post(app, 'getappkey', { token, app_id: cred.app_id })).body.data
        .app_key;
      expect(newKey).not.toBe(cred.app_key);
      expect((await post(app, 'apiorderlist', { token })).body.data[0].status).toBe(0);
      expect((await login(name, cred)).body.code).toBe(-1);
      expect((await login(name, { ...cred, app_key: newKey })).body.code).toBe(0);

      const removed = await post(app, 'delappkey', { token, app_id: cred.app_id });
      expect(removed.body).toMatchObject({ code: 0, msg: 'API credential deleted' });
      expect((await post(app, 'apiorderlist', { token })).body.data).toEqual([]);
      const logs = await post(app, 'apiusedlogs', { token });
      expect(logs.body.data.count).toBe(3);
      expect(
        logs.body.data.list.every((row: { end_time: string | null }) => row.end_time !== null),
      ).toBe(true);
    });

    test('an expired package shows the credential as expired (-1)', async () => {
      const { token } = await account('lapsed', {
        expireAt: new Date(time.clock().getTime() + 60_000),
      });
      await apply(token);
      time.advance(120_000);
      expect((await post(app, 'apiorderlist', { token })).body.data[0].status).toBe(-1);
    });

    test('no call reads or changes another account’s credentials or logs', async () => {
      const owner = await account('owner');
      const other = await account('intruder');
      const cred = await apply(owner.token);
      await login('owner', cred);
      for (const call of ['getappkey', 'resetappkey', 'delappkey']) {
        const res = await post(app, call, { token: other.token, app_id: cred.app_id });
        expect(res.body).toEqual({ code: 404, msg: 'API credential not found' });
      }
      expect((await post(app, 'apiorderlist', { token: other.token })).body.data).toEqual([]);
      expect((await post(app, 'apiusedlogs', { token: other.token })).body.data).toEqual({
        list: [],
        count: 0,
      });
      // Nothing changed for the owner.
      expect(
        (await post(app, 'getappkey', { token: owner.token, app_id: cred.app_id })).body.data
          .app_key,
      ).toBe(cred.app_key);
      expect((await post(app, 'apiorderlist', { token: owner.token })).body.data[0].status).toBe(1);
    });

    test('console calls without a valid token are refused', async () => {
      for (const call of ['apiorderlist', 'applyapi', 'apiusedlogs']) {
        expect((await post(app, call, { token: 'st_forged' })).body.code).toBe(401);
        expect((await post(app, call, {})).body).toEqual({ code: 1, msg: expect.any(String) });
      }
      expect((await post(app, 'getappkey', { token: 'st_forged' })).body).toEqual({
        code: 1,
        msg: 'No API selected',
      });
    });
  });

  describe('local API login and lease', () => {
    test('login answers -1 for a wrong key, account or unknown app id', async () => {
      const { name, token } = await account('keyholder');
      const cred = await apply(token);
      expect((await login(name, { ...cred, app_key: 'f'.repeat(32) })).body).toMatchObject({
        code: -1,
      });
      expect((await login('someone-else', cred)).body.code).toBe(-1);
      expect((await login(name, { ...cred, app_id: 'nope' })).body.code).toBe(-1);
      const zh = await post(
        app,
        'apilogin',
        { Account: name, APP_ID: 'nope', APP_KEY: 'x', device: 'd' },
        'zh-CHS',
      );
      expect(zh.body.msg).toBe('登录失败：App_ID 或 App_KEY 无效');
    });

    test('the account’s email signs in as its name (as on the site); another email does not', async () => {
      const main = await account('mailer');
      await account('mailhelper', { teamOf: 'mailer' });
      await account('mailstranger');
      const cred = await apply(main.token);
      const owner = await login('Mailer@Example.com', cred, 'device-mail');
      expect(owner.body.code, owner.body.msg).toBe(0);
      expect(owner.body.data).toMatchObject({ Account: 'mailer', type: 0 });
      const member = await login('mailhelper@example.com', cred, 'device-mail');
      expect(member.body.code, member.body.msg).toBe(0);
      expect(member.body.data).toMatchObject({ Account: 'mailhelper', type: 1 });
      expect((await login('mailstranger@example.com', cred, 'device-mail')).body.code).toBe(-1);
      expect((await login('nobody@example.com', cred, 'device-mail')).body.code).toBe(-1);
      expect(
        (await login('mailer@example.com', { ...cred, app_key: 'f'.repeat(32) }, 'device-mail'))
          .body.code,
      ).toBe(-1);
    });

    test('one device at a time: a second device gets -12 until the lease ends', async () => {
      const { name, token } = await account('single');
      const cred = await apply(token);
      const first = await login(name, cred, 'device-A');
      expect(first.body.code).toBe(0);
      expect(first.body.data).toMatchObject({
        Account: name,
        type: 0,
        token: expect.stringMatching(/^lt_/),
      });
      expect((await login(name, cred, 'device-B')).body).toMatchObject({
        code: -12,
        msg: 'This App_ID is already online on another device',
      });
      // The same device may log in again (a restarted local API takes its lease over).
      const again = await login(name, cred, 'device-A');
      expect(again.body.code).toBe(0);
      expect(
        (await post(app, 'apiheartbeat', { token: first.body.data.token, device: 'device-A' })).body
          .code,
      ).toBe(-4);
      const out = await post(app, 'apilogout', {
        token: again.body.data.token,
        device: 'device-A',
      });
      expect(out.body.code).toBe(0);
      expect((await login(name, cred, 'device-B')).body.code).toBe(0);
    });

    test('heartbeats keep the lease; silence ends it and closes the log when it timed out', async () => {
      const { name, token } = await account('beater');
      const cred = await apply(token);
      const lease = (await login(name, cred, 'device-A')).body.data.token;
      time.advance(LEASE_TIMEOUT_MS - 1000);
      expect(
        (await post(app, 'apiheartbeat', { token: lease, device: 'device-A' })).body.code,
      ).toBe(0);
      time.advance(LEASE_TIMEOUT_MS - 1000);
      expect((await login(name, cred, 'device-B')).body.code).toBe(-12);
      time.advance(2000);
      const beatAt = time.clock().getTime() - 2000 - (LEASE_TIMEOUT_MS - 1000);
      expect((await post(app, 'apiorderlist', { token })).body.data[0].status).toBe(0);
      const logs = (await post(app, 'apiusedlogs', { token })).body.data.list as {
        status: string;
        end_time: string;
      }[];
      const success = logs.find((row) => row.status === '1');
      expect(Date.parse(success!.end_time)).toBe(beatAt + LEASE_TIMEOUT_MS);
      expect(
        (await post(app, 'apiheartbeat', { token: lease, device: 'device-A' })).body.code,
      ).toBe(-4);
      expect((await login(name, cred, 'device-B')).body.code).toBe(0);
    });

    test('an expired package answers -3 and logs a failed attempt', async () => {
      const { name, token } = await account('expiring', {
        expireAt: new Date(time.clock().getTime() + 60_000),
      });
      const cred = await apply(token);
      time.advance(120_000);
      expect((await login(name, cred)).body).toMatchObject({
        code: -3,
        msg: 'Account package expired',
      });
      const logs = (await post(app, 'apiusedlogs', { token })).body.data;
      expect(logs.list[0]).toMatchObject({ app_id: cred.app_id, status: '0' });
    });

    test('members answers type and dates for the account and its team only', async () => {
      const main = await account('boss');
      await account('helper', { teamOf: 'boss' });
      await account('stranger');
      const cred = await apply(main.token);
      const lease = (await login('boss', cred)).body.data.token;
      const self = await post(app, 'members', { token: lease, Account: 'boss' });
      expect(self.body.data).toMatchObject({
        Account: 'boss',
        type: 0,
        account_reg_date: expect.any(String),
        account_expire_date: expect.any(String),
      });
      expect((await post(app, 'members', { token: lease, Account: 'helper' })).body.data.type).toBe(
        1,
      );
      expect((await post(app, 'members', { token: lease, Account: 'stranger' })).body.code).toBe(
        404,
      );
      expect((await post(app, 'members', { token: 'lt_forged', Account: 'boss' })).body.code).toBe(
        -4,
      );
    });
  });

  describe('usage logs', () => {
    test('filter by day (inclusive, in the reader’s time zone), newest first, 10 a page', async () => {
      const { name, token } = await account('logger');
      const cred = await apply(token);
      // 12 attempts, one every 6 hours starting 2026-11-21T10:00Z.
      for (let i = 0; i < 12; i++) {
        await login(name, { ...cred, app_key: 'wrong' });
        time.advance(6 * 3_600_000);
      }
      const all = (await post(app, 'apiusedlogs', { token })).body.data;
      expect(all.count).toBe(12);
      expect(all.list).toHaveLength(10);
      const starts = all.list.map((row: { start_time: string }) => row.start_time);
      expect([...starts].sort().reverse()).toEqual(starts);
      expect((await post(app, 'apiusedlogs', { token, page: '2' })).body.data.list).toHaveLength(2);

      const day = async (start_time: string, end_time: string, utc_offset = '0') =>
        (await post(app, 'apiusedlogs', { token, start_time, end_time, utc_offset })).body.data
          .count;
      const base = time.clock().getTime() - 12 * 6 * 3_600_000;
      const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const first = dayOf(base);
      const inFirstDay = Array.from({ length: 12 }, (_, i) =>
        dayOf(base + i * 6 * 3_600_000),
      ).filter((d) => d === first).length;
      expect(await day(first, first)).toBe(inFirstDay);
      const last = dayOf(base + 11 * 6 * 3_600_000);
      expect(await day(first, last)).toBe(12);
      // Beijing (UTC+8) readers see the 10:00Z and 16:00Z attempts on the next calendar day.
      expect(await day(first, first, '480')).toBe(
        Array.from({ length: 12 }, (_, i) =>
          dayOf(base + i * 6 * 3_600_000 + 8 * 3_600_000),
        ).filter((d) => d === first).length,
      );
      const bad = await post(app, 'apiusedlogs', { token, start_time: '2026-13-01' });
      expect(bad.body.code).toBe(1);
      const reversed = await post(app, 'apiusedlogs', {
        token,
        start_time: '2026-11-22',
        end_time: '2026-11-21',
      });
      expect(reversed.body.code).toBe(1);
    });
  });
});
