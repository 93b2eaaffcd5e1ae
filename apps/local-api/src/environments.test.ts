/**
 * The environment calls driven over HTTP like a user's script: create (every field, defaults,
 * every create/update code), update, adv_setting, proxy/update, listid with each filter,
 * id_container, delete, share, cookies, auto-open, random-user-agent, cache clean, and the browser
 * control calls' validation.
 */
import { hostSystem } from './runtime/fingerprint/host.ts';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_ONLY_VALUES } from '@hainiao/contract';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { postWithinLimit, testLimits } from './test/limits.ts';
import { startTestService, type TestService } from './test/server.ts';

/** The service's rate limits run on a clock `create` moves on when a limit is spent. */
const limits = testLimits();

let cloud: TestCloud;
let service: TestService;
let alice: Awaited<ReturnType<TestCloud['account']>>;
let bob: Awaited<ReturnType<TestCloud['account']>>;
let files: string;

beforeAll(async () => {
  cloud = await startTestCloud();
  alice = await cloud.account('alice');
  bob = await cloud.account('bob');
  service = limits.adopt(
    await startTestService(
      { cloud: cloud.url, proxyCheckTimeoutMs: 2000 },
      { rateLimiter: limits.rateLimiter },
    ),
  );
  expect((await service.post('/login', alice)).json().status).toBe(0);
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-files-'));
});
afterAll(async () => {
  await service?.dispose();
  await cloud?.stop();
  fs.rmSync(files, { recursive: true, force: true });
});

async function create(fields: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  // This file creates more environments than create's 50 a minute (rate-limit.test.ts): it waits
  // for the Retry-After the answer names, on the service's clock (see `limits`).
  const res = await postWithinLimit(
    service,
    '/api/v1/session/create',
    { Automatic_Configure: 0, ...fields },
    headers,
  );
  const body = res.json();
  if (body.code !== 0) throw new Error(`create failed: ${res.text}`);
  return body.data.Session_Id as string;
}

async function info(id: string, type = 1) {
  const res = await service.post('/api/v1/session/id_container', {
    Session_ID: id,
    Session_container_type: type,
  });
  return res.json().data.listcontainer[0];
}

async function listid(filters: Record<string, unknown> = {}) {
  const res = await service.post('/api/v1/session/listid', filters);
  expect(res.json().code, res.text).toBe(0);
  return res.json().data as { listid: string[]; total: number };
}

