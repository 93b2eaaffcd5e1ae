import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  bodyJsonSchema,
  CLOUD_CALLS,
  CloudCodes,
  format,
  MainCodes,
  siteMessages,
  type CloudPath,
} from '@hainiao/contract';
import { buildTestApp, form, post } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { accountService } from '../modules/accounts/service.ts';
import { credentialService } from '../modules/credentials/service.ts';
import { deriveKeys } from '../security/secret.ts';
import { installAuthenticators } from './auth.ts';
import { installErrorHandler } from './errors.ts';
import { route } from './route.ts';

/** The POST paths of an app, from Fastify's own route tree (`printRoutes` prints it indented). */
function postPaths(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ method: 'POST', commonPrefix: false });
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (match[3]?.split(', ').includes('POST')) paths.push(stack.join(''));
  }
  return paths;
}

/** Valid fields for a call, from its schema's examples (the contract documents one per field). */
function exampleFields(path: CloudPath): Record<string, string> {
  const call = CLOUD_CALLS.find((c) => c.path === path)!;
  const schema = bodyJsonSchema(call.fields);
  const fields: Record<string, string> = {};
  for (const name of schema.required ?? []) {
    fields[name] = String(schema.properties?.[name]?.example);
  }
  return fields;
}

const throwaways: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(throwaways.splice(0).map((a) => a.close()));
});

/** A bare app with the cloud's form parser and error handler, and its log lines. */
async function throwaway() {
  const log: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  throwaways.push(app);
  await app.register(multipart);
  installErrorHandler(app);
  return { app, log };
}

const callName = (path: string) => path.replace('/api/hainiao/', '');
const callsWith = (...auth: string[]) => CLOUD_CALLS.filter((c) => auth.includes(c.auth));

describeEachDatabase('cloud routes from the contract', (ctx) => {
  let app: FastifyInstance;
  let userToken: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    const accounts = accountService(ctx.database);
    const user = await accounts.create({
      account: 'plain_user',
      email: 'plain@example.com',
      password: 'correct-horse-7',
    });
    const status = await post(app, 'status', {
      clienttoken: await accounts.issueClientToken(user.id),
    });
    userToken = status.body.data.user_info.token;
  });
  afterAll(async () => {
    await app.close();
  });

  test('the app registers every call of CLOUD_CALLS as POST, and no other POST route', async () => {
    await app.ready();
    const registered = postPaths(app);
    expect(registered.length).toBeGreaterThan(0);
    expect([...registered].sort()).toEqual(CLOUD_CALLS.map((c) => c.path).sort());
  });

  test('session and staff calls: no token answers 1 (token required), a bad token 401', async () => {
    const calls = callsWith('session', 'staff');
    expect(calls.length).toBeGreaterThan(15);
    for (const { path } of calls) {
      const fields = exampleFields(path);
      const { token: _token, ...withoutToken } = fields;
      const missing = await post(app, callName(path), withoutToken);
      expect(missing.body, path).toEqual({
        code: 1,
        msg: format(siteMessages.validation.tokenRequired.en, { field: 'token' }),
      });
      const bad = await post(app, callName(path), { ...fields, token: 'st_not-a-session' });
      expect(bad.body, path).toEqual({ code: 401, msg: siteMessages.auth.tokenExpired.en });
    }
  });

  test('lease calls: a token that is not a live lease answers -4 (Login_Expire)', async () => {
    const calls = callsWith('lease');
    expect(calls.map((c) => callName(c.path))).toEqual(
      expect.arrayContaining(['apiheartbeat', 'members', 'pluginlist']),
    );
    for (const { path } of calls) {
      // A site session token is no lease token either.
      for (const token of ['lt_not-a-lease', userToken]) {
        const answer = await post(app, callName(path), { ...exampleFields(path), token });
        expect(answer.body, path).toEqual({
          code: MainCodes.code.LOGIN_EXPIRE,
          msg: MainCodes.get(MainCodes.code.LOGIN_EXPIRE)?.en,
        });
      }
    }
  });

  test('staff calls answer 403 to the session of an account that is not staff', async () => {
    const calls = callsWith('staff');
    expect(calls).toHaveLength(4);
    for (const { path } of calls) {
      const answer = await post(app, callName(path), { ...exampleFields(path), token: userToken });
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toEqual({ code: 403, msg: siteMessages.auth.forbidden.en });
    }
    // The same session is good for the customer's own calls.
    expect((await post(app, 'workorderlist', { token: userToken })).body.code).toBe(0);
  });

  test('a raw handler (the upload) that answers without authenticating its form is a 500', async () => {
    const { app } = await throwaway();
    const accounts = accountService(ctx.database);
    installAuthenticators(app, {
      session: (token) => accounts.requireSession(token),
      lease: (token) =>
        credentialService(ctx.database, accounts, deriveKeys(randomBytes(32))).requireLease(token),
    });
    let reached = false;
    route(
      app,
      '/api/hainiao/workorderupload',
      () => {
        reached = true;
        return { fileid: 'x', filepath: '/x', msg: 'stored' };
      },
      { raw: true },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/workorderupload',
      ...form({ inweb: '1', lang: 'en', token: userToken }),
    });
    expect(reached).toBe(true);
    expect(res.statusCode).toBe(500);
  });
});

describe('route', () => {
  const environment = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = environment;
  });

  const version = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/hainiao/version',
      ...form({ inweb: '1', lang: 'en' }),
    });

  test('an answer that does not match its contract schema is a logged 500 outside production', async () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    const { app, log } = await throwaway();
    // The version call answers a string; this handler answers an object.
    route(app, '/api/hainiao/version', () => ({ version: '1.2.3' }) as never);
    const res = await version(app);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: CloudCodes.code.SERVER_ERROR,
      msg: CloudCodes.get(CloudCodes.code.SERVER_ERROR)?.en,
    });
    expect(log.join('')).toContain('/api/hainiao/version answered data that does not match');
  });

  test('a matching answer goes out as ok(data); in production answers are not parsed', async () => {
    const good = await throwaway();
    route(good.app, '/api/hainiao/version', () => '1.2.3');
    expect((await version(good.app)).json()).toEqual({ code: 0, msg: 'ok', data: '1.2.3' });

    process.env.NODE_ENV = 'production';
    const unchecked = await throwaway();
    route(unchecked.app, '/api/hainiao/version', () => ({ version: '1.2.3' }) as never);
    const res = await version(unchecked.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { version: '1.2.3' } });
  });

  test('fields are validated before the handler runs, with the first issue as code 1', async () => {
    const { app } = await throwaway();
    let ran = false;
    route(app, '/api/hainiao/version', () => {
      ran = true;
      return '1.2.3';
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/version',
      ...form({ inweb: '0', lang: 'en' }),
    });
    expect(res.json()).toEqual({
      code: 1,
      msg: format(siteMessages.validation.invalidParameter.en, { field: 'inweb' }),
    });
    expect(ran).toBe(false);
  });

  test('registration refuses a path outside the table, and a token call without its checks', async () => {
    const { app } = await throwaway();
    expect(() => route(app, '/api/hainiao/nope' as CloudPath, () => null as never)).toThrow(
      /not a call of CLOUD_CALLS/,
    );
    expect(() => route(app, '/api/hainiao/apiorderlist', () => [])).toThrow(/'session' auth/);
  });
});
