/**
 * The ops endpoints and logs (docs/running-at-scale.md): /healthz, /readyz naming what is down,
 * /metrics behind METRICS_TOKEN with route patterns as labels, JSON logs with request ids and
 * without secrets.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestS3, type TestS3 } from '@hainiao/testkit/s3';
import { parseS3 } from '../config.ts';
import { openDatabase, type CloudDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { accountService } from '../modules/accounts/service.ts';
import { openStores, type CloudStores } from '../storage/stores.ts';
import { buildTestApp, form, post } from '../test/app.ts';
import { describeEachDatabase, postgresUp, TEST_POSTGRES_URL } from '../test/databases.ts';
import { startForwarder } from '../test/forwarder.ts';
import { clearRedisPrefix, redisUp, testRedisPrefix, TEST_REDIS_URL } from '../test/redis.ts';
import { URL_SECRET_MASK } from './logging.ts';

const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

/** A log destination that keeps every line. */
function logCapture() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describeEachDatabase('health and readiness', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app.close();
  });

  test('/healthz says the process is alive, /readyz that the database answers', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  test('without METRICS_TOKEN there is no /metrics', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toMatch(/hainiao_http_requests_total/);
  });
});

describe('readiness names what is down', () => {
  let s3: TestS3;
  let stores: CloudStores;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    s3 = await startTestS3();
    stores = openStores({ dataDir: '/nonexistent', s3: parseS3(s3.env) });
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    stores?.close();
    await s3?.stop();
  });

  async function sqliteApp(options: Parameters<typeof buildTestApp>[1]) {
    const database = openDatabase('sqlite::memory:');
    await migrateToLatest(database);
    const app = await buildTestApp(database, options);
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    return app;
  }

  const readyz = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };

  test('S3: HeadBucket of the store; 503 naming s3 when it stops answering', async () => {
    const app = await sqliteApp({ files: stores.files, releases: stores.releases });
    expect(await readyz(app)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', s3: 'ok' } },
    });
    const alone = await startTestS3();
    const gone = openStores({ dataDir: '/nonexistent', s3: parseS3(alone.env) });
    cleanups.push(async () => {
      gone.close();
      await alone.stop();
    });
    const other = await sqliteApp({ files: gone.files, releases: gone.releases });
    await alone.pause();
    expect(await readyz(other)).toEqual({
      status: 503,
      body: { status: 'unready', failed: ['s3'], checks: { database: 'ok', s3: 'failed' } },
    });
  });

  test.skipIf(!redisUp)(
    'Redis: PING; 503 naming redis while it is gone, and the log says so',
    async () => {
      const prefix = testRedisPrefix();
      cleanups.push(() => clearRedisPrefix(prefix));
      const target = new URL(TEST_REDIS_URL);
      const forwarder = await startForwarder({
        host: target.hostname,
        port: Number(target.port || 6379),
      });
      cleanups.push(forwarder.close);
      const url = new URL(TEST_REDIS_URL);
      url.hostname = '127.0.0.1';
      url.port = String(forwarder.port);
      const log = logCapture();
      const app = await sqliteApp({
        redisUrl: url.toString(),
        redisPrefix: prefix,
        logLevel: 'warn',
        logStream: log.stream,
      });
      expect(await readyz(app)).toMatchObject({ status: 200, body: { checks: { redis: 'ok' } } });
      await forwarder.cut();
      expect(await readyz(app)).toEqual({
        status: 503,
        body: { status: 'unready', failed: ['redis'], checks: { database: 'ok', redis: 'failed' } },
      });
      // Redis gone: calls are still answered, with per-instance limits (docs/running-at-scale.md).
      const signin = await post(app, 'signin', { Account: 'nobody', password: 'wrong-password' });
      expect(signin.body.code).toBe(401);
      await expect
        .poll(log.text)
        .toMatch(/Redis is unreachable: rate limits fall back to per-instance memory/);
      await forwarder.restore();
      await expect.poll(async () => (await readyz(app)).status, { timeout: 15_000 }).toBe(200);
      expect(log.text()).toMatch(/Redis is reachable again/);
    },
  );

  /** A migrated PostgreSQL schema reached through a forwarder the test can cut and restore. */
  async function postgresBehindForwarder() {
    const schema = `t_ready_${randomBytes(5).toString('hex')}`;
    const target = new URL(TEST_POSTGRES_URL);
    const forwarder = await startForwarder({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    cleanups.push(forwarder.close);
    const url = new URL(TEST_POSTGRES_URL);
    url.hostname = '127.0.0.1';
    url.port = String(forwarder.port);
    const database: CloudDatabase = openDatabase(url.toString(), { schema });
    cleanups.push(async () => {
      await database.close();
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });
    await migrateToLatest(database);
    const app = await buildTestApp(database);
    cleanups.push(() => app.close());
    return { database, forwarder, app };
  }

  test.skipIf(!postgresUp)(
    'PostgreSQL: a query; 503 naming the database while it is gone, ready again after',
    async () => {
      const { forwarder, app } = await postgresBehindForwarder();
      expect((await readyz(app)).status).toBe(200);
      await forwarder.cut();
      expect(await readyz(app)).toEqual({
        status: 503,
        body: { status: 'unready', failed: ['database'], checks: { database: 'failed' } },
      });
      // A call answers a clean error rather than hanging.
      const res = await post(app, 'corelist', {});
      expect(res.status, JSON.stringify(res.body)).toBe(500);
      await forwarder.restore();
      await expect.poll(async () => (await readyz(app)).status, { timeout: 15_000 }).toBe(200);
      expect((await post(app, 'corelist', {})).body.code).toBe(0);
    },
  );

  test.skipIf(!postgresUp)(
    'PostgreSQL gone in the middle of writes: every acknowledged write is there after it is back',
    async () => {
      const { database, forwarder, app } = await postgresBehindForwarder();
      const signup = (i: number) =>
        post(app, 'signup', {
          Account: `writer${i}`,
          email: `writer${i}@example.com`,
          password: 'correct-horse-7',
        });
      const before = await Promise.all([0, 1, 2].map(signup));
      for (const res of before) expect(res.body.code, res.body.msg).toBe(0);
      // Sign-ups in flight while the connections are cut: each answers, ok or a clean 500.
      const during = [3, 4, 5, 6, 7, 8].map(signup);
      await forwarder.cut();
      const answered = await Promise.all(during);
      for (const res of answered) {
        if (res.body.code !== 0) expect(res.status).toBe(500);
        expect(res.body.msg).toMatch(/\S/);
      }
      await forwarder.restore();
      await expect.poll(async () => (await readyz(app)).status, { timeout: 15_000 }).toBe(200);
      const stored = new Set(
        (await database.db.selectFrom('account').select('account').execute()).map((r) => r.account),
      );
      [...before, ...answered].forEach((res, i) => {
        if (res.body.code === 0) expect(stored).toContain(`writer${i}`);
      });
    },
  );
});

