/**
 * The proxy library's calls over HTTP on a real service (loopback, real SQLite, the cloud of the
 * testkit): what each bad body answers (-104 for a proxy field as on create, naming the proxy of a
 * list; a malformed body 400), a taken name, another account's id (not found, as an unknown one),
 * passwords masked everywhere but get and never in the log, a change that the environments made
 * by the create call with the same proxy follow, and the check through a real proxy on loopback
 * whose results the list and the environments' exits answer, in the caller's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startHttpProxy, startLookup } from '../../test/proxies.ts';
import { startTestService, type TestService } from '../../test/server.ts';

let cloud: TestCloud;
let service: TestService;
let lookup: Awaited<ReturnType<typeof startLookup>>;
let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  cloud = await startTestCloud();
  [lookup, proxy] = await Promise.all([
    startLookup({ query: '198.51.100.7', countryCode: 'DE', timezone: 'Europe/Berlin' }),
    startHttpProxy('puser', 'ppass'),
  ]);
  service = await startTestService({
    cloud: cloud.url,
    proxyCheckTimeoutMs: 3000,
    ipLookupUrl: lookup.url,
    logs: true,
  });
  alice = await cloud.account('library_alice');
  bob = await cloud.account('library_bob');
  expect((await service.post('/login', alice)).json().status).toBe(0);
}, 60_000);
afterAll(async () => {
  await service?.dispose();
  await proxy?.close();
  await lookup?.close();
  await cloud?.stop();
});

const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
const good = () => ({
  Name: 'Berlin 1',
  Proxy_Type: 'HTTP',
  Proxy_Ip: '127.0.0.1',
  Proxy_Port: proxy.port,
  Proxy_Username: 'puser',
  Proxy_Password: 'ppass',
});
const create = (proxies: object[], headers: Record<string, string> = {}) =>
  service.post('/manager/proxies/create', { Proxies: proxies }, headers);

describe('bad input', () => {
  test('a proxy field answers -104 as on create; in a list, naming the proxy', async () => {
    const port = (await create([{ ...good(), Proxy_Port: 0 }])).json();
    expect(port).toMatchObject({
      code: -104,
      message: 'Proxy is invalid: Proxy_Port is not valid',
    });
    const host = (await create([{ ...good(), Proxy_Ip: 'not a host' }])).json();
    expect(host).toMatchObject({
      code: -104,
      message: 'Proxy is invalid: "not a host" is not a host name or IP address',
    });
    const { Proxy_Ip: _ip, ...noHost } = good();
    const listed = await create(
      [
        { ...good(), Name: 'fine', Proxy_Port: 1 },
        { ...noHost, Name: 'no host' },
      ],
      zh,
    );
    expect(listed.json()).toMatchObject({
      code: -104,
      message: '列表中的第 2 个代理（“no host”）：代理无效：必须填写 Proxy_Ip',
    });
    const provider = await create([
      {
        Name: 'gw',
        Proxy_Type: 'Luminati_HTTP',
        Proxy_Ip: 'zproxy.example.com',
        Proxy_Port: 22225,
      },
    ]);
    expect(provider.json()).toMatchObject({
      code: -104,
      message: 'Proxy is invalid: Proxy_Username is required for Luminati_HTTP',
    });
    // Nothing of a refused list was saved.
    const list = await service.post('/manager/proxies/list');
    expect(list.json().data.Proxies).toEqual([]);
  });

  test('a malformed body is HTTP 400, -10000, naming the field', async () => {
    const long = await create([{ ...good(), Name: 'n'.repeat(51) }]);
    expect(long.status).toBe(400);
    expect(long.json()).toMatchObject({
      code: -10000,
      message: 'Invalid parameter: Proxies.0.Name',
    });
    const unknown = await service.post('/manager/proxies/update', { Proxy_ID: 'x', Colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: Colour');
    const empty = await service.post('/manager/proxies/check', { Proxy_ID: [] });
    expect(empty.status).toBe(400);
    const spaces = await create([{ ...good(), Name: '   ' }]);
    expect(spaces.status).toBe(400);
    expect(spaces.json().message).toBe('Name must hold more than spaces');
  });
});

describe('the library of an account', () => {
  test('masked passwords, a taken name, and another account’s id not found', async () => {
    const made = await create([good()]);
    expect(made.json().code, made.text).toBe(0);
    const [saved] = made.json().data.Proxies;
    expect(saved).toMatchObject({
      Name: 'Berlin 1',
      Proxy_Password: '********',
      Check_Status: 'unchecked',
      Session_Count: 0,
    });
    const listed = (await service.post('/manager/proxies/list')).json().data.Proxies;
    expect(listed).toEqual([saved]);
    const got = (await service.post('/manager/proxies/get', { Proxy_ID: saved.Proxy_ID })).json();
    expect(got.data.Proxy_Password).toBe('ppass');

    const taken = (await create([{ ...good(), Proxy_Port: 1 }], zh)).json();
    expect(taken).toMatchObject({ code: -10000, message: '已存在名为“Berlin 1”的代理' });
    const twin = (await create([{ ...good(), Name: 'Berlin again' }])).json();
    expect(twin.message).toBe(
      'This proxy (the same type, host, port and user name) is already saved as “Berlin 1”',
    );

    // Bob sees none of Alice's: her id is not found for him, as an unknown one.
    expect((await service.post('/login', bob)).json().status).toBe(0);
    try {
      expect((await service.post('/manager/proxies/list')).json().data.Proxies).toEqual([]);
      for (const [call, body] of [
        ['get', { Proxy_ID: saved.Proxy_ID }],
        ['update', { Proxy_ID: saved.Proxy_ID, Name: 'mine now' }],
        ['check', { Proxy_ID: [saved.Proxy_ID] }],
        ['delete', { Proxy_ID: [saved.Proxy_ID] }],
      ] as const) {
        expect((await service.post(`/manager/proxies/${call}`, body)).json(), call).toEqual({
          code: -10000,
          message: `Saved proxy not found: ${saved.Proxy_ID}`,
          data: null,
        });
      }
    } finally {
      expect((await service.post('/login', alice)).json().status).toBe(0);
    }
    const still = (await service.post('/manager/proxies/get', { Proxy_ID: saved.Proxy_ID })).json();
    expect(still.data.Name).toBe('Berlin 1');

    // The password went into the log file masked only.
    const log = fs.readFileSync(path.join(service.dataDir, 'logs', 'local-api.log'), 'utf8');
    expect(log).toContain('/manager/proxies/get');
    expect(log).not.toContain('ppass');
  });

  test('checked through the proxy; environments with the same proxy use it and follow its change', async () => {
    const [saved] = (await service.post('/manager/proxies/list')).json().data.Proxies;
    const env = await service.post('/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: 'uses Berlin 1',
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: proxy.port,
      Proxy_Username: 'puser',
      Proxy_Password: 'ppass',
    });
    const id = env.json().data.Session_Id as string;
    expect((await service.post('/manager/proxies/list')).json().data.Proxies[0].Session_Count).toBe(
      1,
    );

    const checked = (
      await service.post('/manager/proxies/check', { Proxy_ID: [saved.Proxy_ID] })
    ).json();
    expect(checked.code).toBe(0);
    expect(checked.data.Proxies[0]).toMatchObject({
      Check_Status: 'ok',
      Public_ip: '198.51.100.7',
      CountryCode: 'DE',
      Proxy_Check_Code: 0,
    });
    expect(checked.data.Proxies[0].Latency_ms).toBeGreaterThan(0);
    expect(proxy.hosts).toContain(new URL(lookup.url).host);
    const exits = (await service.post('/manager/proxies/exits', { Session_ID: [id] })).json();
    expect(exits.data.Session_Exits).toEqual([
      {
        Session_ID: id,
        Proxy_ID: saved.Proxy_ID,
        Proxy_Name: 'Berlin 1',
        Public_ip: '198.51.100.7',
        CountryCode: 'DE',
        Exit_Time: checked.data.Proxies[0].Check_Time,
        Exit_From: 'check',
      },
    ]);

    // A new password from the vendor: the environment follows; the old check says nothing now.
    const changed = await service.post('/manager/proxies/update', {
      Proxy_ID: saved.Proxy_ID,
      Proxy_Password: 'wrong-now',
    });
    expect(changed.json()).toMatchObject({
      code: 0,
      data: { Session_ID: [id], Proxy_Password: '********', Check_Status: 'unchecked' },
    });
    const info = await service.post('/api/v1/session/id_container', { Session_ID: [id] });
    expect(info.json().data.listcontainer[0]).toMatchObject({
      Proxy_Port: proxy.port,
      Proxy_Password: 'wrong-now',
    });
    // The proxy refuses it: curl's code and the reason, in the caller's language, kept.
    const refused = (
      await service.post('/manager/proxies/check', { Proxy_ID: [saved.Proxy_ID] }, zh)
    ).json();
    expect(refused.data.Proxies[0]).toMatchObject({
      Check_Status: 'failed',
      Proxy_Check_Code: 97,
      Proxy_Check_Name: 'CURLE_PROXY',
      Check_Message: '代理拒绝了用户名或密码',
      Public_ip: '',
    });
    const listed = (await service.post('/manager/proxies/list')).json().data.Proxies[0];
    expect(listed).toMatchObject({
      Check_Status: 'failed',
      Check_Message: 'the proxy refused the user name or password',
    });

    // Deleted: the environment keeps the proxy as its own.
    const deleted = await service.post('/manager/proxies/delete', { Proxy_ID: [saved.Proxy_ID] });
    expect(deleted.json()).toMatchObject({ code: 0, data: { Proxy_ID: [saved.Proxy_ID] } });
    const after = await service.post('/api/v1/session/id_container', { Session_ID: [id] });
    expect(after.json().data.listcontainer[0]).toMatchObject({
      Proxy_Type: 'HTTP',
      Proxy_Password: 'wrong-now',
    });
  });
});