describe('create', () => {
  test('with only Automatic_Configure: the defaults, a folder, and Session_Id in the answer', async () => {
    const res = await service.post('/api/v1/session/create', { Automatic_Configure: 0 });
    expect(res.json()).toEqual({
      message: 'Session Create Success',
      code: 0,
      // The host's system shows every value in workers too: nothing is page-only.
      data: { Session_Id: expect.stringMatching(/^[0-9a-f]{32}$/), Fingerprint_PageOnly: [] },
    });
    const id = res.json().data.Session_Id;
    const env = await info(id);
    expect(env).toMatchObject({
      Session_ID: id,
      Session_Name: 'business environment',
      Session_Desc: '',
      Group_Name: 'default',
      // The host's system (a value only pages could show otherwise), its most common screen.
      SystemOS: hostSystem(),
      resolution: '1920x1080',
      FingerPrint_Setting: '1,1,1,1',
      Automatic_Configure: 0,
      Proxy_Type: 'noproxy',
      Session_Actived: 0,
      Cookie: [],
      HomePage_url: [],
      status: 0,
    });
    // A user agent of that system (this suite runs on Linux x86_64 hosts).
    expect(env.User_Agent).toMatch(
      /^Mozilla\/5\.0 \(X11; Linux x86_64\).* Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/,
    );
    expect(fs.existsSync(env.MBData_Path)).toBe(true);
    expect(env.MBData_Path).toBe(path.join(service.dataDir, 'sessions', id));
  });

  test('the default name follows the request language', async () => {
    const id = await create({}, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect((await info(id)).Session_Name).toBe('业务环境');
  });

  test('every section-3 field is kept', async () => {
    await service.post('/api/v1/group/create', { Group_Name: 'Amazon' });
    const ua =
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Mobile Safari/537.36';
    const id = await create({
      Session_Name: 'Amazon US 01',
      Session_Desc: 'seller account',
      Session_Group: 'Amazon',
      SystemOS: 'Android',
      MobileModel: 'Pixel 7',
      resolution: '412x915',
      User_Agent: ua,
      Disable_video: '1',
      Disable_img: 1,
      HomePage_url: ['https://sellercentral.amazon.com', 'https://www.amazon.com'],
      Cookie: [{ name: 'session-id', value: '1', domain: '.amazon.com', path: '/' }],
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: '203.0.113.10',
      Proxy_Port: '1080',
      Proxy_Username: 'user',
      Proxy_Password: 'secret',
      FingerPrint_Setting: '1,0,1,0',
      TimeZone: 'America/New_York',
      CountryCode: 'us',
      LanguageCode: 'en-US',
      Static_PublicIP: '203.0.113.10',
      SOUND_SETTING: 0,
      StartClearCache: '1',
    });
    expect(await info(id)).toMatchObject({
      Session_Name: 'Amazon US 01',
      Session_Desc: 'seller account',
      Group_Name: 'Amazon',
      SystemOS: 'Android',
      MobileModel: 'Pixel 7',
      resolution: '412x915',
      User_Agent: ua,
      Disable_video: 1,
      Disable_img: 1,
      HomePage_url: ['https://sellercentral.amazon.com', 'https://www.amazon.com'],
      Cookie: [{ name: 'session-id', value: '1', domain: '.amazon.com', path: '/', expires: -1 }],
      Weblogin_Account_Count: 1,
      Weblogin_Account_name: ['amazon.com'],
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: '203.0.113.10',
      Proxy_Port: 1080,
      Proxy_Username: 'user',
      Proxy_Password: 'secret',
      FingerPrint_Setting: '1,0,1,0',
      TimeZone: 'America/New_York',
      CountryCode: 'US',
      LanguageCode: 'en-US',
      Static_PublicIP: '203.0.113.10',
      SOUND_SETTING: 0,
      StartClearCache: 1,
      AUTOPLAY_SETTING: 1,
    });
  });

  test('system is the other spelling of SystemOS; a mobile system gets a mobile UA', async () => {
    const res = await service.post('/api/v1/session/create', {
      Automatic_Configure: 0,
      system: 'iPhone',
      MobileModel: 'iPhone 15',
    });
    // Another system than the host's: the create answer already says what only pages show.
    expect(res.json().data.Fingerprint_PageOnly).toEqual([...PAGE_ONLY_VALUES]);
    const id = res.json().data.Session_Id as string;
    const env = await info(id);
    expect(env).toMatchObject({ SystemOS: 'iPhone', resolution: '390x844' });
    expect(env.User_Agent).toMatch(/\(iPhone; CPU iPhone OS \d+_\d+ like Mac OS X\).* CriOS\//);
  });

  const codes: [string, number, Record<string, unknown>, string?][] = [
    ['a name over 60', -101, { Session_Name: 'x'.repeat(61) }, 'Environment name is too long'],
    ['a description over 150', -102, { Session_Desc: 'x'.repeat(151) }],
    ['a group that does not exist', -103, { Session_Group: 'nope' }, 'Group does not exist'],
    ['a group name over 30', -103, { Session_Group: 'x'.repeat(31) }],
    ['a proxy without host', -104, { Proxy_Type: 'HTTP', Proxy_Port: 8080 }],
    [
      'a proxy with a bad host',
      -104,
      { Proxy_Type: 'HTTP', Proxy_Ip: 'bad host!', Proxy_Port: 8080 },
    ],
    ['a proxy without port', -104, { Proxy_Type: 'SOCKS5', Proxy_Ip: '203.0.113.1' }],
    ['an unknown proxy type', -104, { Proxy_Type: 'FTP', Proxy_Ip: '203.0.113.1', Proxy_Port: 21 }],
    [
      'a port out of range',
      -104,
      { Proxy_Type: 'HTTP', Proxy_Ip: '203.0.113.1', Proxy_Port: 70000 },
    ],
    [
      'a provider without credentials',
      -104,
      { Proxy_Type: 'Luminati_HTTP', Proxy_Ip: 'zproxy.lum-superproxy.io', Proxy_Port: 22225 },
    ],
    ['a proxy host without type', -104, { Proxy_Ip: '203.0.113.1', Proxy_Port: 8080 }],
    ['Automatic_Configure 1 without a proxy', -104, { Automatic_Configure: 1 }],
    ['a time zone not in the appendix', -106, { TimeZone: 'Mars/Olympus' }],
    ['a country not in the appendix', -106, { CountryCode: 'QQ' }],
    [
      'a system not in the appendix',
      -107,
      { SystemOS: 'Windows XP' },
      'Operating system name is wrong',
    ],
    [
      'a mobile system without a model',
      -107,
      { SystemOS: 'Android' },
      'Model required for mobile systems',
    ],
    ['a resolution not in the appendix', -108, { resolution: '1000x1000' }, 'Resolution is wrong'],
    ['a malformed resolution', -108, { resolution: '1920*1080' }],
    [
      'a Firefox user agent',
      -109,
      {
        User_Agent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      },
    ],
    [
      'a Windows user agent on macOS',
      -109,
      {
        SystemOS: 'MacIntel',
        User_Agent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      },
    ],
    ['a language not in the appendix', -110, { LanguageCode: 'xx-YY' }, 'Language is invalid'],
    ['a fingerprint setting of three flags', -111, { FingerPrint_Setting: '1,1,1' }],
    ['a fingerprint flag of 2', -111, { FingerPrint_Setting: '1,1,2,1' }],
    ['an advanced flag of 2', -111, { GoogleTranslate: 2 }, 'Fingerprint setting is invalid'],
    ['an invalid cookie', -112, { Cookie: [{ name: 'a', value: 'b', domain: 'com' }] }],
    [
      'cookie text that is not JSON',
      -112,
      { Cookie: '[{oops' },
      'Cookie file is invalid: not valid JSON',
    ],
  ];
  test.each(codes)('%s answers %i', async (_, code, fields, message) => {
    const res = await service.post('/api/v1/session/create', { Automatic_Configure: 0, ...fields });
    expect(res.status).toBe(200);
    expect(res.json().code, res.text).toBe(code);
    if (message) expect(res.json().message).toBe(message);
  });

  test('codes answer in Chinese when asked', async () => {
    const res = await service.post(
      '/api/v1/session/create',
      { Automatic_Configure: 0, Session_Name: 'x'.repeat(61) },
      { 'accept-language': 'zh' },
    );
    expect(res.json()).toEqual({ message: '环境名称过长', code: -101, data: null });
  });

  test('Automatic_Configure is required; types, unknown fields and JSON are checked', async () => {
    const missing = await service.post('/api/v1/session/create', {});
    expect(missing.status).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Missing required parameter: Automatic_Configure',
      code: -10000,
      data: null,
    });
    const wrongType = await service.post('/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: 42,
    });
    expect(wrongType.json()).toMatchObject({
      code: -10000,
      message: 'Invalid parameter: Session_Name',
    });
    const unknown = await service.post('/api/v1/session/create', {
      Automatic_Configure: 0,
      Foo: 1,
    });
    expect(unknown.json()).toMatchObject({ code: -10000, message: 'Unknown field: Foo' });
    const flag = await service.post('/api/v1/session/create', { Automatic_Configure: true });
    expect(flag.json().message).toBe('Invalid parameter: Automatic_Configure');
    const array = await service.post('/api/v1/session/create', [1, 2]);
    expect(array.json()).toMatchObject({ code: -10000, message: 'Invalid parameter: body' });
  });

  test('Automatic_Configure 1 checks the proxy: -105 with the curl code when it is down', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const res = await service.post('/api/v1/session/create', {
      Automatic_Configure: 1,
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: port,
    });
    expect(res.json()).toMatchObject({
      code: -105,
      message: `Proxy detection failed: the proxy 127.0.0.1:${port} does not accept connections`,
      data: { Proxy_Check_Code: 7, Proxy_Check_Name: 'CURLE_COULDNT_CONNECT' },
    });
  });

  // Credentials, forwarding and the exit's locale: adapters/v1/proxy-check.test.ts (real proxies).
});

