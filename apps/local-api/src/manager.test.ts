/**
 * The environment manager served by the service (adapters/manager/manager.ts, util/static-files.ts) and the
 * guard around it (http/guard.ts): the built files and the app's routes answer GET, nothing else
 * does; only the service's own origin joins the allowed ones; a rebinding Host still fails; no
 * request path reads outside the build; without a build, `/` says how to make one. The form's
 * "Check proxy" (POST /manager/proxy-check) checks through a real authenticated proxy on loopback
 * and saves nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { ownOrigin } from './http/guard.ts';
import { hostSystem } from './runtime/fingerprint/host.ts';
import { startHttpProxy, startLookup } from './test/proxies.ts';
import { call, startTestService, type TestService } from './test/server.ts';
import { CLIENT_VERSION } from './version.ts';

/** A build as `vite build` lays it out, plus a secret beside it and a link pointing at it. */
function makeBuild(): { root: string; dist: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-manager-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Manager</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(dist, 'routes.json'),
    JSON.stringify(['/environments', '/groups', '../x']),
  );
  fs.writeFileSync(path.join(root, 'secret.txt'), 'not for the web');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(dist, 'assets', 'leak.txt'));
  return { root, dist };
}

const get = (port: number, urlPath: string, headers: Record<string, string> = {}) =>
  call(port, urlPath, { method: 'GET', headers });

describe('the manager served by the service', () => {
  let cloud: TestCloud;
  let service: TestService;
  let build: { root: string; dist: string };
  beforeAll(async () => {
    build = makeBuild();
    cloud = await startTestCloud();
    service = await startTestService({ cloud: cloud.url, managerDir: build.dist });
  });
  afterAll(async () => {
    await service?.dispose();
    await cloud?.stop();
    fs.rmSync(build.root, { recursive: true, force: true });
  });

  test('index.html at / and at the app routes; hashed assets cached for a year', async () => {
    for (const route of ['/', '/environments', '/groups']) {
      const page = await get(service.port, route);
      expect(page.status, route).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.text).toContain('<title>Manager</title>');
    }
    const asset = await get(service.port, '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toBe('console.log(1)');
    const head = await call(service.port, '/favicon.svg', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/svg+xml');
  });

  test('nothing else answers GET: API paths and files not in the build stay 405', async () => {
    for (const urlPath of [
      '/api/v1/session/listid',
      '/api/v1/nope',
      '/login',
      '/members',
      '/routes.json',
      '/../x',
      '/manager/nope',
    ]) {
      const res = await get(service.port, urlPath);
      expect(res.status, urlPath).toBe(405);
      expect(res.json().code).toBe(-10000);
    }
  });

  test('a mistyped manager address gets the manager, not JSON: a trailing slash is dropped, an unknown page is its 404', async () => {
    const slash = await get(service.port, '/environments/?x=1');
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe('/environments?x=1');
    for (const urlPath of ['/nope', '/environments/abc', '/Environments', '/envs/']) {
      const page = await get(service.port, urlPath);
      expect(page.status, urlPath).toBe(404);
      expect(page.headers['content-type'], urlPath).toMatch(/^text\/html/);
      expect(page.text, urlPath).toContain('<title>Manager</title>');
    }
  });

  test('no request path reads outside the build', async () => {
    for (const urlPath of [
      '/assets/leak.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/../../secret.txt',
    ]) {
      const res = await get(service.port, urlPath);
      expect(res.status, urlPath).not.toBe(200);
      expect(res.text).not.toContain('not for the web');
    }
  });

  test('a rebinding Host fails on the manager paths too', async () => {
    for (const urlPath of ['/', '/environments', '/assets/index-abc123.js', '/manager/state']) {
      const res = await get(service.port, urlPath, { host: `evil.example:${service.port}` });
      expect(res.status, urlPath).toBe(403);
      expect(res.text).not.toContain('<title>Manager</title>');
    }
  });

  test("the service's own origin may call it; another loopback port's may not", async () => {
    const list = (headers: Record<string, string>) =>
      call(service.port, '/api/v1/group/list', { body: '{}', headers });
    // Past the guard: the login check answers (-4).
    for (const [host, origin] of [
      [`127.0.0.1:${service.port}`, `http://127.0.0.1:${service.port}`],
      [`localhost:${service.port}`, `http://localhost:${service.port}`],
    ] as const) {
      const res = await list({ host, origin });
      expect(res.status, origin).toBe(401);
      expect(res.json().code).toBe(-4);
    }
    for (const [host, origin] of [
      // Another loopback port (another local app's page).
      [`127.0.0.1:${service.port}`, `http://127.0.0.1:${service.port + 1}`],
      // Our port, but the page's host is not the one asked.
      [`127.0.0.1:${service.port}`, `http://localhost:${service.port}`],
      // https, or a look-alike name.
      [`127.0.0.1:${service.port}`, `https://127.0.0.1:${service.port}`],
      [`127.0.0.1:${service.port}`, `http://127.0.0.1.evil.example:${service.port}`],
      // A rebinding name with its own origin: the Host check refuses it first.
      [`evil.example:${service.port}`, `http://evil.example:${service.port}`],
    ] as const) {
      const res = await list({ host, origin });
      expect(res.status, `${host} ${origin}`).toBe(403);
    }
    // The cloud site stays allowed as before.
    expect((await list({ origin: cloud.url })).status).toBe(401);
  });

  test('state, sign-in and sign-out as the manager sees them; events push the login', async () => {
    const noUpdate = {
      current: CLIENT_VERSION,
      latest: null,
      newer: false,
      downloadUrl: `${cloud.url}/download`,
    };
    const before = await get(service.port, '/manager/state');
    expect(before.json()).toEqual({
      account: null,
      cloud: cloud.url,
      // A sign-in is kept across restarts (--remember-login, on by default).
      rememberLogin: true,
      // What new environments present by default (the form warns about any other).
      hostSystem: hostSystem(),
      syncSkipped: [],
      sync: { pending: 0, syncedAt: null },
      // This cloud publishes no client: no update is known (updates.test.ts has the rest).
      update: { ...noUpdate, checkedAt: before.json().update.checkedAt },
    });

    const events = await openEvents(service.port);
    try {
      expect(await events.next()).toEqual({ account: null, running: [], update: noUpdate });
      const bob = await cloud.account('mgr_bob');
      expect((await service.post('/login', bob)).json().status).toBe(0);
      expect(await events.next()).toEqual({ account: 'mgr_bob', running: [], update: noUpdate });
      expect((await get(service.port, '/manager/state')).json().account).toBe('mgr_bob');
      // The first round after the sign-in: nothing waits, and the machine holds all the cloud had.
      const signedIn = Date.now();
      await expect
        .poll(async () => (await get(service.port, '/manager/state')).json().sync)
        .toEqual({ pending: 0, syncedAt: expect.any(String) });
      const { syncedAt } = (await get(service.port, '/manager/state')).json().sync;
      expect(Date.parse(syncedAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(syncedAt)).toBeGreaterThan(signedIn - 10_000);

      const out = await call(service.port, '/manager/sign-out', {
        headers: { origin: `http://127.0.0.1:${service.port}` },
      });
      expect(out.json()).toEqual({ account: null });
      expect(await events.next()).toEqual({ account: null, running: [], update: noUpdate });
      expect((await service.post('/api/v1/group/list')).json().code).toBe(-4);
    } finally {
      events.close();
    }
  });
});

describe('without a build', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      managerDir: path.join(os.tmpdir(), 'no-such-manager-dist'),
    });
  });
  afterAll(() => service?.dispose());

  test('/ says, in both languages, how to build the manager', async () => {
    const page = await get(service.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('npm run build -w apps/manager');
    expect(page.text).toContain('The environment manager is not built yet');
    expect(page.text).toContain('环境管理器尚未构建');
    expect((await get(service.port, '/environments')).status).toBe(405);
    expect((await get(service.port, '/nope')).status).toBe(405);
  });
});