describeEachDatabase('metrics', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await app.close();
  });

  const scrape = (authorization?: string) =>
    app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  test('only the bearer of METRICS_TOKEN reads them', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(METRICS_TOKEN)).statusCode).toBe(401);
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^process_cpu_user_seconds_total /m);
  });

  test('requests are counted and timed per route pattern, never per raw URL', async () => {
    const fileId = `f${randomBytes(6).toString('hex')}`;
    for (let i = 0; i < 3; i++) {
      await app.inject({ method: 'GET', url: `/api/hainiao/attachment/${fileId}?expires=1&sig=x` });
    }
    await post(app, 'workordertype', {});
    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    expect(text).toContain(
      'hainiao_http_requests_total{method="GET",route="/api/hainiao/attachment/:fileId",status="404"} 3',
    );
    expect(text).toMatch(
      /hainiao_http_requests_total\{method="POST",route="\/api\/hainiao\/workordertype",status="200"\} 1/,
    );
    expect(text).toMatch(
      /hainiao_http_request_duration_seconds_count\{method="GET",route="\/api\/hainiao\/attachment\/:fileId"\} 3/,
    );
    expect(text).toMatch(/hainiao_http_request_duration_seconds_bucket\{le="0.05",/);
    expect(text).not.toContain(fileId);
    if (ctx.database.dialect === 'postgres') {
      expect(text).toMatch(/hainiao_db_pool_connections\{state="total"\} [1-9]/);
      expect(text).toMatch(/hainiao_db_pool_connections\{state="waiting"\} 0/);
    } else {
      expect(text).not.toMatch(/hainiao_db_pool_connections\{/);
    }
  });
});

