import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, startTestService } from './test/server.ts';
import { parseFlags } from './cli.ts';

describe('local API service', () => {
  let service: Awaited<ReturnType<typeof startTestService>>;
  beforeAll(async () => {
    service = await startTestService({ cloud: 'http://localhost:8080' });
  });
  afterAll(() => service.dispose());

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

  test('listens on loopback only', () => {
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
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
      headers: { origin: 'http://localhost:8080' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const preflight = await call(service.port, '/api/v1/group/list', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST' },
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
  });

  test('bad JSON gets a clear error', async () => {
    const res = await call(service.port, '/api/v1/group/list', { body: '{"Group_Name": ' });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: -10000, message: 'Invalid JSON body' });
  });

  test('an unknown call answers 404 in the envelope', async () => {
    const res = await call(service.port, '/api/v1/nope', { body: '{}' });
    expect(res.status).toBe(404);
    expect(res.json().code).toBe(-10000);
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
      ],
      {},
    );
    expect(flags).toMatchObject({
      port: 9000,
      account: 'shop1',
      appId: 'id',
      appKey: 'k',
      echo: false,
      hide: true,
    });
  });
  test('refuses an unknown flag and a bad port', () => {
    expect(() => parseFlags(['--bogus'], {})).toThrow();
    expect(() => parseFlags(['--port', 'x'], {})).toThrow(/port/);
  });
});