describe('update, adv_setting, proxy/update', () => {
  let id: string;
  beforeAll(async () => {
    id = await create({ Session_Name: 'before' });
    await service.post('/api/v1/group/create', { Group_Name: 'eBay' });
  });

  test('update changes the listed fields and answers Update Success with Session_Id', async () => {
    const res = await service.post('/api/v1/session/update', {
      Session_ID: id,
      Session_Name: 'after',
      Session_Desc: 'new desc',
      Session_Group: 'eBay',
      Disable_video: 1,
      HomePage_url: 'https://www.ebay.com',
      Cookie: JSON.stringify([{ name: 'c', value: 'v', domain: 'www.ebay.com' }]),
    });
    expect(res.json()).toEqual({ message: 'Update Success', code: 0, data: { Session_Id: id } });
    expect(await info(id)).toMatchObject({
      Session_Name: 'after',
      Session_Desc: 'new desc',
      Group_Name: 'eBay',
      Disable_video: 1,
      HomePage_url: ['https://www.ebay.com'],
      Cookie: [{ name: 'c', domain: 'www.ebay.com' }],
      Weblogin_Account_name: ['ebay.com'],
    });
  });

  test('an empty group falls back to default; unknown ids answer -22; codes apply', async () => {
    await service.post('/api/v1/session/update', { Session_ID: id, Session_Group: '' });
    expect((await info(id)).Group_Name).toBe('default');
    const unknown = await service.post('/api/v1/session/update', {
      Session_ID: 'nope',
      Session_Name: 'x',
    });
    expect(unknown.json()).toEqual({ message: 'Session not found: nope', code: -22, data: null });
    const long = await service.post('/api/v1/session/update', {
      Session_ID: id,
      Session_Desc: 'x'.repeat(151),
    });
    expect(long.json().code).toBe(-102);
    const group = await service.post('/api/v1/session/update', {
      Session_ID: id,
      Session_Group: 'ghost',
    });
    expect(group.json().code).toBe(-103);
    const field = await service.post('/api/v1/session/update', {
      Session_ID: id,
      SystemOS: 'Windows',
    });
    expect(field.json().message).toBe('Unknown field: SystemOS');
    const noId = await service.post('/api/v1/session/update', { Session_Name: 'x' });
    expect(noId.json().message).toBe('Missing required parameter: Session_ID');
  });

  test('adv_setting takes every advanced field with 0/1 flags', async () => {
    const flags = {
      Lock_Browser_windows_size: 1,
      Disable_video: 0,
      Disable_img: 1,
      ImageInvisible: 1,
      AUTOPLAY_SETTING: 0,
      SOUND_SETTING: 0,
      GoogleTranslate: 1,
      SavePasswordPop: 1,
      Notification: 1,
      CLIPBOARD_READ_WRITE: 1,
      NetError_StopChrome: 0,
      fakedevice_forCamera: 1,
      Exit_ClearChrome: 1,
      restore_on_startup: 1,
      Exit_SaveCookie: 0,
      forcembpoint: 1,
      StartClearCache: 1,
      StartClearCookies: 1,
      StartClearHistory: 1,
    };
    const res = await service.post('/api/v1/session/adv_setting', {
      Session_ID: id,
      FingerPrint_Setting: '0,1,0,1',
      ...Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, String(v)])),
      Static_PublicIP: '198.51.100.7',
      Static_PrivateIP: '192.168.1.23',
      TimeZone: 'Asia/Tokyo',
      CountryCode: 'JP',
      CityCode: 'TYO',
      RegionCode: '13',
      LanguageCode: 'ja',
    });
    expect(res.json()).toEqual({
      message: 'Update Session adv_setting Success',
      code: 0,
      data: { Session_Id: id },
    });
    expect(await info(id)).toMatchObject({
      ...flags,
      FingerPrint_Setting: '0,1,0,1',
      Static_PublicIP: '198.51.100.7',
      Static_PrivateIP: '192.168.1.23',
      TimeZone: 'Asia/Tokyo',
      CountryCode: 'JP',
      LanguageCode: 'ja',
    });
  });

  test('adv_setting codes, and a new SystemOS brings a user agent of that system', async () => {
    const bad = await service.post('/api/v1/session/adv_setting', {
      Session_ID: id,
      FingerPrint_Setting: '1,1,1,1,1',
    });
    expect(bad.json().code).toBe(-111);
    const ip = await service.post('/api/v1/session/adv_setting', {
      Session_ID: id,
      Static_PublicIP: '999.1.1.1',
    });
    expect(ip.json().code).toBe(-104);
    const mac = await service.post('/api/v1/session/adv_setting', {
      Session_ID: id,
      SystemOS: 'MacIntel',
    });
    expect(mac.json().data.User_Agent).toMatch(/Macintosh; Intel Mac OS X 10_15_7/);
    expect((await info(id)).SystemOS).toBe('MacIntel');
    const mobile = await service.post('/api/v1/session/adv_setting', {
      Session_ID: id,
      SystemOS: 'Android',
    });
    expect(mobile.json()).toMatchObject({
      code: -107,
      message: 'Model required for mobile systems',
    });
  });

  test('adv_setting changes the screen and the user agent after creation (issue 27)', async () => {
    const made = await create({ SystemOS: 'Windows', resolution: '1366x768' });
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
    const res = await service.post('/api/v1/session/adv_setting', {
      Session_ID: made,
      resolution: '1920x1080',
      User_Agent: ua,
    });
    expect(res.json().code, res.text).toBe(0);
    expect(await info(made)).toMatchObject({ resolution: '1920x1080', User_Agent: ua });
    // A user agent of another system is refused, and nothing changes.
    const mac = await service.post('/api/v1/session/adv_setting', {
      Session_ID: made,
      resolution: '1280x720',
      User_Agent: ua.replace('Windows NT 10.0; Win64; x64', 'Macintosh; Intel Mac OS X 10_15_7'),
    });
    expect(mac.json().code).toBe(-109);
    expect(await info(made)).toMatchObject({ resolution: '1920x1080', User_Agent: ua });
    const screen = await service.post('/api/v1/session/adv_setting', {
      Session_ID: made,
      resolution: '1920x1081',
    });
    expect(screen.json().code).toBe(-108);
  });

  test('proxy/update sets and clears the proxy and locale', async () => {
    const res = await service.post('/api/v1/session/proxy/update', {
      Session_ID: id,
      Proxy_Type: 'HTTPS',
      Proxy_Ip: 'proxy.example.net',
      Proxy_Port: 3128,
      Proxy_Username: 'u',
      Proxy_Password: 'p',
      LanguageCode: 'de-AT',
    });
    expect(res.json()).toEqual({
      message: 'Proxy Update Success',
      code: 0,
      data: { Session_Id: id },
    });
    expect(await info(id)).toMatchObject({
      Proxy_Type: 'HTTPS',
      Proxy_Ip: 'proxy.example.net',
      Proxy_Port: 3128,
      LanguageCode: 'de-AT',
    });
    const port = await service.post('/api/v1/session/proxy/update', {
      Session_ID: id,
      Proxy_Port: 8080,
    });
    expect(port.json().code).toBe(0);
    expect((await info(id)).Proxy_Port).toBe(8080);
    const auto = await service.post('/api/v1/session/proxy/update', {
      Session_ID: id,
      Proxy_Type: 'noproxy',
      Automatic_Configure: 1,
    });
    expect(auto.json().code).toBe(-104);
    const none = await service.post('/api/v1/session/proxy/update', {
      Session_ID: id,
      Proxy_Type: 'noproxy',
    });
    expect(none.json().code).toBe(0);
    expect(await info(id)).toMatchObject({ Proxy_Type: 'noproxy', Proxy_Ip: '', Proxy_Port: 0 });
    const language = await service.post('/api/v1/session/proxy/update', {
      Session_ID: id,
      LanguageCode: 'klingon',
    });
    expect(language.json().code).toBe(-110);
  });
});

