/**
 * Secrets in URLs never reach the log (issue 24, item 8): the service as users run it, with
 * `--api-key on`, `--logs on` and `--return on`, is called with the key in `?api_key=` (as the
 * key's documentation allows) and with other secrets in the query; neither
 * `<data>/logs/local-api.log` nor what it printed holds any of them. And the masking rules
 * themselves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { exited, spawnLocalApi, type ServiceProcess } from '@hainiao/testkit/service-process';
import { API_KEY_FILE } from './http/api-key.ts';
import { MASK, maskUrlSecrets } from './logging.ts';
import { call } from './test/server.ts';

describe('secrets in URLs', () => {
  test('query values named like secrets are masked; the rest of the URL is as it was', () => {
    expect(maskUrlSecrets('/api/v1/group/list?api_key=abc&x=1')).toBe(
      `/api/v1/group/list?api_key=${MASK}&x=1`,
    );
    expect(
      maskUrlSecrets('/a?X-API-KEY=1&Token=2&password=3&secret=4&key=5&app_key=6&q=%20ok'),
    ).toBe(
      `/a?X-API-KEY=${MASK}&Token=${MASK}&password=${MASK}&secret=${MASK}&key=${MASK}&app_key=${MASK}&q=%20ok`,
    );
    // Spelt with percent escapes or in a fragment, still a secret.
    expect(maskUrlSecrets('/a?api%5Fkey=abc#token=def')).toBe(`/a?api%5Fkey=${MASK}#token=${MASK}`);
    expect(maskUrlSecrets('/a?api_key=&b')).toBe('/a?api_key=&b');
    expect(maskUrlSecrets('/api/v1/group/list')).toBe('/api/v1/group/list');
    expect(
      maskUrlSecrets('GET /x?api_key=s1 {"url":"https://h/p?token=s2&page=3"} -> 200 {}'),
    ).toBe(`GET /x?api_key=${MASK} {"url":"https://h/p?token=${MASK}&page=3"} -> 200 {}`);
    expect(maskUrlSecrets('cannot reach socks5://user:pa55@10.0.0.1:1080 or https://h:443/')).toBe(
      `cannot reach socks5://user:${MASK}@10.0.0.1:1080 or https://h:443/`,
    );
  });
});

describe('the running service', () => {
  const dirs: string[] = [];
  const services: { service: ServiceProcess; key: () => string }[] = [];
  afterAll(async () => {
    // The quit call needs the key too; a service that does not end is killed.
    for (const { service, key } of services) {
      const quit = await call(service.port, '/api/v1/quit', {
        body: '{}',
        headers: { authorization: `Bearer ${key()}` },
      }).catch(() => undefined);
      if (quit?.status === 200) await exited(service.child);
      else await service.kill();
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('?api_key=… is in neither the log file nor the printed calls', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-logging-'));
    dirs.push(dataDir);
    const service = await spawnLocalApi({
      dataDir,
      // Never logged in: no call reaches it.
      cloud: 'http://127.0.0.1:9',
      args: ['--api-key', 'on', '--logs', 'on', '--return', 'on'],
    });
    services.push({
      service,
      key: () => fs.readFileSync(path.join(dataDir, API_KEY_FILE), 'utf8').trim(),
    });
    let printed = '';
    service.child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    service.child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const key = fs.readFileSync(path.join(dataDir, API_KEY_FILE), 'utf8').trim();
    expect(key.length).toBeGreaterThan(20);

    // Not logged in, the call answers -4 ("Not logged in"): the key itself was taken.
    const notLoggedIn = -4;
    const listed = await call(service.port, `/api/v1/group/list?api_key=${key}`, { body: '{}' });
    expect(listed.json().code, listed.text).toBe(notLoggedIn);
    const refused = await call(service.port, '/api/v1/group/list?api_key=WRONG-KEY-SECRET-1', {
      body: '{}',
    });
    expect(refused.json().code, refused.text).not.toBe(notLoggedIn);
    const others = await call(
      service.port,
      `/api/v1/group/list?token=TOKEN-SECRET-2&password=PASSWORD-SECRET-3&Session_Name=visible&api_key=${encodeURIComponent(key)}`,
      { body: '{}' },
    );
    expect(others.json().code, others.text).toBe(notLoggedIn);

    const logFile = path.join(dataDir, 'logs', 'local-api.log');
    const lines = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
    await expect.poll(() => lines().match(/group\/list/g)?.length ?? 0).toBe(3);
    await expect.poll(() => printed.match(/group\/list/g)?.length ?? 0).toBe(3);
    for (const [where, text] of [
      ['log file', lines()],
      ['printed', printed],
    ] as const) {
      for (const secret of [key, 'WRONG-KEY-SECRET-1', 'TOKEN-SECRET-2', 'PASSWORD-SECRET-3']) {
        expect(text, where).not.toContain(secret);
      }
      expect(text, where).toContain(`/api/v1/group/list?api_key=${MASK}`);
      expect(text, where).toContain('Session_Name=visible');
    }
  });
});
