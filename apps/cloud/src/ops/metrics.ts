/**
 * Prometheus metrics on `GET /metrics` (an ops endpoint, not a cloud call of the spec): request
 * counts and latency per route pattern, the database pool's connections, Node's process metrics.
 * Off unless `METRICS_TOKEN` is set, and then only for `Authorization: Bearer <METRICS_TOKEN>`:
 * route names and pool use tell an outsider how the cloud is built and how loaded it is.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CloudDatabase } from '../db/database.ts';

export const METRICS_PATH = '/metrics';

/** Seconds; from a cached page (~1 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route a request matched, as registered (`/api/hainiao/attachment/:fileId`), never its raw URL:
 * ids and query strings would make a new series per request. Site pages have no route of their
 * own (the not-found handler serves them).
 */
function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return reply.statusCode === 404 ? '(not found)' : '(site page)';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function installMetrics(
  app: FastifyInstance,
  options: {
    token: string | undefined;
    database: CloudDatabase;
    /** envwatch calls waiting now (read when scraped). */
    syncWatchers?: () => number;
  },
): void {
  const { token, database } = options;
  if (!token) return;
  // A registry per app: several apps in one process (tests) keep their own counts.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'hainiao_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'hainiao_http_request_duration_seconds',
    help: 'Time from request to answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'hainiao_db_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  new Gauge({
    name: 'hainiao_sync_watchers',
    help: 'envwatch calls held open, waiting for a change',
    registers: [registry],
    collect() {
      this.set(options.syncWatchers?.() ?? 0);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request, reply);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    reply.header('Cache-Control', 'no-store');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('metrics need Authorization: Bearer <METRICS_TOKEN>\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