describe('listid', () => {
  const made: string[] = [];
  beforeAll(async () => {
    await service.post('/api/v1/group/create', { Group_Name: 'List' });
    for (let i = 0; i < 6; i++) {
      made.push(
        await create({
          Session_Name: `list-${i}${i % 2 ? ' odd' : ''}`,
          Session_Desc: i === 3 ? 'the 100% special one' : '',
          Session_Group: 'List',
          ...(i === 4 ? { Proxy_Type: 'HTTP', Proxy_Ip: '198.51.100.44', Proxy_Port: 8000 } : {}),
          ...(i === 5
            ? { SystemOS: 'MacIntel', Cookie: [{ name: 'x', value: 'y', domain: '.etsy.com' }] }
            : {}),
        }),
      );
    }
  });

  test('without parameters: at most 50 ids, newest update first, and the total', async () => {
    const all = await listid();
    expect(all.listid.length).toBeLessThanOrEqual(50);
    expect(all.total).toBeGreaterThanOrEqual(made.length);
    expect(all.listid.slice(0, 6)).toEqual([...made].reverse());
    await service.post('/api/v1/session/update', { Session_ID: made[0], Session_Desc: 'touched' });
    expect((await listid()).listid[0]).toBe(made[0]);
  });

  test('the filters', async () => {
    const sorted = (ids: string[]) => [...ids].sort();
    expect(sorted((await listid({ Session_GroupName: 'List' })).listid)).toEqual(sorted(made));
    expect((await listid({ Session_Name: 'odd' })).listid).toHaveLength(3);
    expect((await listid({ Session_Name: 'LIST-2' })).listid).toEqual([made[2]]);
    expect((await listid({ Comment: '100%' })).listid).toEqual([made[3]]);
    expect((await listid({ Comment: '100_' })).listid).toEqual([]);
    expect((await listid({ Proxy_Ip: '198.51.100.44' })).listid).toEqual([made[4]]);
    expect((await listid({ Proxy_Type: 'HTTP', Session_GroupName: 'List' })).listid).toEqual([
      made[4],
    ]);
    expect(
      (await listid({ Session_User_Agent: 'Macintosh', Session_GroupName: 'List' })).listid,
    ).toEqual([made[5]]);
    expect((await listid({ Session_ISWebAccount: 1, Session_GroupName: 'List' })).listid).toEqual([
      made[5],
    ]);
    expect((await listid({ Session_WebAccounts: 'https://www.etsy.com/shop' })).listid).toEqual([
      made[5],
    ]);
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    expect((await listid({ Session_CreateTime_Start: day, Session_GroupName: 'List' })).total).toBe(
      6,
    );
    expect(
      (await listid({ Session_CreateTime_End: '2000-01-01', Session_GroupName: 'List' })).total,
    ).toBe(0);
    expect(
      (
        await listid({
          Session_UpdateTime_Start: `${day} 00:00:00`,
          Session_UpdateTime_End: `${day} 23:59:59`,
          Session_GroupName: 'List',
        })
      ).total,
    ).toBe(6);
    expect((await listid({ Session_UpdateTime_Start: '2999-01-01' })).total).toBe(0);
  });

  test('pages: CurrentPage and ListNum up to 500', async () => {
    const first = await listid({ Session_GroupName: 'List', ListNum: 4 });
    const second = await listid({ Session_GroupName: 'List', ListNum: 4, CurrentPage: 2 });
    expect(first.listid).toHaveLength(4);
    expect(second.listid).toHaveLength(2);
    expect([...first.listid, ...second.listid].sort()).toEqual([...made].sort());
    expect(first.total).toBe(6);
    expect((await listid({ Session_GroupName: 'List', ListNum: 4, CurrentPage: 9 })).total).toBe(6);
    expect((await listid({ ListNum: '500' })).listid.length).toBeGreaterThan(0);
    const over = await service.post('/api/v1/session/listid', { ListNum: 501 });
    expect(over.json()).toMatchObject({ code: -10000, message: 'Invalid parameter: ListNum' });
    const zero = await service.post('/api/v1/session/listid', { CurrentPage: 0 });
    expect(zero.status).toBe(400);
    // Totals follow every write (a counted filter is reused only while nothing changed).
    expect((await listid({ Session_GroupName: 'List', ListNum: 1 })).total).toBe(6);
    const extra = await create({ Session_Group: 'List' });
    expect((await listid({ Session_GroupName: 'List', ListNum: 1 })).total).toBe(7);
    await service.post('/api/v1/session/delete', { Session_ID: [extra] });
    expect((await listid({ Session_GroupName: 'List', ListNum: 1 })).total).toBe(6);
    const date = await service.post('/api/v1/session/listid', {
      Session_CreateTime_Start: '2024-02-30',
    });
    expect(date.json().message).toBe('Invalid parameter: Session_CreateTime_Start');
  });

  test('Sort_By and Sort_Order order the whole list, across its pages', async () => {
    const sortedIds = async (body: Record<string, unknown>) => {
      const pages = [1, 2].map((CurrentPage) =>
        listid({ Session_GroupName: 'List', ListNum: 4, CurrentPage, ...body }),
      );
      return (await Promise.all(pages)).flatMap((page) => page.listid);
    };
    // Names list-0 … list-5 (odd ones with a suffix), made in that order.
    expect(await sortedIds({ Sort_By: 'name' })).toEqual(made);
    expect(await sortedIds({ Sort_By: 'name', Sort_Order: 'desc' })).toEqual([...made].reverse());
    expect(await sortedIds({ Sort_By: 'created', Sort_Order: 'asc' })).toEqual(made);
    // Only the listed fields: nothing of the request reaches the query.
    const bad = await service.post('/api/v1/session/listid', { Sort_By: 'seq; drop table x' });
    expect(bad.json()).toMatchObject({ code: -10000, message: 'Invalid parameter: Sort_By' });
  });
});

