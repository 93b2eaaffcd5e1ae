/**
 * The AdsPower-compatible calls without a browser (adapters/adspower/compat-adspower.ts;
 * docs/adspower-compat.md): groups and profiles in AdsPower's shape, mapped onto our
 * environments (read back through our own calls), the refusals by name, the method and body that
 * tell their calls from ours on a shared path, the guards, and --compat-port. Starting browsers is
 * in compat-adspower-browser.test.ts.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { parseFlags } from '../../cli.ts';
import { startHttpProxy, startLookup } from '../../test/proxies.ts';
import { call, startTestService, type TestService } from '../../test/server.ts';
import { groupIdOf } from './compat-adspower-fields.ts';

let cloud: TestCloud;
let service: TestService;
let lookup: Awaited<ReturnType<typeof startLookup>>;
let proxy: Awaited<ReturnType<typeof startHttpProxy>>;

beforeAll(async () => {
  cloud = await startTestCloud();
  lookup = await startLookup({ query: '198.51.100.7', countryCode: 'JP', timezone: 'Asia/Tokyo' });
  proxy = await startHttpProxy('puser', 'ppass');
  service = await startTestService({
    cloud: cloud.url,
    proxyCheckTimeoutMs: 3000,
    ipLookupUrl: lookup.url,
    compatPort: 0,
  });
  expect((await service.post('/login', await cloud.account('compat'))).json().status).toBe(0);
}, 60_000);
afterAll(async () => {
  await service?.dispose();
  await proxy?.close();
  await lookup?.close();
  await cloud?.stop();
});

/** A GET as AdsPower's examples send it (query string, no body). */
function get(path: string, query: Record<string, string> = {}, headers = {}, port = service.port) {
  const search = new URLSearchParams(query).toString();
  return call(port, search ? `${path}?${search}` : path, { method: 'GET', headers });
}

/** Our own view of an environment (id_container, full). */
async function ours(id: string) {
  const res = await service.post('/api/v1/session/id_container', { Session_ID: id });
  return res.json().data.listcontainer[0] as Record<string, unknown>;
}

async function createProfile(body: Record<string, unknown>) {
  const res = await service.post('/api/v1/user/create', body);
  expect(res.json(), res.text).toMatchObject({ code: 0, msg: 'Success' });
  return res.json().data.id as string;
}

describe('groups', () => {
  test('list, create and find by name; the default group is "0"', async () => {
    const first = await get('/api/v1/group/list', { page_size: '100' });
    expect(first.status).toBe(200);
    expect(first.json()).toEqual({
      code: 0,
      data: {
        list: [{ group_id: '0', group_name: 'default', remark: '' }],
        page: 1,
        page_size: 100,
      },
      msg: 'Success',
    });
    const created = await service.post('/api/v1/group/create', { group_name: 'Shops EU' });
    expect(created.json()).toEqual({
      code: 0,
      data: { group_id: groupIdOf('Shops EU'), group_name: 'Shops EU', remark: '' },
      msg: 'Success',
    });
    expect(created.json().data.group_id).toMatch(/^[1-9]\d{8}$/);
    // AdsPower's default page size is 1; group_name searches.
    const one = await get('/api/v1/group/list');
    expect(one.json().data.list).toHaveLength(1);
    const found = await get('/api/v1/group/list', { group_name: 'shops', page_size: '10' });
    expect(found.json().data.list).toEqual([created.json().data]);
    // Our own group list sees it.
    const ourList = await service.post('/api/v1/group/list');
    expect(ourList.json().data.Group_Name_List).toContain('Shops EU');
  });

  test('the body tells their group/create from ours on the same path', async () => {
    const ourCreate = await service.post('/api/v1/group/create', { Group_Name: 'Ours' });
    expect(ourCreate.json()).toEqual({
      message: 'New Group Create Success',
      code: 0,
      data: { Group_Name: 'Ours' },
    });
    const again = await service.post('/api/v1/group/create', { group_name: 'Ours' });
    expect(again.status).toBe(200);
    expect(again.json()).toEqual({ code: -1, data: {}, msg: 'Group Ours already exists' });
    const remark = await service.post('/api/v1/group/create', { group_name: 'R', remark: 'x' });
    expect(remark.json()).toMatchObject({ code: -1, msg: expect.stringMatching(/^remark:/) });
    // Ours keeps its answers, refusals included.
    const bad = await service.post('/api/v1/group/create', { Group_Name: '' });
    expect(bad.json()).toMatchObject({ code: -10000, message: expect.any(String) });
  });
});

