/** The service's HTTP contract: guards, envelope, JSON-only bodies, languages, every call registered. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_API_ROUTES } from '@hainiao/contract';
import { parseFlags } from './cli.ts';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { call, startTestService, type TestService } from './test/server.ts';

/** The local addresses the kernel lists as listening on TCP `port` (IPv4 dotted; IPv6 as hex). */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local = '', , state] = line.trim().split(/\s+/);
      const [hex = '', portHex = ''] = local.split(':');
      // 0A is LISTEN; an IPv4 address is little-endian hex.
      if (state !== '0A' || parseInt(portHex, 16) !== port) continue;
      found.push(
        hex.length === 8
          ? (hex.match(/../g) ?? [])
              .reverse()
              .map((b) => parseInt(b, 16))
              .join('.')
          : hex,
      );
    }
  }
  return found;
}

/** The error code of a TCP connection to `host:port`, or undefined when it connects. */
function connectError(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 5000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('ETIMEDOUT');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('local API service', () => {
  let cloud: TestCloud;
  let service: TestService;
  beforeAll(async () => {
    cloud = await startTestCloud();
    const alice = await cloud.account('alice');
    service = await startTestService({ cloud: cloud.url });
    expect((await service.post('/login', alice)).json().status).toBe(0);
  });
  afterAll(async () => {
    await service?.dispose();
    await cloud?.stop();
  });

  test('group/list answers the spec envelope with the default group', async () => {
    const res = await call(service.port, '/api/v1/group/list', { body: '{}' });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      message: 'Group List Return Success',
      code: 0,
      data: { Group_Name_List: ['default'] },
    });
  });

  test('answers in Chinese when asked with Accept-Language', async () => {
    const res = await call(service.port, '/api/v1/group/list', {
      body: '{}',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(res.json().message).toBe('分组列表获取成功');
  });

  test('listens on loopback only', async () => {
    // The service as a user starts it (the default --host), on a free port.
    const own = await startTestService({ host: parseFlags([], {}).host, cloud: cloud.url });
    try {
      // The kernel's own record of the listening socket (Linux): bound to 127.0.0.1 and nothing else.
      if (fs.existsSync('/proc/net/tcp')) {
        expect(listeningAddresses(own.port)).toEqual(['127.0.0.1']);
      }
      // Reachable on loopback, refused on every other address of this machine.
      expect(await connectError('127.0.0.1', own.port)).toBeUndefined();
      const others = Object.entries(os.networkInterfaces()).flatMap(([name, infos = []]) =>
        infos
          .filter((info) => !info.internal)
          // A link-local address is only reachable through its interface.
          .map((info) =>
            info.address.startsWith('fe80:') ? `${info.address}%${name}` : info.address,
          ),
      );
      for (const address of others) {
        expect(await connectError(address, own.port), address).toBe('ECONNREFUSED');
      }
      // At least one of the two checks ran: the test cannot pass without looking.
      expect(fs.existsSync('/proc/net/tcp') || others.length > 0).toBe(true);
    } finally {
      await own.dispose();
    }
  });

  test.each(['localhost', `localhost:${8186}`, '127.0.0.1:8186', '[::1]:8186'])(
    'accepts Host %s',
    async (host) => {
      const res = await call(service.port, '/api/v1/group/list', { body: '{}', headers: { host } });
      expect(res.status).toBe(200);
    },
  );

  test.each(['evil.example', 'evil.example:8186', '127.0.0.1.nip.io', '192.168.1.10:8186'])(
    'refuses a foreign Host %s (DNS rebinding)',
    async (host) => {
      const res = await call(service.port, '/api/v1/group/list', { body: '{}', headers: { host } });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ code: -10000, message: 'Forbidden host' });
    },
  );

  test('refuses a cross-origin browser call from a site not allowed', async () => {
    const res = await call(service.port, '/api/v1/group/list', {
      body: '{}',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.json().message).toBe('Forbidden origin');
  });

  test('allows the configured site origin, with CORS headers and preflight', async () => {
    const res = await call(service.port, '/api/v1/group/list', {
      body: '{}',
      headers: { origin: cloud.url },
    });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(cloud.url);
    const preflight = await call(service.port, '/api/v1/group/list', {
      method: 'OPTIONS',
      headers: { origin: cloud.url, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
  });

  test('accepts only JSON bodies', async () => {
    const res = await call(service.port, '/api/v1/group/list', {
      body: 'Group_Name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.json().message).toBe('Content-Type must be application/json');
    const plain = await call(service.port, '/api/v1/group/list', {
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    const charset = await call(service.port, '/api/v1/group/list', {
      body: '{}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.json().code).toBe(0);
  });

  test('an empty body is an empty object, with or without a JSON content type', async () => {
    const bare = await call(service.port, '/api/v1/group/list');
    expect(bare.json().code).toBe(0);
    const typed = await call(service.port, '/api/v1/group/list', {
      headers: { 'content-type': 'application/json' },
    });
    expect(typed.json().code).toBe(0);
  });

  test('bad JSON gets a clear error', async () => {
    const res = await call(service.port, '/api/v1/group/list', { body: '{"Group_Name": ' });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: -10000, message: 'Invalid JSON body' });
    const zh = await call(service.port, '/api/v1/group/list', {
      body: '{',
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.json().message).toBe('请求体不是有效的 JSON');
  });

  test('parameterless calls refuse unknown fields; __proto__ is just an unknown field', async () => {
    const res = await service.post('/api/v1/group/list', { x: 1 });
    expect(res.json()).toMatchObject({ code: -10000, message: 'Unknown field: x' });
    const proto = await call(service.port, '/api/v1/group/create', {
      body: '{"Group_Name":"p","__proto__":{"admin":true}}',
    });
    expect(proto.json()).toMatchObject({ code: -10000, message: 'Unknown field: __proto__' });
  });

  test('bodies over 10 MB are refused', async () => {
    const res = await call(service.port, '/api/v1/session/create', {
      body: JSON.stringify({ Automatic_Configure: 0, Session_Desc: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ code: -10000, message: 'Request body too large' });
  });

  test('an unknown call answers 404 in the envelope; a GET of one of our calls 405', async () => {
    const res = await call(service.port, '/api/v1/nope', { body: '{}' });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({
      message: 'Unknown call: POST /api/v1/nope',
      code: -10000,
      data: null,
    });
    // GET /api/v1/group/list is AdsPower's (adapters/adspower/compat-adspower.ts); our calls are POST only.
    const get = await call(service.port, '/api/v1/session/listid', { method: 'GET' });
    expect(get.status).toBe(405);
    // Paths are case-sensitive, as the spec spells them.
    const cased = await call(service.port, '/api/v1/session/browsercache-clean', { body: '{}' });
    expect(cased.status).toBe(404);
  });
});

describe('before a login', () => {
  let service: TestService;
  beforeAll(async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    service = await startTestService({ cloud: `http://127.0.0.1:${port}` });
  });
  afterAll(() => service?.dispose());

  test('every call of the contract exists and, but /login and quit, answers -4 with HTTP 401', async () => {
    // /api/v1/quit is open too, and would end the service: adapters/v1/service.test.ts proves it.
    for (const route of LOCAL_API_ROUTES.filter((r) => r.path !== '/api/v1/quit')) {
      const res = await service.post(route.path, {});
      expect(res.status, route.path).not.toBe(404);
      if (route.path === '/login') continue;
      expect(res.status, route.path).toBe(401);
      const body = res.json();
      expect(route.envelope === 'legacy' ? body.status : body.code, route.path).toBe(-4);
      expect(route.envelope === 'legacy' ? body.msg : body.message).toBe(
        'Not logged in, please call /login first',
      );
    }
  });

  test('/login validates its body first', async () => {
    const res = await service.post('/login', { Account: 'a', APP_ID: 'b' });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      msg: 'Missing required parameter: APP_KEY',
      status: -10000,
      data: null,
    });
  });
});

describe('flags', () => {
  test('defaults follow the spec: port 8186, return on, logs on, hide off, loopback', () => {
    const flags = parseFlags([], {});
    expect(flags).toMatchObject({
      port: 8186,
      host: '127.0.0.1',
      echo: true,
      logs: true,
      hide: false,
    });
    expect(flags.cloud).toBe('http://localhost:8080');
  });
  test('reads the spec flags', () => {
    const flags = parseFlags(
      [
        '--port',
        '9000',
        '--account',
        'shop1',
        '--app_id',
        'id',
        '--app_key',
        'k',
        '--return',
        'off',
        '--hide',
        'on',
        '--data',
        '/tmp/hn',
        '--cloud',
        'https://cloud.example/',
      ],
      { HAINIAO_CLOUD_TIMEOUT_MS: '500' },
    );
    expect(flags).toMatchObject({
      port: 9000,
      account: 'shop1',
      appId: 'id',
      appKey: 'k',
      echo: false,
      hide: true,
      dataDir: '/tmp/hn',
      cloud: 'https://cloud.example',
      cloudTimeoutMs: 500,
    });
  });
  test('refuses an unknown flag and a bad port', () => {
    expect(() => parseFlags(['--bogus'], {})).toThrow();
    expect(() => parseFlags(['--port', 'x'], {})).toThrow(/port/);
  });
});
