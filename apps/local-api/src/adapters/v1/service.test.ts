/**
 * `/api/v1/quit` works whether the service is logged in or not, so a
 * service started without a credential can be stopped through the API; the loopback Host, origin
 * and API-key guards still refuse a caller that should not reach it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { API_KEY_FILE } from '../../http/api-key.ts';
import { startTestService, type TestService } from '../../test/server.ts';

let service: TestService | undefined;
afterEach(async () => {
  await service?.dispose();
  service = undefined;
});

test('quit without a login answers 0 and ends the service', async () => {
  service = await startTestService();
  // Not logged in: other calls answer -4.
  expect((await service.post('/api/v1/group/list')).json().code).toBe(-4);
  const quit = await service.post('/api/v1/quit');
  expect(quit.status).toBe(200);
  expect(quit.json()).toEqual({ message: 'APISERVER shut down.', code: 0, data: true });
  await service.stopped;
  // Closed: the call cannot connect (or its socket is hung up).
  await expect(service.post('/api/v1/group/list')).rejects.toThrow();
});

test('the Host, origin and API-key guards still refuse a quit', async () => {
  service = await startTestService({ apiKey: true });
  const key = fs.readFileSync(path.join(service.dataDir, API_KEY_FILE), 'utf8').trim();
  const withKey = { 'x-api-key': key };
  const rebinding = await service.post('/api/v1/quit', {}, { ...withKey, host: 'evil.example' });
  expect(rebinding.status).toBe(403);
  const page = await service.post(
    '/api/v1/quit',
    {},
    { ...withKey, origin: 'https://evil.example' },
  );
  expect(page.status).toBe(403);
  const noKey = await service.post('/api/v1/quit', {}, { 'accept-language': 'zh' });
  expect(noKey.status).toBe(401);
  expect(noKey.json().message).toMatch(/^API 密钥缺失或错误/);
  // Still running after the refusals; the key's holder, not logged in, stops it.
  expect((await service.post('/api/v1/group/list', {}, withKey)).json().code).toBe(-4);
  const quit = await service.post('/api/v1/quit', {}, withKey);
  expect(quit.json()).toEqual({ message: 'APISERVER shut down.', code: 0, data: true });
  await service.stopped;
});
