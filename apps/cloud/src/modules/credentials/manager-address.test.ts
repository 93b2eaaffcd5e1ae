/**
 * The environment manager's address behind the API console's "next step" (issue 27): a local
 * service reports it in its login (apilogin's manager_url); the cloud keeps it per credential only
 * when it is a loopback http address, and the console's list answers it (or the account's newest
 * report, or the MANAGER_URL setting before any).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { managerAddress } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { accountService } from '../accounts/service.ts';
import { DEFAULT_MANAGER_URL, parseManagerUrl } from './manager-address.ts';

describe('which addresses are a manager’s', () => {
  test('loopback http with a port, normalised to end in one slash', () => {
    expect(managerAddress('http://127.0.0.1:8186/')).toBe('http://127.0.0.1:8186/');
    expect(managerAddress('http://127.0.0.1:50123')).toBe('http://127.0.0.1:50123/');
    expect(managerAddress(' http://localhost:1/ ')).toBe('http://localhost:1/');
    expect(managerAddress('http://[::1]:65535/')).toBe('http://[::1]:65535/');
  });

  test('anything else is refused', () => {
    for (const value of [
      undefined,
      42,
      '',
      'http://127.0.0.1/',
      'http://127.0.0.1:0/',
      'http://127.0.0.1:08186/',
      'http://127.0.0.1:65536/',
      'http://127.0.0.1:8186/manager',
      'http://127.0.0.1:8186/?next=x',
      'http://127.0.0.1:8186/#x',
      'http://127.0.0.1:8186//',
      'https://127.0.0.1:8186/',
      'http://user@127.0.0.1:8186/',
      'http://127.0.0.2:8186/',
      'http://0.0.0.0:8186/',
      'http://192.168.1.4:8186/',
      'http://localhost.evil.example:8186/',
      'http://evil.example/http://127.0.0.1:8186/',
      'javascript:alert(1)//http://127.0.0.1:8186/',
      'http://127.0.0.1:8186/\nhttp://evil.example/',
      'HTTP://LOCALHOST:8186/',
    ]) {
      expect(managerAddress(value), String(value)).toBeNull();
    }
  });

  test('MANAGER_URL: the local API’s default when unset or empty; an address it refuses stops the start', () => {
    expect(DEFAULT_MANAGER_URL).toBe('http://127.0.0.1:8186/');
    expect(parseManagerUrl(undefined)).toBe(DEFAULT_MANAGER_URL);
    expect(parseManagerUrl(' ')).toBe(DEFAULT_MANAGER_URL);
    expect(parseManagerUrl('http://localhost:9186')).toBe('http://localhost:9186/');
    expect(() => parseManagerUrl('http://example.com:8186/')).toThrow(
      /^MANAGER_URL must be http:\/\/127\.0\.0\.1:PORT\//,
    );
  });
});

describeEachDatabase('the manager address a local service reports at login', (ctx) => {
  let app: FastifyInstance;
  const time = testClock();
  const SETTING = 'http://localhost:9186/';

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: time.clock, managerUrl: SETTING });
  });
  afterAll(() => app.close());

  async function account(name: string, options: { teamOf?: string } = {}) {
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
    return status.body.data.user_info.token as string;
  }

  async function apply(token: string) {
    const res = await post(app, 'applyapi', { token });
    expect(res.body.code, res.body.msg).toBe(0);
    const key = await post(app, 'getappkey', { token, app_id: res.body.data.app_id });
    return { app_id: res.body.data.app_id as string, app_key: key.body.data.app_key as string };
  }

  const login = (
    Account: string,
    cred: { app_id: string; app_key: string },
    fields: Record<string, string> = {},
  ) =>
    post(app, 'apilogin', {
      Account,
      APP_ID: cred.app_id,
      APP_KEY: cred.app_key,
      device: 'pc-1',
      ...fields,
    });

  /** What the console lists for each credential: app_id → [address, reported at]. */
  async function shown(token: string) {
    const rows = (await post(app, 'apiorderlist', { token })).body.data as {
      app_id: string;
      manager_url: string;
      manager_reported_at: string | null;
    }[];
    return Object.fromEntries(
      rows.map((row) => [row.app_id, [row.manager_url, row.manager_reported_at]]),
    );
  }

  test('kept from a login that succeeds; anything but a loopback address is ignored, the login still goes on', async () => {
    const token = await account('reporter');
    const cred = await apply(token);
    expect(await shown(token)).toEqual({ [cred.app_id]: [SETTING, null] });

    // A refused login reports nothing, however good its address.
    const refused = await login(
      'reporter',
      { ...cred, app_key: 'f'.repeat(32) },
      {
        manager_url: 'http://127.0.0.1:50123/',
      },
    );
    expect(refused.body.code).toBe(-1);
    expect(await shown(token)).toEqual({ [cred.app_id]: [SETTING, null] });

    const first = await login('reporter', cred, { manager_url: 'http://127.0.0.1:50123' });
    expect(first.body.code, first.body.msg).toBe(0);
    const reportedAt = time.clock().toISOString();
    expect(await shown(token)).toEqual({
      [cred.app_id]: ['http://127.0.0.1:50123/', reportedAt],
    });

    // Later logins (the same device taking its lease over) with something else: still in, and
    // the last good address stays.
    time.advance(60_000);
    for (const manager_url of [
      'http://evil.example:50123/',
      'javascript:alert(1)',
      'http://127.0.0.1:50123/admin',
      'http://127.0.0.1:99999/',
      '',
    ]) {
      const again = await login('reporter', cred, { manager_url });
      expect(again.body.code, `${manager_url}: ${again.body.msg}`).toBe(0);
    }
    expect((await login('reporter', cred)).body.code).toBe(0);
    expect(await shown(token)).toEqual({
      [cred.app_id]: ['http://127.0.0.1:50123/', reportedAt],
    });

    // A new good report replaces it.
    const moved = await login('reporter', cred, { manager_url: 'http://[::1]:7001/' });
    expect(moved.body.code).toBe(0);
    expect(await shown(token)).toEqual({
      [cred.app_id]: ['http://[::1]:7001/', time.clock().toISOString()],
    });
  });

  test('a credential no service has used shows the account’s newest report; another account’s never', async () => {
    const token = await account('agency');
    await account('agency_clerk', { teamOf: 'agency' });
    const stranger = await account('stranger');
    const [used, fresh] = [await apply(token), await apply(token)];
    const other = await apply(stranger);
    expect(await shown(token)).toEqual({
      [used.app_id]: [SETTING, null],
      [fresh.app_id]: [SETTING, null],
    });

    // The sub-account logs in with the main's credential: its service's address is the one kept.
    time.advance(1000);
    const sub = await login('agency_clerk', used, { manager_url: 'http://127.0.0.1:41000/' });
    expect(sub.body.code, sub.body.msg).toBe(0);
    const at = time.clock().toISOString();
    expect(await shown(token)).toEqual({
      [used.app_id]: ['http://127.0.0.1:41000/', at],
      [fresh.app_id]: ['http://127.0.0.1:41000/', at],
    });
    expect(await shown(stranger)).toEqual({ [other.app_id]: [SETTING, null] });

    // Once the second credential reports, each shows its own.
    time.advance(1000);
    const second = await login('agency', fresh, {
      manager_url: 'http://localhost:42000/',
      device: 'pc-2',
    });
    expect(second.body.code, second.body.msg).toBe(0);
    expect(await shown(token)).toEqual({
      [used.app_id]: ['http://127.0.0.1:41000/', at],
      [fresh.app_id]: ['http://localhost:42000/', time.clock().toISOString()],
    });
  });

  test('at the quota the cloud refuses another credential, whatever the console shows', async () => {
    const token = await account('quota_holder');
    await apply(token);
    const over = await post(app, 'applyapi', { token }, 'zh-CHS');
    expect(over.body.code).toBe(2);
    expect(over.body.msg).toContain('1');
    expect(Object.keys(await shown(token))).toHaveLength(1);
  });
});