describe('id_container', () => {
  test('types 2 and 3, unknown ids, at most 100 ids', async () => {
    const id = await create({ Session_Name: 'brief' });
    const brief = await info(id, 2);
    expect(Object.keys(brief).sort()).toEqual(
      [
        'Group_Name',
        'Proxy_Ip',
        'Proxy_Type',
        'Session_Actived',
        'Session_CreateTime',
        'Session_Desc',
        'Session_ID',
        'Session_Name',
        'Session_Owner',
        'Session_Recv',
        'Session_Tags',
        'Session_UpdateTime',
        'SystemOS',
        'status',
      ].sort(),
    );
    expect(brief.Session_CreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await info(id, 3)).toMatchObject({
      Session_Name: 'brief',
      Plugins_Count: 0,
      Plugin_Id: [],
      Script_Count: 0,
      Actived_script_id: '',
    });
    const mixed = await service.post('/api/v1/session/id_container', { Session_ID: [id, 'ghost'] });
    expect(mixed.json()).toMatchObject({
      message: 'Session Info Return Success',
      code: 0,
      data: {
        total: 2,
        listcontainer: [
          { Session_ID: id, status: 0 },
          { Session_ID: 'ghost', status: -22 },
        ],
      },
    });
    const many = await service.post('/api/v1/session/id_container', {
      Session_ID: Array.from({ length: 101 }, (_, i) => `id${i}`),
    });
    expect(many.json()).toMatchObject({
      code: -10000,
      message: 'Too many Session_ID: at most 100',
    });
    const type = await service.post('/api/v1/session/id_container', {
      Session_ID: id,
      Session_container_type: 4,
    });
    expect(type.status).toBe(400);
  });
});

describe('delete', () => {
  test('a list: success and failure lists; -13 when some fail; the folder goes too', async () => {
    const a = await create();
    const b = await create();
    const dir = path.join(service.dataDir, 'sessions', a);
    fs.mkdirSync(path.join(dir, 'profile', 'Default'), { recursive: true });
    const res = await service.post('/api/v1/session/delete', { Session_ID: [a, b, 'ghost'] });
    expect(res.json()).toEqual({
      message: 'Session Delete Finished.',
      code: -13,
      data: { Delete_Session_Success: [a, b], Delete_Session_Failed: ['ghost'] },
    });
    expect(fs.existsSync(dir)).toBe(false);
    const again = await service.post('/api/v1/session/delete', { Session_ID: [a] });
    expect(again.json()).toEqual({
      message: 'All Session Delete Failed.',
      code: -13,
      data: { Delete_Session_Success: [], Delete_Session_Failed: [a] },
    });
    const c = await create();
    const ok = await service.post('/api/v1/session/delete', { Session_ID: [c] });
    expect(ok.json()).toMatchObject({ code: 0, message: 'Session Delete Finished.' });
  });

  test('limits and required fields', async () => {
    const many = await service.post('/api/v1/session/delete', {
      Session_ID: Array.from({ length: 2001 }, (_, i) => `id${i}`),
    });
    expect(many.json()).toMatchObject({
      code: -10000,
      message: 'Too many Session_ID: at most 2000',
    });
    const none = await service.post('/api/v1/session/delete', {});
    expect(none.json().message).toBe('Missing required parameter: Session_ID');
    const empty = await service.post('/api/v1/session/delete', { Session_ID: [] });
    expect(empty.status).toBe(400);
  });
});

