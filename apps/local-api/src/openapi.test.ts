/**
 * The documentation and the service agree: GET /openapi.json serves the contract's OpenAPI document
 * (no login, behind the Host and Origin guards), every documented call is served, and the flags,
 * defaults, rate limits and body limit the pages state are the service's own.
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  LOCAL_API_BODY_LIMIT_BYTES,
  LOCAL_API_FLAGS,
  LOCAL_API_OPEN_PATHS,
  LOCAL_API_RATE_LIMITS,
  LOCAL_API_ROUTES,
} from '@hainiao/contract';
import { BODY_LIMIT_BYTES } from './app.ts';
import { parseFlags, USAGE } from './cli.ts';
import { defaultDataDir } from './data-folder.ts';
import { RATE_LIMITS } from './http/rate-limit.ts';
import { call, startTestService, type TestService } from './test/server.ts';

const CLOUD = 'http://localhost:18080';

describe('GET /openapi.json', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ cloud: CLOUD });
  });
  afterAll(async () => {
    await service?.dispose();
  });

  test('answers the OpenAPI 3.1 document without a login, with the port it listens on', async () => {
    const res = await call(service.port, '/openapi.json', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = JSON.parse(res.text);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].variables.port.default).toBe(String(service.port));
    expect(doc.externalDocs.url).toBe(`${CLOUD}/api/doc`);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [...LOCAL_API_ROUTES.map((r) => r.path), '/openapi.json'].sort(),
    );
  });

  test('the Host and Origin guards apply; the cloud site may read it', async () => {
    const rebinding = await call(service.port, '/openapi.json', {
      method: 'GET',
      headers: { host: 'evil.example:8186' },
    });
    expect(rebinding.status).toBe(403);
    const foreign = await call(service.port, '/openapi.json', {
      method: 'GET',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const site = await call(service.port, '/openapi.json', {
      method: 'GET',
      headers: { origin: CLOUD },
    });
    expect(site.status).toBe(200);
    expect(site.headers['access-control-allow-origin']).toBe(CLOUD);
  });

  test('every documented call is served (answers -4 or a validation error, never 404)', async () => {
    for (const route of LOCAL_API_ROUTES.filter((r) => r.path !== '/api/v1/quit')) {
      const res = await service.post(route.path, {});
      expect(res.status, route.path).not.toBe(404);
      expect([400, 401], route.path).toContain(res.status);
    }
    // Quit needs no login (documented so): it answers, then ends the service, so it goes last.
    expect(LOCAL_API_OPEN_PATHS).toContain('/api/v1/quit');
    const quit = await service.post('/api/v1/quit', {});
    expect(quit.json()).toMatchObject({ code: 0, data: true });
  });
});

describe('what the documentation states about the service', () => {
  test('rate limits and the body limit', () => {
    expect(RATE_LIMITS).toEqual(LOCAL_API_RATE_LIMITS);
    expect(BODY_LIMIT_BYTES).toBe(LOCAL_API_BODY_LIMIT_BYTES);
  });

  test('every flag of the usage is documented, and the documented defaults are the defaults', () => {
    const used = new Set([...USAGE.matchAll(/--[a-z_-]+/g)].map((m) => m[0]));
    const documented = LOCAL_API_FLAGS.map((f) => f.flag);
    expect([...used].sort()).toEqual(documented.filter((f) => f !== '--help').sort());
    const defaults = parseFlags([], {});
    const byFlag = Object.fromEntries(LOCAL_API_FLAGS.map((f) => [f.flag, f.default.en]));
    expect(String(defaults.port)).toBe(byFlag['--port']);
    expect(defaults.host).toBe(byFlag['--host']);
    expect(defaults.cloud).toBe(byFlag['--cloud']);
    expect(defaults.echo ? 'on' : 'off').toBe(byFlag['--return']);
    expect(defaults.logs ? 'on' : 'off').toBe(byFlag['--logs']);
    expect(defaults.hide ? 'on' : 'off').toBe(byFlag['--hide']);
    expect(defaults.dataDir).toBe(defaultDataDir({}, process.platform, os.homedir()));
    expect(defaults.rememberLogin ? 'on' : 'off').toBe(byFlag['--remember-login']);
    expect(() => parseFlags(['--help'])).toThrow();
    for (const flag of LOCAL_API_FLAGS.filter((f) => f.env && f.value !== 'on|off')) {
      expect(JSON.stringify(parseFlags([], { [flag.env!]: '1234' }))).toContain('1234');
    }
    // The on|off ones: the variable turns the flag off, the flag itself wins over the variable.
    expect(parseFlags([], { HAINIAO_REMEMBER_LOGIN: 'off' }).rememberLogin).toBe(false);
    expect(
      parseFlags(['--remember-login', 'on'], { HAINIAO_REMEMBER_LOGIN: 'off' }).rememberLogin,
    ).toBe(true);
  });
});
