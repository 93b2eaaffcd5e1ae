import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { CLIENT_TOKEN_TTL_MS, MainCodes } from '@hainiao/contract';
import { buildApp } from './app.ts';
import { parseTrustProxy } from './config.ts';
import {
  APILOGIN_FAILURES_PER_ACCOUNT,
  SIGNIN_FAILURES_PER_ACCOUNT,
  STATUS_EXCHANGES_PER_ACCOUNT,
} from './security/account-limit.ts';
import { accountService } from './modules/accounts/service.ts';
import { credentialService } from './modules/credentials/service.ts';
import { deriveKeys, encrypt, KEY_LABELS, secretsEqual } from './security/secret.ts';
import { buildTestApp, form, post, testClock } from './test/app.ts';
import { describeEachDatabase } from './test/databases.ts';
import { PNG_1X1 } from './test/files.ts';
import { redisUp, TEST_REDIS_URL } from './test/redis.ts';

const PASSWORD = 'correct-horse-7';
const TOO_MANY = /^Too many attempts, please try again in \d+ seconds$/;

/** A cloud call from socket address `ip`, with whatever X-Forwarded-For the caller claims. */
async function call(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string>,
  ip: string,
  forwardedFor?: string,
) {
  const body = form({ inweb: '1', lang: 'en', ...fields });
  const res = await app.inject({
    method: 'POST',
    url: `/api/hainiao/${path}`,
    remoteAddress: ip,
    payload: body.payload,
    headers: { ...body.headers, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
  return {
    status: res.statusCode,
    retryAfter: res.headers['retry-after'],
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
    body: res.json() as { code: number; msg: string; data?: any },
  };
}

let ipCount = 1;
/** A fresh client address for each call (so that per-IP limits stay out of the way). */
const freshIp = () => `172.16.${(ipCount >> 8) & 255}.${ipCount++ & 255}`;
/** A random address a client might claim in X-Forwarded-For. */
const spoofed = () => `203.0.113.${Math.floor(Math.random() * 254) + 1}`;

/** Answers of `n` sign-ins with different account names from one socket address. */
async function signinsFrom(
  app: FastifyInstance,
  n: number,
  ip: string,
  forwardedFor: (i: number) => string | undefined,
) {
  const answers = [];
  for (let i = 0; i < n; i++) {
    const name = `nobody_${randomBytes(4).toString('hex')}`;
    answers.push(
      await call(app, 'signin', { Account: name, password: 'whatever-pass' }, ip, forwardedFor(i)),
    );
  }
  return answers;
}

describe('TRUST_PROXY', () => {
  test('takes a hop count or a list of proxy addresses and CIDRs, never true', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.4,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=true/);
    expect(() => parseTrustProxy('TRUE')).toThrow(/TRUST_PROXY=true/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/not an IP address or CIDR/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/not an IP address or CIDR/);
    expect(() => parseTrustProxy('999')).toThrow();
  });

  test('the app refuses to trust every X-Forwarded-For', async () => {
    await expect(
      buildApp({ trustProxy: true as unknown as false } as Parameters<typeof buildApp>[0]),
    ).rejects.toThrow(/TRUST_PROXY=true/);
  });
});

describeEachDatabase('cloud security', (ctx) => {
  let app: FastifyInstance;
  const time = testClock();
  const secret = randomBytes(32);

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: time.clock, secret });
  });
  afterAll(() => app.close());

  const accounts = () => accountService(ctx.database, time.clock);

  async function account(name: string) {
    const created = await accounts().create({
      account: name,
      email: `${name}@example.com`,
      password: PASSWORD,
    });
    return created;
  }

  /** A session token of `name`, through a one-time client token as /route gets it. */
  async function session(name: string): Promise<string> {
    const found = await accounts().findByIdentity({ Account: name });
    const clienttoken = await accounts().issueClientToken(found!.id);
    const res = await call(app, 'status', { clienttoken }, freshIp());
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data.user_info.token as string;
  }

  describe('per-IP limits and X-Forwarded-For', () => {
    test('by default a forged X-Forwarded-For changes nothing: the socket address counts', async () => {
      const answers = await signinsFrom(app, 12, '198.51.100.20', () => spoofed());
      expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true);
      const limited = answers.slice(10);
      expect(limited.map((a) => a.status)).toEqual([429, 429]);
      expect(limited[0]!.body).toEqual({ code: 429, msg: expect.stringMatching(TOO_MANY) });
    });

    test('TRUST_PROXY=1 honours the hop the proxy appended, not one the client wrote before it', async () => {
      const behindProxy = await buildTestApp(ctx.database, { clock: time.clock, trustProxy: 1 });
      try {
        // Each client behind the proxy has its own counter.
        const clients = await signinsFrom(
          behindProxy,
          12,
          '10.0.0.1',
          (i) => `198.51.100.${100 + i}`,
        );
        expect(clients.every((a) => a.status === 200)).toBe(true);
        // One client forging a second hop in front of the one the proxy appended: still one client.
        const forged = await signinsFrom(
          behindProxy,
          12,
          '10.0.0.1',
          () => `${spoofed()}, 198.51.100.50`,
        );
        expect(forged.slice(0, 10).every((a) => a.status === 200)).toBe(true);
        expect(forged.slice(10).map((a) => a.status)).toEqual([429, 429]);
      } finally {
        await behindProxy.close();
      }
    });

    test('a list of proxies is believed only when the request comes from one of them', async () => {
      const behindProxy = await buildTestApp(ctx.database, {
        clock: time.clock,
        trustProxy: ['10.1.0.0/16'],
      });
      try {
        const viaProxy = await signinsFrom(behindProxy, 12, '10.1.2.3', (i) => `198.51.100.${i}`);
        expect(viaProxy.every((a) => a.status === 200)).toBe(true);
        // Not a listed proxy: its X-Forwarded-For is ignored.
        const direct = await signinsFrom(behindProxy, 12, '192.0.2.99', () => spoofed());
        expect(direct.slice(10).map((a) => a.status)).toEqual([429, 429]);
      } finally {
        await behindProxy.close();
      }
    });
  });

  describe('per-account limits', () => {
    test('failed sign-ins are limited per account whatever the address, with the per-IP answer', async () => {
      await account('victim');
      await account('bystander');
      const { max, windowMs } = SIGNIN_FAILURES_PER_ACCOUNT;
      for (let i = 0; i < max; i++) {
        // Alternating name and email: both count for the same account.
        const identity: Record<string, string> =
          i % 2 ? { Account: 'victim' } : { email: 'VICTIM@example.com' };
        const res = await call(
          app,
          'signin',
          { ...identity, password: `wrong-password-${i}` },
          freshIp(),
          spoofed(),
        );
        expect(res.body).toEqual({ code: 401, msg: 'Wrong account or password' });
      }
      // Even the right password, from a new address, now meets the limit.
      const limited = await call(
        app,
        'signin',
        { Account: 'victim', password: PASSWORD },
        freshIp(),
      );
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: 429, msg: expect.stringMatching(TOO_MANY) });
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      const zh = await call(
        app,
        'signin',
        { email: 'victim@example.com', password: PASSWORD, lang: 'zh-CHS' },
        freshIp(),
      );
      expect(zh.body).toEqual({
        code: 429,
        msg: expect.stringMatching(/^尝试次数过多，请 \d+ 秒后再试$/),
      });

      // Another account is not affected.
      const other = await call(
        app,
        'signin',
        { Account: 'bystander', password: PASSWORD },
        freshIp(),
      );
      expect(other.body.code).toBe(0);

      // Names that do not exist are limited alike (the answer does not tell which exist).
      for (let i = 0; i < max; i++) {
        await call(app, 'signin', { Account: 'ghost_user', password: 'nope-nope' }, freshIp());
      }
      const ghost = await call(app, 'signin', { Account: 'ghost_user', password: 'x' }, freshIp());
      expect(ghost.status).toBe(429);

      // The window ends.
      time.advance(windowMs + 1000);
      const later = await call(app, 'signin', { Account: 'victim', password: PASSWORD }, freshIp());
      expect(later.body.code).toBe(0);
    });

    test('failed API logins are limited per credential owner whatever the address', async () => {
      const owner = await account('apiowner');
      const cred = await credentialService(
        ctx.database,
        accounts(),
        deriveKeys(secret),
        time.clock,
      ).apply(owner);
      const { max, windowMs } = APILOGIN_FAILURES_PER_ACCOUNT;
      for (let i = 0; i < max; i++) {
        const res = await call(
          app,
          'apilogin',
          { Account: 'apiowner', APP_ID: cred.app_id, APP_KEY: 'f'.repeat(32), device: 'pc' },
          freshIp(),
          spoofed(),
        );
        expect(res.body.code).toBe(MainCodes.code.LOGIN_INVALID);
      }
      const limited = await call(
        app,
        'apilogin',
        { Account: 'apiowner', APP_ID: cred.app_id, APP_KEY: cred.app_key, device: 'pc' },
        freshIp(),
      );
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: 429, msg: expect.stringMatching(TOO_MANY) });
      time.advance(windowMs + 1000);
      const later = await call(
        app,
        'apilogin',
        { Account: 'apiowner', APP_ID: cred.app_id, APP_KEY: cred.app_key, device: 'pc' },
        freshIp(),
      );
      expect(later.body.code).toBe(0);
    });

    test('client-token exchanges on /status are limited per account', async () => {
      const owner = await account('exchanger');
      const { max } = STATUS_EXCHANGES_PER_ACCOUNT;
      for (let i = 0; i < max; i++) {
        const clienttoken = await accounts().issueClientToken(owner.id);
        expect((await call(app, 'status', { clienttoken }, freshIp(), spoofed())).body.code).toBe(
          0,
        );
      }
      const clienttoken = await accounts().issueClientToken(owner.id);
      const limited = await call(app, 'status', { clienttoken }, freshIp());
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: 429, msg: expect.stringMatching(TOO_MANY) });
      // The refused token was not spent: it still works once the window ends (if still fresh).
      expect(await accounts().clientTokenOwner(clienttoken)).toBe(owner.id);
    });
  });

  describe('sign-in nonce (/route login CSRF)', () => {
    const NONCE = randomBytes(32).toString('base64url');

    test('a token bound to a nonce is exchanged only with it, and says so', async () => {
      await account('noncer');
      const signin = (nonce?: string) =>
        call(
          app,
          'signin',
          { Account: 'noncer', password: PASSWORD, ...(nonce ? { nonce } : {}) },
          freshIp(),
        );

      const bound = (await signin(NONCE)).body.data.clienttoken as string;
      const ok = await call(app, 'status', { clienttoken: bound, nonce: NONCE }, freshIp());
      expect(ok.body.code).toBe(0);
      expect(ok.body.data.bound).toBe(true);
      expect(ok.body.data.user_info.email).toBe('noncer@example.com');

      // Someone else's tab (no nonce, or another one) cannot use it, and the try spends it.
      const stolen = (await signin(NONCE)).body.data.clienttoken as string;
      const without = await call(app, 'status', { clienttoken: stolen }, freshIp());
      expect(without.body).toEqual({
        code: 401,
        msg: 'Invalid token: it is invalid or has expired.',
      });
      const after = await call(app, 'status', { clienttoken: stolen, nonce: NONCE }, freshIp());
      expect(after.body.code).toBe(401);
      const other = (await signin(NONCE)).body.data.clienttoken as string;
      const wrong = randomBytes(32).toString('base64url');
      expect(
        (await call(app, 'status', { clienttoken: other, nonce: wrong }, freshIp())).body.code,
      ).toBe(401);

      // An unbound token (desktop client, operators' link) works with or without a nonce, unbound.
      const plain = (await signin()).body.data.clienttoken as string;
      const unbound = await call(app, 'status', { clienttoken: plain, nonce: NONCE }, freshIp());
      expect(unbound.body.code).toBe(0);
      expect(unbound.body.data.bound).toBe(false);

      // A malformed nonce is an invalid parameter.
      const bad = await call(
        app,
        'signin',
        { Account: 'noncer', password: PASSWORD, nonce: 'short' },
        freshIp(),
      );
      expect(bad.body).toEqual({ code: 1, msg: 'Invalid parameter: nonce' });
    });

    test('sign-up binds its token too', async () => {
      const res = await call(
        app,
        'signup',
        { Account: 'newbie', email: 'newbie@example.com', password: PASSWORD, nonce: NONCE },
        freshIp(),
      );
      const clienttoken = res.body.data.clienttoken as string;
      expect((await call(app, 'status', { clienttoken }, freshIp())).body.code).toBe(401);
      const again = await call(
        app,
        'signin',
        { Account: 'newbie', password: PASSWORD, nonce: NONCE },
        freshIp(),
      );
      const status = await call(
        app,
        'status',
        { clienttoken: again.body.data.clienttoken, nonce: NONCE },
        freshIp(),
      );
      expect(status.body.data.bound).toBe(true);
    });
  });

  describe('usage logs', () => {
    // Printable without spaces, as the device field allows: still anything an attacker likes.
    const ATTACKER = '"><svg/onload=alert(1)>pwned-by-mallory';

    test('a failed API login writes nothing the caller typed into the owner’s usage log', async () => {
      const owner = await account('logowner');
      const token = await session('logowner');
      const cred = await credentialService(
        ctx.database,
        accounts(),
        deriveKeys(secret),
        time.clock,
      ).apply(owner);
      const logRows = () =>
        ctx.database.db.selectFrom('api_log').selectAll().where('uid', '=', owner.id).execute();

      // A wrong key: the attempt is in the owner's log, without the caller's device name.
      const wrongKey = await call(
        app,
        'apilogin',
        { Account: 'logowner', APP_ID: cred.app_id, APP_KEY: '0'.repeat(32), device: ATTACKER },
        freshIp(),
      );
      expect(wrongKey.body.code).toBe(MainCodes.code.LOGIN_INVALID);
      // A wrong Account with the right key: the same.
      const wrongAccount = await call(
        app,
        'apilogin',
        { Account: 'mallory', APP_ID: cred.app_id, APP_KEY: cred.app_key, device: ATTACKER },
        freshIp(),
      );
      expect(wrongAccount.body.code).toBe(MainCodes.code.LOGIN_INVALID);
      let rows = await logRows();
      expect(rows.map((r) => [r.status, r.device])).toEqual([
        ['0', ''],
        ['0', ''],
      ]);

      // An unknown APP_ID has no owner: nothing is written anywhere.
      const before = await ctx.database.db
        .selectFrom('api_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const unknown = await call(
        app,
        'apilogin',
        {
          Account: 'logowner',
          APP_ID: 'ffffffffffffffff',
          APP_KEY: cred.app_key,
          device: ATTACKER,
        },
        freshIp(),
      );
      expect(unknown.body.code).toBe(MainCodes.code.LOGIN_INVALID);
      const afterCount = await ctx.database.db
        .selectFrom('api_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(afterCount.n)).toBe(Number(before.n));

      const everything = await ctx.database.db.selectFrom('api_log').selectAll().execute();
      expect(JSON.stringify(everything)).not.toContain('mallory');
      const logs = await call(app, 'apiusedlogs', { token }, freshIp());
      expect(logs.body.data.count).toBe(2);
      expect(JSON.stringify(logs.body)).not.toContain('mallory');

      // The owner's own login is logged with its device, as before.
      const good = await call(
        app,
        'apilogin',
        { Account: 'logowner', APP_ID: cred.app_id, APP_KEY: cred.app_key, device: 'office-pc' },
        freshIp(),
      );
      expect(good.body.code).toBe(0);
      rows = await logRows();
      expect(rows.map((r) => r.device).sort()).toEqual(['', '', 'office-pc']);
    });
  });

  describe('sign out everywhere', () => {
    test('revokes every session (and pending client token) of the account, and only that account', async () => {
      const alice = await account('alice_everywhere');
      await account('bob_elsewhere');
      const sessions = [
        await session('alice_everywhere'),
        await session('alice_everywhere'),
        await session('alice_everywhere'),
      ];
      const pending = await accounts().issueClientToken(alice.id);
      const bob = await session('bob_elsewhere');
      const list = (token: string) => call(app, 'apiorderlist', { token }, freshIp());
      for (const token of [...sessions, bob]) expect((await list(token)).body.code).toBe(0);

      const out = await call(app, 'signoutall', { token: sessions[1]! }, freshIp());
      expect(out.body).toEqual({
        code: 0,
        msg: 'Signed out on every device',
        data: { revoked: 4 },
      });

      for (const token of sessions) expect((await list(token)).body.code).toBe(401);
      expect((await call(app, 'status', { clienttoken: pending }, freshIp())).body.code).toBe(401);
      expect((await list(bob)).body.code).toBe(0);
      // The revoked token cannot do it again; a new sign-in works.
      expect((await call(app, 'signoutall', { token: sessions[0]! }, freshIp())).body.code).toBe(
        401,
      );
      const fresh = await session('alice_everywhere');
      expect((await list(fresh)).body.code).toBe(0);
      const zh = await call(app, 'signoutall', { token: fresh, lang: 'zh-CHS' }, freshIp());
      expect(zh.body.msg).toBe('已在所有设备上退出登录');
    });
  });

  describe('keys', () => {
    test('the credential key comparison takes the right key and refuses a wrong one of its length', async () => {
      const owner = await account('keyholder');
      const cred = await credentialService(
        ctx.database,
        accounts(),
        deriveKeys(secret),
        time.clock,
      ).apply(owner);
      const last = cred.app_key.at(-1) === '0' ? '1' : '0';
      const wrong = cred.app_key.slice(0, -1) + last;
      expect(wrong).toHaveLength(cred.app_key.length);
      const login = (APP_KEY: string) =>
        call(
          app,
          'apilogin',
          { Account: 'keyholder', APP_ID: cred.app_id, APP_KEY, device: 'pc-k' },
          freshIp(),
        );
      expect((await login(wrong)).body.code).toBe(MainCodes.code.LOGIN_INVALID);
      expect((await login(cred.app_key)).body.code).toBe(0);

      expect(secretsEqual(cred.app_key, cred.app_key)).toBe(true);
      expect(secretsEqual(wrong, cred.app_key)).toBe(false);
      expect(secretsEqual('', '')).toBe(false);
    });

    test('encryption and signing keys are derived apart with HKDF', () => {
      const keys = deriveKeys(secret);
      const hkdf = (label: string) =>
        Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label, 32));
      expect(keys.encryption.equals(hkdf('hainiao encryption'))).toBe(true);
      expect(keys.signing.equals(hkdf('hainiao link signing'))).toBe(true);
      expect(KEY_LABELS).toEqual({
        encryption: 'hainiao encryption',
        signing: 'hainiao link signing',
      });
      expect(keys.encryption.equals(keys.signing)).toBe(false);
      expect(keys.encryption.equals(secret)).toBe(false);
      expect(keys.signing.equals(secret)).toBe(false);
      expect(deriveKeys(Buffer.from(secret)).encryption.equals(keys.encryption)).toBe(true);
    });

    test('attachment links are signed with the signing key', async () => {
      const token = await session('keyholder');
      const boundary = '----sec';
      const part = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const payload = Buffer.concat([
        Buffer.from(part('inweb', '1') + part('lang', 'en') + part('token', token)),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG_1X1,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/hainiao/workorderupload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const { fileid, filepath } = res.json().data as { fileid: string; filepath: string };
      const url = new URL(filepath, 'http://cloud');
      const expires = url.searchParams.get('expires')!;
      const sign = (key: Buffer) =>
        createHmac('sha256', key).update(`attachment:${fileid}:${expires}`).digest('base64url');
      expect(url.searchParams.get('sig')).toBe(sign(deriveKeys(secret).signing));
      expect(url.searchParams.get('sig')).not.toBe(sign(secret));
      expect(url.searchParams.get('sig')).not.toBe(sign(deriveKeys(secret).encryption));
    });

    test('a credential stored before the keys were split is still revealed, and sealed again', async () => {
      const owner = await account('oldtimer');
      const token = await session('oldtimer');
      // As the cloud stored keys until now: AES-256-GCM under the master secret itself.
      const appKey = randomBytes(16).toString('hex');
      const legacy = encrypt(secret, appKey);
      await ctx.database.db
        .insertInto('credential')
        .values({
          account_id: owner.id,
          app_id: 'a1b2c3d4e5f60718',
          app_key_enc: legacy,
          begin_time: time.clock().toISOString(),
          expire_time: owner.expire_at,
        })
        .execute();
      const reveal = () => call(app, 'getappkey', { token, app_id: 'a1b2c3d4e5f60718' }, freshIp());
      expect((await reveal()).body.data.app_key).toBe(appKey);
      const login = await call(
        app,
        'apilogin',
        { Account: 'oldtimer', APP_ID: 'a1b2c3d4e5f60718', APP_KEY: appKey, device: 'old-pc' },
        freshIp(),
      );
      expect(login.body.code).toBe(0);

      // The start of the cloud seals it again under the derived key; it reads the same.
      const service = credentialService(ctx.database, accounts(), deriveKeys(secret), time.clock);
      expect(await service.resealLegacyKeys()).toBeGreaterThanOrEqual(1);
      const row = await ctx.database.db
        .selectFrom('credential')
        .select('app_key_enc')
        .where('app_id', '=', 'a1b2c3d4e5f60718')
        .executeTakeFirstOrThrow();
      expect(row.app_key_enc).toMatch(/^v2\./);
      expect(row.app_key_enc).not.toBe(legacy);
      expect((await reveal()).body.data.app_key).toBe(appKey);
      expect(await service.resealLegacyKeys()).toBe(0);
      // New keys are never sealed under the master secret.
      const fresh = await service.apply(await account('newtimer'));
      const stored = await ctx.database.db
        .selectFrom('credential')
        .select('app_key_enc')
        .where('app_id', '=', fresh.app_id)
        .executeTakeFirstOrThrow();
      expect(stored.app_key_enc).toMatch(/^v2\./);
    });
  });

  test('client tokens still expire', async () => {
    const owner = await account('expiring');
    const clienttoken = await accounts().issueClientToken(owner.id);
    time.advance(CLIENT_TOKEN_TTL_MS + 1000);
    expect((await post(app, 'status', { clienttoken })).body.code).toBe(401);
  });
});