describe('cookies', () => {
  const extensionExport = [
    {
      domain: '.example.com',
      expirationDate: 4102444800.5,
      hostOnly: false,
      httpOnly: true,
      name: 'sid',
      path: '/',
      sameSite: 'no_restriction',
      secure: true,
      session: false,
      storeId: '0',
      value: 'abc123',
      id: 1,
    },
    {
      domain: 'shop.example.org',
      hostOnly: true,
      httpOnly: false,
      name: 'cart',
      path: '/cart',
      sameSite: 'lax',
      secure: false,
      session: true,
      value: '3',
    },
  ];

  test('import a JSON export and a cookies.txt; export both formats; round trip', async () => {
    const id = await create();
    const json = path.join(files, 'cookies.json');
    fs.writeFileSync(json, JSON.stringify(extensionExport));
    const res = await service.post('/api/v1/session/import-cookie', {
      Session_ID: id,
      Cookie_File: json,
    });
    expect(res.json()).toEqual({
      message: 'Import Cookie Success',
      code: 0,
      data: { Session_ID: id, Cookie_Count: 2, Cookie_Total: 2 },
    });
    const txt = path.join(files, 'cookies.txt');
    fs.writeFileSync(
      txt,
      '# Netscape HTTP Cookie File\n' +
        '#HttpOnly_.github.com\tTRUE\t/\tTRUE\t4102444800\tuser_session\txyz\n' +
        'example.net\tFALSE\t/\tFALSE\t0\tlang\ten\n',
    );
    const second = await service.post('/api/v1/session/import-cookie', {
      Session_ID: id,
      Cookie_File: txt,
    });
    expect(second.json().data).toMatchObject({ Cookie_Count: 2, Cookie_Total: 4 });
    const env = await info(id);
    expect(env.Weblogin_Account_name).toEqual([
      'example.com',
      'example.net',
      'example.org',
      'github.com',
    ]);
    expect(env.Cookie).toContainEqual({
      name: 'user_session',
      value: 'xyz',
      domain: '.github.com',
      path: '/',
      expires: 4102444800,
      httpOnly: true,
      secure: true,
    });

    const outJson = path.join(files, 'out.json');
    const exported = await service.post('/api/v1/session/export-cookie', {
      Session_ID: id,
      Export_Cookie_File: outJson,
    });
    expect(exported.json()).toEqual({
      message: 'Export Cookie Success',
      code: 0,
      data: { Session_ID: id, Export_Cookie_File: outJson, Cookie_Count: 4 },
    });
    const written = JSON.parse(fs.readFileSync(outJson, 'utf8'));
    expect(written[0]).toMatchObject({
      domain: '.example.com',
      name: 'sid',
      sameSite: 'no_restriction',
      hostOnly: false,
      session: false,
    });
    const outTxt = path.join(files, 'out.txt');
    await service.post('/api/v1/session/export-cookie', {
      Session_ID: id,
      Export_Cookie_File: outTxt,
    });
    expect(fs.readFileSync(outTxt, 'utf8')).toContain(
      '#HttpOnly_.github.com\tTRUE\t/\tTRUE\t4102444800\tuser_session\txyz',
    );

    // JSON keeps everything; cookies.txt has no SameSite column.
    for (const [file, same] of [
      [outJson, env.Cookie],
      [outTxt, env.Cookie.map(({ sameSite: _s, ...c }: Record<string, unknown>) => c)],
    ] as const) {
      const copy = await create();
      const r = await service.post('/api/v1/session/import-cookie', {
        Session_ID: copy,
        Cookie_File: file,
      });
      expect(r.json().data.Cookie_Total).toBe(4);
      expect((await info(copy)).Cookie).toEqual(same);
    }
  });

  test('invalid files answer -112, unreadable ones -14, unwritable exports -15', async () => {
    const id = await create();
    const bad: [string, string][] = [
      ['empty.json', ''],
      ['broken.json', '[{"name":'],
      ['object.json', '{"a":1}'],
      ['noname.json', '[{"value":"x","domain":"example.com"}]'],
      ['suffix.json', '[{"name":"a","value":"x","domain":".co.uk"}]'],
      ['badvalue.json', '[{"name":"a","value":"x;y","domain":"example.com"}]'],
      ['short.txt', 'example.com\tTRUE\t/\n'],
    ];
    for (const [name, content] of bad) {
      const file = path.join(files, name);
      fs.writeFileSync(file, content);
      const res = await service.post('/api/v1/session/import-cookie', {
        Session_ID: id,
        Cookie_File: file,
      });
      expect(res.json().code, `${name}: ${res.text}`).toBe(-112);
      expect(res.json().message).toMatch(/^Cookie file is invalid: /);
    }
    const missing = await service.post('/api/v1/session/import-cookie', {
      Session_ID: id,
      Cookie_File: path.join(files, 'nope.json'),
    });
    expect(missing.json()).toMatchObject({
      code: -14,
      message: expect.stringMatching(/^Import Cookie failed: cannot read /),
    });
    const unwritable = await service.post('/api/v1/session/export-cookie', {
      Session_ID: id,
      Export_Cookie_File: path.join(files, 'no-such-dir', 'x.json'),
    });
    expect(unwritable.json()).toMatchObject({
      code: -15,
      message: expect.stringMatching(/^Export Cookie failed/),
    });
    const ghost = await service.post('/api/v1/session/export-cookie', {
      Session_ID: 'ghost',
      Export_Cookie_File: path.join(files, 'g.json'),
    });
    expect(ghost.json().code).toBe(-22);
    const noFile = await service.post('/api/v1/session/import-cookie', { Session_ID: id });
    expect(noFile.json().message).toBe('Missing required parameter: Cookie_File');
  });
});

describe('random-user-agent', () => {
  test('consistent with SYSTEM, MobileModel and Version', async () => {
    const windows = await service.post('/api/v1/session/random-user-agent', { SYSTEM: 'Windows' });
    expect(windows.json()).toMatchObject({
      message: 'Random User Agent Success',
      code: 0,
      data: {
        SYSTEM: 'Windows',
        User_Agent: expect.stringMatching(
          /Windows NT 10\.0; Win64; x64.*Chrome\/\d+\.0\.0\.0 Safari/,
        ),
      },
    });
    expect(windows.json().data.Version).toBeGreaterThanOrEqual(147);
    const android = await service.post('/api/v1/session/random-user-agent', {
      SYSTEM: 'Android',
      MobileModel: 'SM-S918B',
      Version: '106',
    });
    expect(android.json().data.User_Agent).toMatch(
      /^Mozilla\/5\.0 \(Linux; Android 1[23]; SM-S918B\) .* Chrome\/106\.0\.0\.0 Mobile Safari\/537\.36$/,
    );
    const old = await service.post('/api/v1/session/random-user-agent', {
      SYSTEM: 'Windows',
      Version: 98,
    });
    expect(old.json().data.User_Agent).toContain('Chrome/98.0.4758.102 ');
    const ipad = await service.post('/api/v1/session/random-user-agent', {
      SYSTEM: 'iPad',
      Version: 105,
    });
    expect(ipad.json().data.User_Agent).toMatch(
      /\(iPad; CPU OS \d+_\d+ like Mac OS X\).* CriOS\/105\.0\.5195\.\d+ /,
    );
  });

  test('unknown systems, and versions outside 95–106 (-109)', async () => {
    const system = await service.post('/api/v1/session/random-user-agent', { SYSTEM: 'BeOS' });
    expect(system.json().code).toBe(-107);
    for (const Version of [94, 107, 130, 999, '0']) {
      const res = await service.post('/api/v1/session/random-user-agent', {
        SYSTEM: 'Windows',
        Version,
      });
      expect(res.status, String(Version)).toBe(200);
      expect(res.json()).toEqual({
        code: -109,
        message: 'Version must be a browser version from 95 to 106',
        data: null,
      });
    }
    const zh = await service.post(
      '/api/v1/session/random-user-agent',
      { SYSTEM: 'Windows', Version: 107 },
      { 'accept-language': 'zh' },
    );
    expect(zh.json().message).toBe('Version 必须是 95 到 106 之间的浏览器版本号');
    for (const Version of [95, 106]) {
      const res = await service.post('/api/v1/session/random-user-agent', {
        SYSTEM: 'Windows',
        Version,
      });
      expect(res.json().data.User_Agent).toContain(`Chrome/${Version}.`);
    }
    const none = await service.post('/api/v1/session/random-user-agent', {});
    expect(none.json().message).toBe('Missing required parameter: SYSTEM');
  });
});

