/**
 * Answers are checked against the contract (LOCAL_API_ROUTES' answer schemas) everywhere but in
 * production: a handler that answers a shape its call does not declare is a 500, which the
 * service's error handler logs and answers as -10000 (app.ts), so that every test that calls the
 * service checks the contract too. The calls here need no login (postPublic): the check is the same
 * in post().
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { localApiMessages, localApiRoute } from '@hainiao/contract';
import type { AccountAuth } from '../account/auth.ts';
import { LocalApiError, legacy, v1 } from './envelope.ts';
import { rateLimiter } from './rate-limit.ts';
import { checkedAnswer, postPublic } from './route.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A bare app with the call registered, and the errors that reached its error handler. */
function appWith(register: (app: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  apps.push(app);
  const errors: Error[] = [];
  app.setErrorHandler((error, _request, reply) => {
    errors.push(error as Error);
    if (error instanceof LocalApiError)
      return reply.status(error.httpStatus).send(error.answer('en', 'v1'));
    return reply.status(500).send({ message: 'Unknown exception', code: -10000, data: null });
  });
  register(app);
  return { app, errors };
}

// postPublic needs no login: the login is never read.
const ctx = { rateLimiter: rateLimiter(), auth: {} as AccountAuth };
const LOGIN = { Account: 'alice', APP_ID: 'id', APP_KEY: 'key' };
const post = (app: FastifyInstance, url: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, payload });

describe('answers against the contract', () => {
  const environment = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = environment;
  });

  test('an answer that does not match its contract schema is a logged 500 outside production', async () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    // quit answers data true; this handler answers an object.
    const { app, errors } = appWith((app) =>
      postPublic(app, ctx, '/api/v1/quit', ({ request }) =>
        v1(request, localApiMessages.quit, { quitting: true }),
      ),
    );
    const res = await post(app, '/api/v1/quit');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Unknown exception', code: -10000, data: null });
    // A plain error: the service's error handler logs it (with the path and the issues).
    expect(errors).toHaveLength(1);
    expect(errors[0]).not.toBeInstanceOf(LocalApiError);
    expect(errors[0]?.message).toContain(
      '/api/v1/quit answered data that does not match its contract answer schema',
    );
    expect(errors[0]?.message).toMatch(/expected true/i);
  });

  test('a matching answer goes out as it is; in production answers are not parsed', async () => {
    const good = appWith((app) =>
      postPublic(app, ctx, '/api/v1/quit', ({ request }) =>
        v1(request, localApiMessages.quit, true),
      ),
    );
    expect((await post(good.app, '/api/v1/quit')).json()).toEqual({
      message: localApiMessages.quit.en,
      code: 0,
      data: true,
    });

    process.env.NODE_ENV = 'production';
    const unchecked = appWith((app) =>
      postPublic(app, ctx, '/api/v1/quit', ({ request }) =>
        v1(request, localApiMessages.quit, { quitting: true }),
      ),
    );
    const res = await post(unchecked.app, '/api/v1/quit');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: localApiMessages.quit.en,
      code: 0,
      data: { quitting: true },
    });
    expect(unchecked.errors).toEqual([]);
  });

  test('a legacy answer is checked whole: the fields beside data too', async () => {
    const data = {
      Account: 'alice',
      type: 0,
      account_reg_date: '2026-01-05',
      account_expire_date: '2027-01-05',
    };
    const good = appWith((app) =>
      postPublic(app, ctx, '/login', ({ request }) =>
        legacy(request, localApiMessages.loginSuccess, data),
      ),
    );
    expect((await post(good.app, '/login', LOGIN)).json()).toMatchObject({ status: 0, data });

    const extra = appWith((app) =>
      postPublic(app, ctx, '/login', ({ request }) =>
        legacy(request, localApiMessages.loginSuccess, data, { token: 'not in the contract' }),
      ),
    );
    expect((await post(extra.app, '/login', LOGIN)).statusCode).toBe(500);
    expect(extra.errors[0]?.message).toContain('/login answered data that does not match');
    expect(extra.errors[0]?.message).toContain('token');
  });

  test('a failure keeps its data, but not outside its envelope', () => {
    const route = localApiRoute('/api/v1/session/delete')!;
    // -11 answers the deleted and the refused ids; only code 0 answers are the declared data.
    const partial = { message: 'Some failed', code: -11, data: { Delete_Session_Failed: ['x'] } };
    expect(checkedAnswer(route, partial)).toBe(partial);
    expect(() => checkedAnswer(route, { msg: 'Some failed', status: -11, data: null })).toThrow(
      /outside its v1 envelope/,
    );
    expect(() => checkedAnswer(route, { message: 'ok', code: '0', data: null })).toThrow(
      /outside its v1 envelope/,
    );
    expect(() =>
      checkedAnswer(route, { message: 'ok', code: 0, data: { Delete_Session_Success: [] } }),
    ).toThrow(/does not match its contract answer schema/);
    expect(() =>
      checkedAnswer(localApiRoute('/members')!, { message: 'ok', code: 0, data: 'alice,0' }),
    ).toThrow(/outside its legacy envelope/);
  });
});
