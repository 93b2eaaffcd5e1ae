/**
 * Callers prove who they are: with --api-key on (the default, and required, when the service
 * serves other machines) a call without the key of <data>/api-key — from another user of a shared
 * machine, say — is refused with HTTP 401 in the caller's language; the key is created once, 0600,
 * and kept across restarts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseFlags } from './cli.ts';
import { API_KEY_FILE } from './http/api-key.ts';
import { startTestService, type TestService } from './test/server.ts';

describe('--api-key', () => {
  test('off on loopback by default; on, and required, for any other host', () => {
    expect(parseFlags([]).apiKey).toBe(false);
    expect(parseFlags(['--api-key', 'on']).apiKey).toBe(true);
    expect(parseFlags(['--host', '0.0.0.0']).apiKey).toBe(true);
    expect(parseFlags(['--host', '192.168.1.20', '--api-key', 'on']).apiKey).toBe(true);
    expect(() => parseFlags(['--host', '0.0.0.0', '--api-key', 'off'])).toThrow(/cannot be off/);
  });
});

describe('a service that requires its API key', () => {
  let service: TestService;
  let key: string;
  const list = (headers: Record<string, string> = {}, query = '') =>
    service.post(`/api/v1/group/list${query}`, {}, headers);

  beforeAll(async () => {
    service = await startTestService({ apiKey: true });
    const file = path.join(service.dataDir, API_KEY_FILE);
    key = fs.readFileSync(file, 'utf8').trim();
    expect(key.length).toBeGreaterThanOrEqual(40);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
  afterAll(async () => {
    await service?.dispose();
  });

  test('a call without the key, or with a wrong one, is refused in the caller’s language', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Basic ${key}` },
      { 'x-api-key': `${key}x` },
    ];
    for (const headers of attempts) {
      const res = await list(headers);
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({ code: -10000, data: null });
      expect(res.json().message).toMatch(/^API key missing or wrong/);
    }
    const zh = await list({ 'accept-language': 'zh-CN' });
    expect(zh.status).toBe(401);
    expect(zh.json().message).toMatch(/^API 密钥缺失或错误/);
    // Nothing reached a handler: /login without the key cannot log anyone in either.
    const login = await service.post('/login', { Account: 'a', APP_ID: 'b', APP_KEY: 'c' });
    expect(login.status).toBe(401);
  });

  test('the key as a Bearer token, an X-API-Key header or the api_key query', async () => {
    for (const [headers, query] of [
      [{ authorization: `Bearer ${key}` }, ''],
      [{ 'x-api-key': key }, ''],
      [{}, `?api_key=${encodeURIComponent(key)}`],
    ] as const) {
      const res = await list(headers, query);
      // Past the key: the account check answers (-4, not logged in), not the key check.
      expect(res.json().code, JSON.stringify([headers, query])).toBe(-4);
      expect(res.json().message).not.toMatch(/API key/);
    }
  });

  test('the loopback Host and Origin guards still apply with the key', async () => {
    const res = await list({ authorization: `Bearer ${key}`, host: 'evil.example:8186' });
    expect(res.status).toBe(403);
    // A browser preflight from the allowed origin needs no key and allows the headers.
    const preflight = await service.post(
      '/api/v1/group/list',
      {},
      {
        origin: 'http://localhost:8080',
        'access-control-request-headers': 'authorization',
      },
    );
    expect(preflight.status).not.toBe(403);
  });

  test('the same key after a restart', async () => {
    const again = await startTestService({ apiKey: true });
    try {
      const dataDir = again.dataDir;
      await again.stop();
      const restarted = await startTestService({ apiKey: true, dataDir });
      try {
        const file = path.join(dataDir, API_KEY_FILE);
        const first = fs.readFileSync(file, 'utf8').trim();
        const res = await restarted.post('/api/v1/group/list', {}, { 'x-api-key': first });
        expect(res.json().code).toBe(-4);
      } finally {
        await restarted.dispose();
      }
    } finally {
      await again.dispose().catch(() => undefined);
    }
  });
});
