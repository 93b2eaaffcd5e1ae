/**
 * Rate limits of the spec (login 10, session update/proxy update/delete 40, every other session
 * call 50 a minute): HTTP 429, code -10000 and a message naming the limit.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimiter } from './http/rate-limit.ts';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from './test/server.ts';

describe('the limiter', () => {
  test('a sliding minute per call', () => {
    let now = 0;
    const limiter = rateLimiter(() => now);
    for (let i = 0; i < 10; i++) limiter.take('/login');
    expect(() => limiter.take('/login')).toThrow(
      'Rate limit exceeded: 10 calls per minute for /login',
    );
    // Other calls have their own budget; unlimited calls have none.
    for (let i = 0; i < 40; i++) limiter.take('/api/v1/session/delete');
    for (let i = 0; i < 50; i++) limiter.take('/api/v1/session/listid');
    expect(() => limiter.take('/api/v1/session/listid')).toThrow(
      'Rate limit exceeded: 50 calls per minute for /api/v1/session/listid',
    );
    for (let i = 0; i < 1000; i++) limiter.take('/api/v1/group/list');
    now = 59_999;
    expect(() => limiter.take('/login')).toThrow();
    now = 60_001;
    expect(() => limiter.take('/login')).not.toThrow();
  });
});

describe('over HTTP', () => {
  let cloud: TestCloud;
  let service: TestService;
  let refused: TestService;
  beforeAll(async () => {
    cloud = await startTestCloud();
    const alice = await cloud.account('alice');
    service = await startTestService({ cloud: cloud.url });
    expect((await service.post('/login', alice)).json().status).toBe(0);
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    refused = await startTestService({ cloud: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await service?.dispose();
    await refused?.dispose();
    await cloud?.stop();
  });

  test('login: 10 per minute', async () => {
    const body = { Account: 'a', APP_ID: 'b', APP_KEY: 'c' };
    for (let i = 0; i < 10; i++) {
      expect((await refused.post('/login', body)).json().status).toBe(-5);
    }
    const res = await refused.post('/login', body);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      msg: 'Rate limit exceeded: 10 calls per minute for /login',
      status: -10000,
      data: null,
    });
    const zh = await refused.post('/login', body, { 'accept-language': 'zh' });
    expect(zh.json().msg).toBe('请求过于频繁：/login 每分钟最多调用 10 次');
  });

  test('update, proxy update and delete: 40 per minute each', async () => {
    const id = (await service.post('/api/v1/session/create', { Automatic_Configure: 0 })).json()
      .data.Session_Id;
    for (let i = 0; i < 40; i++) {
      const res = await service.post('/api/v1/session/update', {
        Session_ID: id,
        Session_Desc: `${i}`,
      });
      expect(res.json().code).toBe(0);
    }
    const over = await service.post('/api/v1/session/update', {
      Session_ID: id,
      Session_Desc: 'x',
    });
    expect(over.status).toBe(429);
    expect(over.json()).toEqual({
      message: 'Rate limit exceeded: 40 calls per minute for /api/v1/session/update',
      code: -10000,
      data: null,
    });
    // The other limited calls keep their own budget; calls outside the session ones are not
    // limited.
    const proxy = await service.post('/api/v1/session/proxy/update', {
      Session_ID: id,
      LanguageCode: 'fr',
    });
    expect(proxy.json().code).toBe(0);
    for (let i = 0; i < 60; i++) {
      expect((await service.post('/api/v1/group/list')).status).toBe(200);
    }
    for (let i = 0; i < 40; i++) {
      await service.post('/api/v1/session/delete', { Session_ID: ['ghost'] });
    }
    expect((await service.post('/api/v1/session/delete', { Session_ID: [id] })).status).toBe(429);
  });

  test('every other session call: 50 per minute each', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await service.post('/api/v1/session/listid');
      expect(res.status).toBe(200);
      expect(res.json().code).toBe(0);
    }
    const over = await service.post('/api/v1/session/listid');
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({
      message: 'Rate limit exceeded: 50 calls per minute for /api/v1/session/listid',
      code: -10000,
      data: null,
    });
    const zh = await service.post('/api/v1/session/listid', {}, { 'accept-language': 'zh' });
    expect(zh.json().message).toBe('请求过于频繁：/api/v1/session/listid 每分钟最多调用 50 次');
    // Another session call has its own budget of 50.
    for (let i = 0; i < 50; i++) {
      const res = await service.post('/api/v1/session/random-user-agent', { SYSTEM: 'Windows' });
      expect(res.json().code).toBe(0);
    }
    const ua = await service.post('/api/v1/session/random-user-agent', { SYSTEM: 'Windows' });
    expect(ua.status).toBe(429);
    expect(ua.json().message).toContain('50 calls per minute');
  });
});