/** Two cloud instances sharing REDIS_URL share the counters (test/redis.ts: required under CI). */
const redisUrl = TEST_REDIS_URL;

describeEachDatabase('per-account limits through Redis', (ctx) => {
  test.skipIf(!redisUp)('two instances count the same failed sign-ins', async () => {
    const redisPrefix = `hainiao-test-${randomBytes(4).toString('hex')}:`;
    const [one, two] = await Promise.all([
      buildTestApp(ctx.database, { redisUrl, redisPrefix }),
      buildTestApp(ctx.database, { redisUrl, redisPrefix }),
    ]);
    try {
      await accountService(ctx.database).create({
        account: 'shared',
        email: 'shared@example.com',
        password: PASSWORD,
      });
      const { max } = SIGNIN_FAILURES_PER_ACCOUNT;
      for (let i = 0; i < max; i++) {
        const res = await call(
          i % 2 ? one : two,
          'signin',
          { Account: 'shared', password: 'wrong-password' },
          freshIp(),
        );
        expect(res.body.code).toBe(401);
      }
      for (const app of [one, two]) {
        const res = await call(app, 'signin', { Account: 'shared', password: PASSWORD }, freshIp());
        expect(res.status).toBe(429);
        expect(res.body.msg).toMatch(TOO_MANY);
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