describeEachDatabase('logs', (ctx) => {
  test('JSON lines with a request id that the answer names, and no secret sent in a request', async () => {
    const log = logCapture();
    const app = await buildTestApp(ctx.database, {
      logLevel: 'debug',
      logStream: log.stream,
      metricsToken: METRICS_TOKEN,
    });
    try {
      const accounts = accountService(ctx.database);
      const account = await accounts.create({
        account: 'logged',
        email: 'logged@example.com',
        password: 'correct-horse-7',
      });
      const clienttoken = await accounts.issueClientToken(account.id);
      const session = (await post(app, 'status', { clienttoken })).body.data.user_info.token;
      const secrets = [clienttoken, session, 'correct-horse-7', METRICS_TOKEN, 'cookie-secret-9'];
      const status = await app.inject({
        method: 'POST',
        url: '/api/hainiao/workorderlist',
        headers: {
          ...form({ inweb: '1', lang: 'en', token: session }).headers,
          authorization: `Bearer ${session}`,
          cookie: 'session=cookie-secret-9',
        },
        payload: form({ inweb: '1', lang: 'en', token: session }).payload,
      });
      expect(status.json().code).toBe(0);
      await post(app, 'signin', { Account: 'logged', password: 'correct-horse-7' });
      await app.inject({
        method: 'GET',
        url: `/route?token=${encodeURIComponent(session)}&url=/api`,
      });
      await app.inject({
        method: 'GET',
        url: `/api/hainiao/attachment/x?expires=1&sig=${session}`,
      });
      await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });

      const text = log.text();
      expect(text).toContain('incoming request');
      for (const secret of secrets) expect(text).not.toContain(secret);
      const records = log.records();
      const urls = records.flatMap((r) => {
        const req = r.req as { url?: string } | undefined;
        return req?.url ? [req.url] : [];
      });
      expect(urls).toContain(`/route?token=${URL_SECRET_MASK}&url=/api`);
      expect(urls).toContain(`/api/hainiao/attachment/x?expires=1&sig=${URL_SECRET_MASK}`);
      // Every request's lines carry its id, and the answer says which it was.
      const incoming = records.filter((r) => r.msg === 'incoming request');
      expect(incoming.every((r) => typeof r.reqId === 'string' && r.reqId.length > 0)).toBe(true);
      expect(incoming.map((r) => r.reqId)).toContain(status.headers['x-request-id']);
    } finally {
      await app.close();
    }
  });

  test('X-Request-Id is taken from a trusted proxy only', async () => {
    const given = `proxy-${randomUUID()}`;
    const behindProxy = await buildTestApp(ctx.database, { trustProxy: ['loopback'] });
    const open = await buildTestApp(ctx.database);
    try {
      const ask = (app: FastifyInstance, id: string, remoteAddress = '127.0.0.1') =>
        app.inject({
          method: 'GET',
          url: '/healthz',
          remoteAddress,
          headers: { 'x-request-id': id },
        });
      expect((await ask(behindProxy, given)).headers['x-request-id']).toBe(given);
      // Not from the proxy, not well-formed, or no proxy trusted at all: a fresh id.
      for (const res of [
        await ask(behindProxy, given, '203.0.113.9'),
        await ask(behindProxy, 'two words\nforged line'),
        await ask(open, given),
      ]) {
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await behindProxy.close();
      await open.close();
    }
  });
});