describe('BrowserCache-clean', () => {
  test('removes the cache folders, and cookies with Is_Clean_Cookies', async () => {
    const id = await create({ Cookie: [{ name: 'a', value: 'b', domain: 'example.com' }] });
    const profile = path.join(service.dataDir, 'sessions', id, 'profile');
    for (const dir of ['Default/Cache', 'Default/Code Cache', 'GrShaderCache', 'Default/Network']) {
      fs.mkdirSync(path.join(profile, dir), { recursive: true });
    }
    fs.writeFileSync(path.join(profile, 'Default/Network/Cookies'), 'x');
    fs.writeFileSync(path.join(profile, 'Default/Preferences'), '{}');
    const res = await service.post('/api/v1/session/BrowserCache-clean', {
      Session_ID: [id, 'ghost'],
    });
    expect(res.json()).toEqual({
      message: 'Clean Cache Finished.',
      code: 0,
      data: { Clean_SessionID_Success: [id], Clean_SessionID_Failed: ['ghost'] },
    });
    expect(fs.existsSync(path.join(profile, 'Default/Cache'))).toBe(false);
    expect(fs.existsSync(path.join(profile, 'Default/Network/Cookies'))).toBe(true);
    expect(fs.existsSync(path.join(profile, 'Default/Preferences'))).toBe(true);
    await service.post('/api/v1/session/BrowserCache-clean', {
      Session_ID: [id],
      Is_Clean_Cookies: 1,
    });
    expect(fs.existsSync(path.join(profile, 'Default/Network/Cookies'))).toBe(false);
    expect(await info(id)).toMatchObject({ Cookie: [], Weblogin_Account_Count: 0 });
  });
});

describe('auto_open', () => {
  test('add, list, update and delete start pages', async () => {
    const a = await create({ Session_Name: 'auto a', HomePage_url: 'https://a.example' });
    const b = await create({ Session_Name: 'auto b' });
    const add = await service.post('/api/v1/session/auto_open/add', {
      Session_ID: [a, b],
      StartPage: 'https://shop.example',
    });
    expect(add.json()).toEqual({
      message: 'Auto Open Add Success',
      code: 0,
      data: { listid: [a, b], total: 2 },
    });
    const list = await service.post('/api/v1/session/auto_open/list', {
      Session_ID: [a, b, 'ghost'],
    });
    expect(list.json().data.listcontainer).toEqual([
      {
        Session_ID: a,
        Session_Name: 'auto a',
        Group_Name: 'default',
        OpenUrl_Count: 2,
        StartPage1: '1-https://a.example',
        StartPage2: '1-https://shop.example',
        status: 0,
      },
      {
        Session_ID: b,
        Session_Name: 'auto b',
        Group_Name: 'default',
        OpenUrl_Count: 1,
        StartPage1: '1-https://shop.example',
        status: 0,
      },
      { Session_ID: 'ghost', status: -22 },
    ]);
    const everything = await service.post('/api/v1/session/auto_open/list', {});
    expect(
      everything.json().data.listcontainer.map((e: { Session_ID: string }) => e.Session_ID),
    ).toEqual(expect.arrayContaining([a, b]));
    const update = await service.post('/api/v1/session/auto_open/update', {
      OldStartPage: 'https://shop.example',
      NewStartPage: 'https://shop.example/new',
    });
    expect(update.json()).toMatchObject({ code: 0, message: 'Auto Open Update Success' });
    expect(update.json().data.listid.sort()).toEqual([a, b].sort());
    expect((await info(a)).HomePage_url).toEqual(['https://a.example', 'https://shop.example/new']);
    const del = await service.post('/api/v1/session/auto_open/delete', {
      Session_ID: [a],
      StartPage: 'https://a.example',
    });
    expect(del.json()).toMatchObject({
      code: 0,
      message: 'Auto Open Delete Success',
      data: { listid: [a] },
    });
    expect((await info(a)).HomePage_url).toEqual(['https://shop.example/new']);
    const missing = await service.post('/api/v1/session/auto_open/delete', {
      StartPage: 'https://never.example',
    });
    expect(missing.json()).toMatchObject({
      code: -10000,
      message: 'Start page not found: https://never.example',
    });
    const noIds = await service.post('/api/v1/session/auto_open/add', {
      StartPage: 'https://x.example',
    });
    expect(noIds.json().message).toBe('Missing required parameter: Session_ID');
    const ghost = await service.post('/api/v1/session/auto_open/add', {
      Session_ID: ['ghost'],
      StartPage: 'https://x.example',
    });
    expect(ghost.json().code).toBe(-22);
  });
});

describe('groups', () => {
  test('create, list, move with Orgin_Group_Name, delete', async () => {
    const created = await service.post('/api/v1/group/create', { Group_Name: 'TikTok' });
    expect(created.json()).toEqual({
      message: 'New Group Create Success',
      code: 0,
      data: { Group_Name: 'TikTok' },
    });
    const duplicate = await service.post('/api/v1/group/create', { Group_Name: 'TikTok' });
    expect(duplicate.json()).toMatchObject({ code: -10000, message: 'Group Name already exists' });
    const long = await service.post('/api/v1/group/create', { Group_Name: 'x'.repeat(31) });
    expect(long.status).toBe(400);
    const names = (await service.post('/api/v1/group/list')).json().data.Group_Name_List;
    expect(names[0]).toBe('default');
    expect(names).toContain('TikTok');

    const id = await create({ Session_Group: 'TikTok' });
    const notEmpty = await service.post('/api/v1/group/del', { Group_Name: ['TikTok'] });
    expect(notEmpty.json()).toMatchObject({
      code: -10000,
      message: 'Group not empty, move its sessions first: TikTok',
    });
    const wrongOrigin = await service.post('/api/v1/group/move_session', {
      Session_ID: [id],
      Orgin_Group_Name: 'default',
      Target_Group_Name: 'TikTok',
    });
    expect(wrongOrigin.json().message).toBe(`Session ${id} is not in group default`);
    const ghostGroup = await service.post('/api/v1/group/move_session', {
      Session_ID: [id],
      Orgin_Group_Name: 'TikTok',
      Target_Group_Name: 'Ghost',
    });
    expect(ghostGroup.json()).toMatchObject({ code: -103, message: 'Group not found: Ghost' });
    const move = await service.post('/api/v1/group/move_session', {
      Session_ID: [id],
      Orgin_Group_Name: 'TikTok',
      Target_Group_Name: 'default',
    });
    expect(move.json()).toEqual({
      message: 'Session move Success',
      code: 0,
      data: { Session_ID: [id], Target_Group_Name: 'default' },
    });
    const misspelt = await service.post('/api/v1/group/move_session', {
      Session_ID: [id],
      Origin_Group_Name: 'default',
      Target_Group_Name: 'TikTok',
    });
    expect(misspelt.json().message).toBe('Unknown field: Origin_Group_Name');
    const del = await service.post('/api/v1/group/del', { Group_Name: ['TikTok'] });
    expect(del.json()).toEqual({
      message: 'Group Delete Success',
      code: 0,
      data: { Group_Name: ['TikTok'] },
    });
    const defaultGroup = await service.post('/api/v1/group/del', { Group_Name: ['default'] });
    expect(defaultGroup.json().message).toBe('The default group cannot be deleted');
    const unknown = await service.post('/api/v1/group/del', { Group_Name: ['Nope'] });
    expect(unknown.json().code).toBe(-103);
    const notArray = await service.post('/api/v1/group/del', { Group_Name: 'Nope' });
    expect(notArray.status).toBe(400);
  });

  test('Chinese messages', async () => {
    const res = await service.post(
      '/api/v1/group/create',
      { Group_Name: '店铺' },
      { 'accept-language': 'zh-CN' },
    );
    expect(res.json().message).toBe('新分组创建成功');
  });
});