describe('profiles', () => {
  test('create maps AdsPower’s fields onto the environment (nulls are not sent)', async () => {
    const id = await createProfile({
      name: 'Shop DE',
      remark: 'seller account',
      group_id: groupIdOf('Shops EU'),
      domain_name: 'example.com',
      open_urls: ['https://example.org/start'],
      repeat_config: ['0'],
      username: null,
      cookie: [{ name: 'sid', value: 'abc', domain: '.example.com', path: '/' }],
      country: 'de',
      user_proxy_config: {
        proxy_soft: 'other',
        proxy_type: 'socks5',
        proxy_host: '203.0.113.10',
        proxy_port: '1080',
        proxy_user: 'u',
        proxy_password: 'p',
      },
      fingerprint_config: {
        automatic_timezone: '0',
        timezone: 'Europe/Berlin',
        language: ['de-DE', 'de'],
        location: 'allow',
        location_switch: '0',
        latitude: '52.52',
        longitude: '13.405',
        accuracy: '100',
        screen_resolution: '1920_1080',
        canvas: '0',
        webrtc: 'disabled',
        hardware_concurrency: 'default',
        browser_kernel_config: { type: 'chrome', version: 'ua_auto' },
      },
    });
    expect(await ours(id)).toMatchObject({
      Session_Name: 'Shop DE',
      Session_Desc: 'seller account',
      Group_Name: 'Shops EU',
      HomePage_url: ['https://example.com', 'https://example.org/start'],
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: '203.0.113.10',
      Proxy_Port: 1080,
      Proxy_Username: 'u',
      Automatic_Configure: 0,
      TimeZone: 'Europe/Berlin',
      // The appendix lists de, not de-DE.
      LanguageCode: 'de',
      CountryCode: 'DE',
      resolution: '1920x1080',
      FingerPrint_Setting: '0,1,1,1',
      Geolocation_Setting: 1,
      Geolocation_Latitude: 52.52,
      Geolocation_Longitude: 13.405,
      Geolocation_Accuracy: 100,
      Cookie: [expect.objectContaining({ name: 'sid', value: 'abc' })],
    });
  });

  test('with a proxy, time zone and language follow its exit (checked through the proxy)', async () => {
    const id = await createProfile({
      group_id: '0',
      user_proxy_config: {
        proxy_soft: 'other',
        proxy_type: 'http',
        proxy_host: '127.0.0.1',
        proxy_port: String(proxy.port),
        proxy_user: 'puser',
        proxy_password: 'ppass',
      },
    });
    expect(proxy.hosts).toContain(new URL(lookup.url).host);
    expect(await ours(id)).toMatchObject({
      Automatic_Configure: 1,
      TimeZone: 'Asia/Tokyo',
      CountryCode: 'JP',
      Proxy_Type: 'HTTP',
    });
    // A wrong password fails the check, as our create does.
    const wrong = await service.post('/api/v1/user/create', {
      group_id: '0',
      user_proxy_config: {
        proxy_soft: 'other',
        proxy_type: 'http',
        proxy_host: '127.0.0.1',
        proxy_port: String(proxy.port),
        proxy_user: 'puser',
        proxy_password: 'nope',
      },
    });
    expect(wrong.json()).toMatchObject({ code: -1, data: {} });
    // One of the two by hand is refused: they follow the exit together.
    const half = await service.post('/api/v1/user/create', {
      group_id: '0',
      user_proxy_config: {
        proxy_soft: 'ssh',
        proxy_host: 'h.example',
        proxy_port: '22',
        proxy_user: 'a',
      },
      fingerprint_config: { automatic_timezone: '0', timezone: 'Europe/Paris' },
    });
    expect(half.json()).toMatchObject({ code: -1, msg: expect.stringMatching(/together/) });
  });

  test('list, sort, filter and page; update; delete all or none', async () => {
    const a = await createProfile({ name: 'list A', group_id: '0' });
    const b = await createProfile({ name: 'list B', group_id: '0' });
    const newest = await get('/api/v1/user/list', { group_id: '0' });
    expect(newest.json()).toMatchObject({
      code: 0,
      msg: 'Success',
      data: { page: 1, page_size: 1 },
    });
    expect(newest.json().data.list).toEqual([
      {
        serial_number: '',
        user_id: b,
        name: 'list B',
        group_id: '0',
        group_name: 'default',
        domain_name: '',
        username: '',
        remark: '',
        sys_app_cate_id: '0',
        created_time: expect.stringMatching(/^\d{10}$/),
        ip: '',
        ip_country: '',
        password: '',
        last_open_time: '',
      },
    ]);
    const ascending = await get('/api/v1/user/list', {
      group_id: '0',
      page_size: '100',
      user_sort: JSON.stringify({ created_time: 'asc' }),
    });
    const names = ascending.json().data.list.map((p: { name: string }) => p.name);
    expect(names.indexOf('list A')).toBeLessThan(names.indexOf('list B'));
    expect((await get('/api/v1/user/list', { user_id: a })).json().data.list[0].name).toBe(
      'list A',
    );

    const v2 = await service.post('/api/v2/browser-profile/list', { profile_id: [a], page: 1 });
    expect(v2.json()).toMatchObject({
      code: 0,
      msg: 'success',
      data: {
        page: 1,
        limit: 50,
        list: [{ profile_id: a, name: 'list A', user_proxy_config: { proxy_soft: 'no_proxy' } }],
      },
    });

    const updated = await service.post('/api/v1/user/update', {
      user_id: a,
      name: 'list A2',
      remark: 'changed',
      open_urls: ['https://example.net/'],
      launch_args: ['--mute-audio'],
      user_proxy_config: {
        proxy_soft: 'brightdata',
        proxy_type: 'https',
        proxy_host: 'brd.superproxy.io',
        proxy_port: 33335,
        proxy_user: 'brd-customer-1-zone-z',
        proxy_password: 'pw',
      },
      fingerprint_config: {
        automatic_timezone: '0',
        timezone: 'America/New_York',
        language: ['en-US'],
      },
    });
    expect(updated.json()).toEqual({ code: 0, data: {}, msg: 'Success' });
    expect(await ours(a)).toMatchObject({
      Session_Name: 'list A2',
      Session_Desc: 'changed',
      HomePage_url: ['https://example.net/'],
      Session_Args: ['--mute-audio'],
      Proxy_Type: 'Luminati_HTTPS',
      TimeZone: 'America/New_York',
      LanguageCode: 'en-US',
      Automatic_Configure: 0,
    });
    const badZone = await service.post('/api/v1/user/update', {
      user_id: a,
      fingerprint_config: {
        automatic_timezone: '0',
        timezone: 'Mars/Olympus',
        language: ['en-US'],
      },
    });
    expect(badZone.json()).toMatchObject({ code: -1, data: {} });
    expect((await ours(a)).TimeZone).toBe('America/New_York');

    const partly = await service.post('/api/v1/user/delete', { user_ids: [b, 'no-such-profile'] });
    expect(partly.json()).toMatchObject({ code: -1, data: {} });
    expect(await ours(b)).toMatchObject({ Session_ID: b, status: 0 });
    const deleted = await service.post('/api/v1/user/delete', { user_ids: [a, b] });
    expect(deleted.json()).toEqual({ code: 0, data: {}, msg: 'success' });
    expect(await ours(a)).toEqual({ Session_ID: a, status: -22 });
  });

  test('what has no equivalent here is refused by name, in both languages', async () => {
    const refusals: [string, Record<string, unknown>, RegExp][] = [
      ['/api/v1/user/create', { username: 'me' }, /^username is not supported/],
      ['/api/v1/user/create', { proxyid: '12' }, /^proxyid is not supported/],
      ['/api/v1/user/create', { repeat_config: [2] }, /^repeat_config: the value/],
      ['/api/v1/user/create', { ip: '1.2.3.4' }, /^ip is not supported/],
      ['/api/v1/user/create', { group_id: '42' }, /^Group 42 does not exist/],
      ['/api/v1/user/create', { name: 'x'.repeat(61) }, /^name is too long: at most 60/],
      ['/api/v1/user/create', { nickname: 'x' }, /^Unknown field: nickname/],
      ['/api/v1/user/create', { fingerprint_config: { fonts: ['all'] } }, /fonts is not supported/],
      ['/api/v1/user/create', { fingerprint_config: { bogus: 1 } }, /fingerprint_config\.bogus/],
      [
        '/api/v1/user/create',
        { fingerprint_config: { webrtc: 'proxy' } },
        /webrtc: the value proxy is not supported .*disabled, disableUDP/,
      ],
      [
        '/api/v1/user/create',
        { user_proxy_config: { proxy_soft: 'ipfoxyauto' } },
        /proxy_soft: the value ipfoxyauto/,
      ],
      ['/api/v1/user/delete', {}, /^user_ids is required/],
      ['/api/v2/browser-profile/start', { profile_no: '12' }, /no serial numbers: use profile_id/],
    ];
    for (const [path, body, msg] of refusals) {
      const res = await service.post(path, body);
      expect(res.status, path).toBe(200);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: -1, data: {}, msg });
    }
    const zh = await service.post(
      '/api/v1/user/create',
      { fakey: 'k' },
      { 'Accept-Language': 'zh' },
    );
    expect(zh.json().msg).toMatch(/本服务不支持 fakey/);
    // requests' data=dict (as some AdsPower examples post) is a form, not JSON: said so.
    const form = await call(service.port, '/api/v1/user/create', {
      body: 'name=test&group_id=0',
      headers: { 'content-type': 'application/json' },
    });
    expect(form.json()).toEqual({ code: -1, data: {}, msg: 'Invalid JSON body' });
    const gets: [string, Record<string, string>, RegExp][] = [
      ['/api/v1/browser/start', {}, /^user_id is required/],
      ['/api/v1/browser/start', { serial_number: '3' }, /no serial numbers: use user_id/],
      ['/api/v1/browser/start', { user_id: 'x', device_scale: '1' }, /device_scale/],
      ['/api/v1/browser/start', { user_id: 'x', new_first_tab: '1' }, /new_first_tab/],
      ['/api/v1/browser/stop', { user_id: 'nope' }, /nope/],
      ['/api/v1/user/list', { user_sort: '{"last_open_time":"desc"}' }, /last opening time/],
      ['/api/v1/user/list', { page_size: '101' }, /^Invalid parameter: page_size/],
    ];
    for (const [path, query, msg] of gets) {
      const res = await get(path, query);
      expect(res.json(), `${path} ${JSON.stringify(query)}`).toMatchObject({ code: -1, msg });
    }
  });
});

