/**
 * The proxy check of create and proxy/update (Automatic_Configure 1 or Is_CheckProxy 1) carries a
 * real request through the proxy to the IP-lookup endpoint (docs/local-api.md):
 * wrong HTTP, SOCKS5 and provider credentials and a proxy that cannot forward answer -105 with the
 * curl code, and Automatic_Configure 1 stores the exit's time zone, country and language. Real
 * servers on loopback: proxy-chain with basic auth, a SOCKS5 server, an ip-api.com-like lookup.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startHttpProxy, startLookup, startSocks5 } from '../../test/proxies.ts';
import { startTestService, type TestService } from '../../test/server.ts';

let cloud: TestCloud;
let service: TestService;
let lookup: Awaited<ReturnType<typeof startLookup>>;
let http: Awaited<ReturnType<typeof startHttpProxy>>;
let socks: Awaited<ReturnType<typeof startSocks5>>;

beforeAll(async () => {
  cloud = await startTestCloud();
  lookup = await startLookup({
    query: '198.51.100.7',
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
  });
  http = await startHttpProxy('puser', 'ppass');
  socks = await startSocks5('suser', 'spass');
  service = await startTestService({
    cloud: cloud.url,
    proxyCheckTimeoutMs: 3000,
    ipLookupUrl: lookup.url,
  });
  const login = await service.post('/login', await cloud.account('checker'));
  expect(login.json().status).toBe(0);
}, 60_000);
afterAll(async () => {
  await service?.dispose();
  await http?.close();
  await socks?.close();
  await lookup?.close();
  await cloud?.stop();
});

const lookupHost = () => new URL(lookup.url).host;
const httpProxy = (password: string) => ({
  Proxy_Type: 'HTTP',
  Proxy_Ip: '127.0.0.1',
  Proxy_Port: http.port,
  Proxy_Username: 'puser',
  Proxy_Password: password,
});
const socksProxy = (password: string) => ({
  Proxy_Type: 'SOCKS5',
  Proxy_Ip: '127.0.0.1',
  Proxy_Port: socks.port,
  Proxy_Username: 'suser',
  Proxy_Password: password,
});
const refused = { code: -105, data: { Proxy_Check_Code: 97, Proxy_Check_Name: 'CURLE_PROXY' } };

async function locale(id: string) {
  const res = await service.post('/api/v1/session/id_container', {
    Session_ID: id,
    Session_container_type: 1,
  });
  const { TimeZone, CountryCode, LanguageCode } = res.json().data.listcontainer[0];
  return { TimeZone, CountryCode, LanguageCode };
}

const create = (fields: Record<string, unknown>) =>
  service.post('/api/v1/session/create', { Automatic_Configure: 1, ...fields });

describe('create', () => {
  test('HTTP: wrong credentials are refused (97); good ones store the exit time zone and language', async () => {
    expect((await create(httpProxy('wrong'))).json()).toMatchObject(refused);
    const good = await create({ ...httpProxy('ppass'), TimeZone: 'Asia/Tokyo' });
    expect(good.json().code, good.text).toBe(0);
    // The request went through the proxy to the lookup.
    expect(http.hosts).toContain(lookupHost());
    expect(await locale(good.json().data.Session_Id)).toEqual({
      TimeZone: 'Europe/Berlin',
      CountryCode: 'DE',
      LanguageCode: 'de',
    });
  });

  test('Is_CheckProxy 1 without Automatic_Configure checks the credentials too', async () => {
    const res = await create({ ...httpProxy('wrong'), Automatic_Configure: 0, Is_CheckProxy: 1 });
    expect(res.json()).toMatchObject(refused);
  });

  test('SOCKS5: wrong credentials are refused (97); good ones store the exit', async () => {
    expect((await create(socksProxy('wrong'))).json()).toMatchObject(refused);
    const good = await create(socksProxy('spass'));
    expect(good.json().code, good.text).toBe(0);
    expect(socks.destinations).toContain(lookupHost());
    expect(await locale(good.json().data.Session_Id)).toMatchObject({ TimeZone: 'Europe/Berlin' });
  });

  test('a provider gateway refusing the credentials is refused (97)', async () => {
    const res = await create({
      Proxy_Type: 'smartproxy',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: http.port,
      Proxy_Username: 'acme',
      Proxy_Password: 'gw-pass',
    });
    expect(res.json()).toMatchObject(refused);
  });

  test('a proxy that accepts the connection but forwards nothing fails (28), one that hangs up (56)', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    const rude = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => rude.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server: net.Server) => (server.address() as net.AddressInfo).port;
      const base = { Proxy_Type: 'HTTP', Proxy_Ip: '127.0.0.1' };
      expect((await create({ ...base, Proxy_Port: port(silent) })).json()).toMatchObject({
        code: -105,
        data: { Proxy_Check_Code: 28, Proxy_Check_Name: 'CURLE_OPERATION_TIMEDOUT' },
      });
      expect((await create({ ...base, Proxy_Port: port(rude) })).json()).toMatchObject({
        code: -105,
        data: { Proxy_Check_Code: 56, Proxy_Check_Name: 'CURLE_RECV_ERROR' },
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      rude.close();
    }
  }, 30_000);
});

describe('proxy/update', () => {
  test('wrong credentials are refused (97) and nothing is saved; good ones store the exit', async () => {
    const made = await create({ Automatic_Configure: 0 });
    const id = made.json().data.Session_Id as string;
    const update = (fields: Record<string, unknown>) =>
      service.post('/api/v1/session/proxy/update', { Session_ID: id, ...fields });

    const bad = await update({ Automatic_Configure: 1, ...httpProxy('wrong') });
    expect(bad.json()).toMatchObject(refused);
    const info = await service.post('/api/v1/session/id_container', {
      Session_ID: id,
      Session_container_type: 1,
    });
    expect(info.json().data.listcontainer[0].Proxy_Type).toBe('noproxy');

    const good = await update({ Automatic_Configure: 1, ...httpProxy('ppass') });
    expect(good.json().code, good.text).toBe(0);
    expect(await locale(id)).toEqual({
      TimeZone: 'Europe/Berlin',
      CountryCode: 'DE',
      LanguageCode: 'de',
    });

    // A new password alone is checked again.
    expect((await update({ Proxy_Password: 'wrong' })).json()).toMatchObject(refused);
    expect((await update({ ...socksProxy('wrong') })).json()).toMatchObject(refused);
  });
});

describe('without --ip-lookup', () => {
  test('the check still carries a request, to the documented default endpoint', async () => {
    const proxy = await startHttpProxy('duser', 'dpass');
    const plain = await startTestService({ cloud: cloud.url, proxyCheckTimeoutMs: 3000 });
    try {
      expect((await plain.post('/login', await cloud.account('plain'))).json().status).toBe(0);
      const fields = {
        Proxy_Type: 'HTTP',
        Proxy_Ip: '127.0.0.1',
        Proxy_Port: proxy.port,
        Proxy_Username: 'duser',
      };
      const wrong = { ...fields, Proxy_Password: 'wrong' };
      const made = await plain.post('/api/v1/session/create', { Automatic_Configure: 1, ...wrong });
      expect(made.json()).toMatchObject(refused);
      const other = await plain.post('/api/v1/session/create', { Automatic_Configure: 0 });
      const update = await plain.post('/api/v1/session/proxy/update', {
        Session_ID: other.json().data.Session_Id,
        Automatic_Configure: 1,
        ...wrong,
      });
      expect(update.json()).toMatchObject(refused);
      // Good credentials: offline the lookup cannot answer, but the proxy saw the request for it.
      await plain.post('/api/v1/session/create', {
        Automatic_Configure: 1,
        ...fields,
        Proxy_Password: 'dpass',
      });
      expect(proxy.hosts).toContain('ip-api.com:80');
      // SOCKS5: the proxy is handed the name to resolve, not an address looked up here.
      await plain.post('/api/v1/session/create', {
        Automatic_Configure: 1,
        ...socksProxy('spass'),
      });
      expect(socks.destinations).toContain('ip-api.com:80');
    } finally {
      await plain.dispose();
      await proxy.close();
    }
  }, 30_000);
});

describe('a refused proxy says why in plain words, in the caller’s language', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
  const createIn = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
    service.post('/api/v1/session/create', { Automatic_Configure: 1, ...fields }, headers);

  test('a wrong password: the proxy refused the user name or password, not proxy-chain’s 597', async () => {
    for (const fields of [httpProxy('wrong'), socksProxy('wrong')]) {
      const en = (await createIn(fields)).json();
      expect(en).toMatchObject(refused);
      expect(en.message).toBe(
        'Proxy detection failed: the proxy refused the user name or password',
      );
      const cn = (await createIn(fields, zh)).json();
      expect(cn.message).toBe('代理检测失败：代理拒绝了用户名或密码');
    }
  });

  test('not a SOCKS5 proxy, and a closed port, in Chinese without English fragments', async () => {
    const web = net.createServer((socket) =>
      socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')),
    );
    const closed = net.createServer();
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (server: net.Server) => (server.address() as net.AddressInfo).port;
    const closedPort = port(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    try {
      const socks = { Proxy_Type: 'SOCKS5', Proxy_Ip: '127.0.0.1', Proxy_Port: port(web) };
      expect((await createIn(socks, zh)).json().message).toBe(
        '代理检测失败：该地址上的服务器不是 SOCKS5 代理',
      );
      expect((await createIn(socks)).json().message).toBe(
        'Proxy detection failed: the server at this address is not a SOCKS5 proxy',
      );
      const gone = { Proxy_Type: 'HTTP', Proxy_Ip: '127.0.0.1', Proxy_Port: closedPort };
      expect((await createIn(gone, zh)).json().message).toBe(
        `代理检测失败：代理 127.0.0.1（端口 ${closedPort}）不接受连接`,
      );
      expect((await createIn(gone)).json().message).toBe(
        `Proxy detection failed: the proxy 127.0.0.1:${closedPort} does not accept connections`,
      );
    } finally {
      web.close();
    }
  });
});