describe('browser control', () => {
  test('start, stop, kill and status validate and answer per environment', async () => {
    const id = await create();
    const status = await service.post('/api/v1/browser/status', { Session_ID: [id, 'ghost'] });
    expect(status.json()).toMatchObject({
      message: 'Browser Status Return Success',
      code: 0,
      data: {
        total: 2,
        listcontainer: [
          { Session_ID: id, status: 0, Session_Actived: 0 },
          { Session_ID: 'ghost', status: -22 },
        ],
      },
    });
    const running = await service.post('/api/v1/browser/status', { Actived_Type: 1 });
    expect(running.json().data).toEqual({ listcontainer: [], total: 0 });
    const stopped = await service.post('/api/v1/browser/status', { Actived_Type: '2' });
    expect(
      stopped.json().data.listcontainer.map((e: { Session_ID: string }) => e.Session_ID),
    ).toContain(id);
    const tooMany = await service.post('/api/v1/browser/status', {
      Session_ID: Array.from({ length: 101 }, (_, i) => `s${i}`),
    });
    expect(tooMany.json().message).toBe('Too many Session_ID: at most 100');
    const badType = await service.post('/api/v1/browser/status', { Actived_Type: 3 });
    expect(badType.status).toBe(400);

    const start = await service.post('/api/v1/browser/start', {
      Session_ID: [id, 'ghost'],
      isHeadless: 1,
      args: ['--mute-audio'],
    });
    expect(start.json()).toMatchObject({
      message: 'Browser Start Finished.',
      code: 0,
      data: {
        listid: [
          { Session_ID: id, status: 0, Session_Actived: 1, isHeadless: 1 },
          { Session_ID: 'ghost', status: -22 },
        ],
        total: 2,
      },
    });
    // A headless environment must be killed (-20); then both answer 0.
    for (const [action, code] of [
      ['stop', -20],
      ['kill', 0],
      ['stop', 0],
    ] as const) {
      const res = await service.post(`/api/v1/browser/${action}`, { Session_ID: [id, 'ghost'] });
      expect(res.json().data.listid).toEqual([
        { Session_ID: id, status: code },
        { Session_ID: 'ghost', status: -22 },
      ]);
    }
    const one = await service.post('/api/v1/browser/stop', { Session_ID: id });
    expect(one.json().message).toBe('Browser Stop Finished.');
    const noIds = await service.post('/api/v1/browser/start', {});
    expect(noIds.json().message).toBe('Missing required parameter: Session_ID');
  });
});

describe('sharing (a second account on the same machine)', () => {
  test('share, received and sent filters, owner-only changes', async () => {
    const id = await create({ Session_Name: 'shared one' });
    const self = await service.post('/api/v1/session/share', {
      Session_ID: id,
      Share_Username: 'alice',
    });
    expect(self.json().message).toBe('An environment cannot be shared with its own account');
    const share = await service.post('/api/v1/session/share', {
      Session_ID: id,
      Share_Username: 'bob',
    });
    expect(share.json()).toEqual({
      message: 'Share Success',
      code: 0,
      data: { Session_Id: id, Share_Username: 'bob' },
    });
    expect((await listid({ Session_Sent: 1 })).listid).toEqual([id]);
    expect((await listid({ Session_Sent_Account: 'bob' })).listid).toEqual([id]);
    expect((await listid({ Session_Sent_Account: 'carol' })).listid).toEqual([]);
    expect((await info(id)).Share_Username).toEqual(['bob']);

    expect((await service.post('/login', bob)).json().status).toBe(0);
    try {
      expect((await listid()).listid).toEqual([id]);
      expect((await listid({ Session_Recv: 1 })).listid).toEqual([id]);
      expect((await listid({ Session_Recv: 1, Session_Recv_Account: 'alice' })).listid).toEqual([
        id,
      ]);
      expect((await listid({ Session_Recv_Account: 'carol' })).listid).toEqual([]);
      expect(await info(id, 2)).toMatchObject({ Session_Recv: 1, Session_Owner: 'alice' });
      const update = await service.post('/api/v1/session/update', {
        Session_ID: id,
        Session_Name: 'mine now',
      });
      expect(update.json()).toMatchObject({
        code: -11,
        message: `Only the owner can change this environment: ${id}`,
      });
      // A receiver's delete leaves the share: gone here, kept by its owner.
      const del = await service.post('/api/v1/session/delete', { Session_ID: [id] });
      expect(del.json()).toMatchObject({
        code: 0,
        data: { Delete_Session_Success: [id], Delete_Session_Failed: [] },
      });
      expect((await listid()).listid).toEqual([]);
      const all = await service.post('/api/v1/session/delete', { Is_Delete_All: 1 });
      expect(all.json()).toEqual({
        message: 'All Session Delete Finished.',
        code: 0,
        data: { Delete_All_Session_Success_cont: 0, Delete_Session_Failed: [] },
      });
    } finally {
      expect((await service.post('/login', alice)).json().status).toBe(0);
    }
    expect((await info(id)).Session_Name).toBe('shared one');
    expect((await info(id)).Share_Username).toEqual([]);
  });
});

describe('delete all', () => {
  test('Is_Delete_All deletes every environment of the account', async () => {
    const before = (await listid()).total;
    expect(before).toBeGreaterThan(0);
    const res = await service.post('/api/v1/session/delete', { Is_Delete_All: '1' });
    expect(res.json()).toEqual({
      message: 'All Session Delete Finished.',
      code: 0,
      data: { Delete_All_Session_Success_cont: before, Delete_Session_Failed: [] },
    });
    expect((await listid()).total).toBe(0);
    expect(fs.readdirSync(path.join(service.dataDir, 'sessions'))).toEqual([]);
  });
});