describe('beside our calls', () => {
  test('a GET on a path that is not a compat path is refused; our POSTs keep their shape', async () => {
    const refused = await get('/api/v1/session/listid');
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe('POST');
    expect(refused.json()).toMatchObject({ code: -10000, data: null });
    expect(refused.json().message).toMatch(/GET is only for the AdsPower-compatible calls/);
    // An unknown API path too (an unknown page is the manager's own 404: manager.test.ts).
    expect((await get('/api/v1/nope')).status).toBe(405);
    // The same path, POST: ours.
    const ourList = await service.post('/api/v1/group/list');
    expect(ourList.json()).toMatchObject({ message: 'Group List Return Success', code: 0 });
    const ourStart = await service.post('/api/v1/browser/start', { Session_ID: ['none'] });
    expect(ourStart.json()).toMatchObject({
      message: 'Browser Start Finished.',
      code: 0,
      data: { listid: [{ Session_ID: 'none', status: -22 }], total: 1 },
    });
  });

  test('the Host and Origin guards apply; the status call answers', async () => {
    expect((await get('/status')).json()).toEqual({ code: 0, msg: 'success' });
    const rebinding = await get('/api/v1/user/list', {}, { host: 'evil.example:50325' });
    expect(rebinding.status).toBe(403);
    expect(rebinding.json()).toMatchObject({ code: -1, data: {} });
    const page = await get('/api/v1/user/list', {}, { origin: 'https://evil.example' });
    expect(page.status).toBe(403);
    // A page's image or script request carries no Origin, but the browser says whose it is.
    const image = await get(
      '/api/v1/browser/stop',
      { user_id: 'x' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(image.status).toBe(403);
    expect(image.json()).toMatchObject({ code: -1, data: {} });
    const typed = await get('/status', {}, { 'sec-fetch-site': 'none' });
    expect(typed.json()).toEqual({ code: 0, msg: 'success' });
  });

  test('--compat-port takes a port other than --port', () => {
    expect(parseFlags(['--compat-port', '50325'], {}).compatPort).toBe(50325);
    expect(parseFlags([], {}).compatPort).toBeUndefined();
    expect(() => parseFlags(['--compat-port', 'x'], {})).toThrow(/invalid --compat-port/);
    expect(() => parseFlags(['--port', '9000', '--compat-port', '9000'], {})).toThrow(/--port/);
  });

  test('--compat-port serves the compat calls only', async () => {
    const port = service.compatPort as number;
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(service.port);
    expect((await get('/api/v1/group/list', {}, {}, port)).json()).toMatchObject({ code: 0 });
    const ourCall = await call(port, '/api/v1/group/list', { body: '{}' });
    expect(ourCall.status).toBe(404);
    expect(ourCall.json()).toMatchObject({ code: -1, msg: expect.stringMatching(/this port/) });
    const ourGroup = await call(port, '/api/v1/group/create', { body: '{"Group_Name":"P"}' });
    expect(ourGroup.json()).toMatchObject({ code: -1, msg: 'group_name is required' });
    expect((await get('/openapi.json', {}, {}, port)).status).toBe(404);
  });
});

describe('before a login, and with the API key on', () => {
  let keyed: TestService;
  beforeAll(async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    keyed = await startTestService({ cloud: `http://127.0.0.1:${port}`, apiKey: true });
  });
  afterAll(() => keyed?.dispose());

  test('the key is required as for our calls; then the login', async () => {
    const key = (await import('node:fs')).readFileSync(`${keyed.dataDir}/api-key`, 'utf8').trim();
    const without = await get('/api/v1/user/list', {}, {}, keyed.port);
    expect(without.status).toBe(401);
    expect(without.json()).toMatchObject({ code: -1, data: {} });
    const bearer = await get(
      '/api/v1/user/list',
      {},
      { authorization: `Bearer ${key}` },
      keyed.port,
    );
    expect(bearer.status).toBe(401);
    expect(bearer.json()).toMatchObject({ code: -1, msg: expect.stringMatching(/log/i) });
    const status = await get('/status', { api_key: key }, {}, keyed.port);
    expect(status.json()).toEqual({ code: 0, msg: 'success' });
  });
});