describe('the proxy check of the form (POST /manager/proxy-check)', () => {
  let cloud: TestCloud;
  let service: TestService;
  let lookup: Awaited<ReturnType<typeof startLookup>>;
  let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let credential: Awaited<ReturnType<TestCloud['account']>>;
  beforeAll(async () => {
    cloud = await startTestCloud();
    [lookup, proxy] = await Promise.all([
      // The IP-lookup endpoint the check asks through the proxy, answering like ip-api.com.
      startLookup({ query: '198.51.100.7', countryCode: 'DE', timezone: 'Europe/Berlin' }),
      startHttpProxy('puser', 'ppass'),
    ]);
    service = await startTestService({
      cloud: cloud.url,
      ipLookupUrl: lookup.url,
      proxyCheckTimeoutMs: 3000,
    });
    credential = await cloud.account('mgr_proxy');
    expect((await service.post('/login', credential)).json().status).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await service?.dispose();
    await proxy?.close();
    await lookup?.close();
    await cloud?.stop();
  });

  const check = (body: object, headers: Record<string, string> = {}) =>
    service.post('/manager/proxy-check', body, headers);
  const httpProxy = (password: string) => ({
    Proxy_Type: 'HTTP',
    Proxy_Ip: '127.0.0.1',
    Proxy_Port: proxy.port,
    Proxy_Username: 'puser',
    Proxy_Password: password,
  });
  /** Every environment of the account with its proxy and last change: a check must change none. */
  async function stored() {
    const ids = (await service.post('/api/v1/session/listid', { ListNum: 500 })).json().data
      .listid as string[];
    if (!ids.length) return [];
    const rows = (
      await service.post('/api/v1/session/id_container', {
        Session_ID: ids,
        Session_container_type: 1,
      })
    ).json().data.listcontainer as Record<string, unknown>[];
    return rows.map((r) => [
      r.Session_ID,
      r.Proxy_Type,
      r.Proxy_Password,
      r.Is_CheckProxy,
      r.Session_UpdateTime,
    ]);
  }

  test('the right password passes with the exit IP, country and time zone; nothing is saved', async () => {
    const before = await stored();
    const res = await check(httpProxy('ppass'));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      message: 'Proxy check passed',
      code: 0,
      data: {
        Public_ip: '198.51.100.7',
        CountryCode: 'DE',
        TimeZone: 'Europe/Berlin',
        LanguageCode: 'de',
      },
    });
    // A real request went through the proxy to the lookup.
    expect(proxy.hosts).toContain(new URL(lookup.url).host);
    expect(await stored()).toEqual(before);
    expect(before).toEqual([]);
  });

  test('a wrong password answers -105 with curl 97, in the caller’s language; nothing is saved', async () => {
    const res = await check(httpProxy('wrong'));
    expect(res.json()).toMatchObject({
      code: -105,
      data: { Proxy_Check_Code: 97, Proxy_Check_Name: 'CURLE_PROXY' },
    });
    expect(res.json().message).toMatch(/^Proxy detection failed: /);
    const zh = await check(httpProxy('wrong'), { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.json().code).toBe(-105);
    expect(zh.json().message).toMatch(/^代理检测失败：/);
    expect(await stored()).toEqual([]);
  });

  test('checking the proxy of an environment being edited leaves it as stored', async () => {
    const made = await service.post('/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: 'checked in the form',
    });
    const id = made.json().data.Session_Id as string;
    const before = await stored();
    expect((await check({ ...httpProxy('ppass'), Session_ID: id })).json().code).toBe(0);
    expect((await check({ ...httpProxy('wrong'), Session_ID: id })).json().code).toBe(-105);
    expect(await stored()).toEqual(before);
    expect(before[0]?.[1]).toBe('noproxy');
    // Only an environment the account sees lends its folder.
    const unknown = await check({ ...httpProxy('ppass'), Session_ID: 'f'.repeat(32) });
    expect(unknown.json().code).toBe(-22);
  });

  test('the contract’s rules of the proxy fields apply; no field beyond them', async () => {
    const port0 = await check({ ...httpProxy('ppass'), Proxy_Port: 0 });
    expect(port0.json().code).toBe(-104);
    const noType = await check({ Proxy_Ip: '127.0.0.1', Proxy_Port: proxy.port });
    expect(noType.json().code).toBe(-104);
    expect((await check({ ...httpProxy('ppass'), Proxy_Type: 'noproxy' })).json().code).toBe(-104);
    expect((await check({ ...httpProxy('ppass'), Proxy_Ip: 'not a host' })).json().code).toBe(-104);
    const extra = await check({ ...httpProxy('ppass'), Is_CheckProxy: 1 });
    expect(extra.status).toBe(400);
    expect(extra.json().code).toBe(-10000);
  });

  test('the guards and the login apply as to every call', async () => {
    const rebinding = await check(httpProxy('ppass'), { host: `evil.example:${service.port}` });
    expect(rebinding.status).toBe(403);
    const foreign = await check(httpProxy('ppass'), {
      origin: `http://127.0.0.1:${service.port + 1}`,
    });
    expect(foreign.status).toBe(403);
    // GET is not a way in.
    expect((await get(service.port, '/manager/proxy-check')).status).toBe(405);

    await service.post('/manager/sign-out');
    try {
      const res = await check(httpProxy('ppass'), { origin: `http://127.0.0.1:${service.port}` });
      expect(res.status).toBe(401);
      expect(res.json().code).toBe(-4);
    } finally {
      expect((await service.post('/login', credential)).json().status).toBe(0);
    }
  });
});

describe('ownOrigin', () => {
  test('only a loopback Host on the port the request came in on', () => {
    expect(ownOrigin('127.0.0.1:8186', 8186)).toBe('http://127.0.0.1:8186');
    expect(ownOrigin('LOCALHOST:8186', 8186)).toBe('http://localhost:8186');
    expect(ownOrigin('[::1]:8186', 8186)).toBe('http://[::1]:8186');
    expect(ownOrigin('127.0.0.1', 80)).toBe('http://127.0.0.1');
    expect(ownOrigin('127.0.0.1:8187', 8186)).toBeNull();
    expect(ownOrigin('evil.example:8186', 8186)).toBeNull();
    expect(ownOrigin(undefined, 8186)).toBeNull();
  });
});

/** The manager's event stream, read message by message. */
function openEvents(port: number) {
  const messages: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  let buffer = '';
  const request = http.get({ host: '127.0.0.1', port, path: '/manager/events' }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const message: unknown = JSON.parse(data);
        const next = waiting.shift();
        if (next) next(message);
        else messages.push(message);
      }
    });
  });
  request.on('error', () => undefined);
  return {
    next: () =>
      messages.length
        ? Promise.resolve(messages.shift())
        : new Promise<unknown>((resolve) => waiting.push(resolve)),
    close: () => request.destroy(),
  };
}
