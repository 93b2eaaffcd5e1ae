import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { ATTACHMENT_VIDEO_MAX_BYTES, ATTACHMENTS_MAX } from '@hainiao/contract';
import type { CloudDatabase } from './db/database.ts';
import { installAuthenticators } from './http/auth.ts';
import { installErrorHandler } from './http/errors.ts';
import { connectRedis, installRateLimits } from './http/rate-limit.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { passwordResetService } from './modules/accounts/password-reset.ts';
import { accountService, type Clock } from './modules/accounts/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { contentService } from './modules/content/service.ts';
import { releaseCatalog } from './modules/content/release-catalog.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { credentialService } from './modules/credentials/service.ts';
import { libraryRoutes } from './modules/library/routes.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { teamService } from './modules/team/service.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { databaseRunLeases, redisRunLeases } from './modules/sync/run-leases.ts';
import { syncService, type SyncService } from './modules/sync/service.ts';
import { localNotifier, redisNotifier } from './modules/sync/notifier.ts';
import { DEFAULT_SYNC_LIMITS, syncQuotas, type SyncLimits } from './modules/sync/quotas.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { ticketService } from './modules/tickets/service.ts';
import { chunkRoutes } from './modules/chunks/routes.ts';
import { chunkService, type ChunkObjects } from './modules/chunks/service.ts';
import { chunkSweeper } from './modules/chunks/sweep.ts';
import { createMailer, type Mailer } from './notify/mailer.ts';
import { installHealth, type ReadinessCheck } from './ops/health.ts';
import { installRequestIds, loggerOptions, requestIdGenerator } from './ops/logging.ts';
import { installMetrics } from './ops/metrics.ts';
import { TRUST_PROXY_TRUE_REFUSED, type TrustProxy } from './config.ts';
import { deriveKeys } from './security/secret.ts';
import { installSecurityHeaders } from './site/headers.ts';
import { siteRoutes } from './site/static.ts';
import { diskStore, type FileStore } from './storage/files.ts';

export interface AppOptions {
  database: CloudDatabase;
  webDist: string | null;
  /**
   * The master secret (security/secret.ts): the keys that seal stored secrets (API keys) and sign
   * links are derived from it, each under its own label.
   */
  secret: Buffer;
  /** The release store served under /downloads/ (storage/stores.ts). */
  releases?: FileStore;
  /** A folder as the release store, when `releases` is not given (`<DATA_DIR>/releases`). */
  releasesDir?: string;
  /** How long the published releases are reused (release-catalog.ts): 0 for a folder. */
  releaseCacheMs?: number;
  /** The script and plugin library's files (`<DATA_DIR>/library`); next to releasesDir by default. */
  libraryDir?: string;
  /** `CHAT_SCRIPT_URL`: the customer-service chat script the pages load; none without it. */
  chatScriptUrl?: string;
  /** pino level; 'silent' turns logging off. */
  logLevel?: string;
  /** Where the JSON log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** Redis for rate limits shared by several instances; in memory without it. */
  redisUrl?: string | undefined;
  /** Prefix of the rate-limit counters' Redis keys (`REDIS_PREFIX`, `hainiao-rl:`). */
  redisPrefix?: string;
  /** `METRICS_TOKEN`: serves `/metrics` to this bearer token (ops/metrics.ts); off without it. */
  metricsToken?: string | undefined;
  /** Time source, replaceable in tests of expiry. */
  clock?: Clock;
  /**
   * `TRUST_PROXY` (config.ts `parseTrustProxy`): how many reverse proxies stand in front of the
   * cloud, or their addresses/CIDRs; `false` (default) trusts no X-Forwarded-For at all. Never
   * `true`: that would let any client choose its address, and with it its rate-limit counter.
   */
  trustProxy?: TrustProxy;
  /** Where ticket attachments are stored (`<DATA_DIR>/files` by default). */
  files: FileStore;
  /** Profile chunks, one store per shard (storage/stores.ts `chunks`). */
  chunks: ChunkObjects;
  /** Notification mail; by default SMTP_URL's transport, or the log. */
  mailer?: Mailer;
  /** `SMTP_URL` and `MAIL_FROM`, used when no mailer is given. */
  smtpUrl?: string;
  mailFrom?: string;
  /** The site's public origin, for links in mails. */
  siteUrl?: string;
  /**
   * `MANAGER_URL` (config.ts): the environment manager's address the API console shows before a
   * local service has reported its own; `http://127.0.0.1:8186/` by default.
   */
  managerUrl?: string;
  /** Sync's byte quota and rates per account (modules/sync/quotas.ts); the contract's by default. */
  syncLimits?: Partial<SyncLimits>;
  /** How long envwatch holds a request at most (the contract's SYNC_WATCH_HOLD_MS by default). */
  syncWatchHoldMs?: number;
}

/** Builds the cloud app without listening, so tests and the server share one construction. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database, webDist, secret, logLevel = 'silent', redisUrl, clock } = options;
  const trustProxy = options.trustProxy ?? false;
  if ((trustProxy as unknown) === true) throw new Error(TRUST_PROXY_TRUE_REFUSED);
  const keys = deriveKeys(secret);
  const app = Fastify({
    // JSON lines with the request id, secrets redacted (ops/logging.ts).
    logger: loggerOptions(logLevel, options.logStream),
    genReqId: requestIdGenerator(trustProxy),
    // Only the configured reverse proxies may tell the client IP through X-Forwarded-For (rate
    // limits count by it): by hop count or by their addresses, never every sender. Fastify takes a
    // bare number as "trust nothing", so a hop count goes in as the function it stands for: the
    // socket peer and the hops-1 entries it appended are proxies, the next entry is the client.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
  });

  // nosniff, Referrer-Policy, CSP and HSTS on every answer (pages set their own CSP with a nonce).
  installSecurityHeaders(app);
  installRequestIds(app);
  // The sync service comes later; the gauge reads it when scraped.
  const built: { sync?: SyncService } = {};
  installMetrics(app, {
    token: options.metricsToken,
    database,
    syncWatchers: () => built.sync?.watching() ?? 0,
  });

  // Pages, scripts and JSON answers go out compressed (the build also precompresses its assets).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_VIDEO_MAX_BYTES, files: ATTACHMENTS_MAX, fields: 50 },
  });
  let redis: Redis | undefined;
  if (redisUrl) {
    const client = await connectRedis(redisUrl, app.log);
    redis = client;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  const limiter = await installRateLimits(app, {
    redis,
    prefix: options.redisPrefix,
    now: clock ? () => clock().getTime() : undefined,
  });

  installErrorHandler(app);

  // Ops endpoints (not calls of the spec): /healthz, /readyz (ops/health.ts).
  const checks: ReadinessCheck[] = [
    { name: 'database', run: () => sql`select 1`.execute(database.db) },
  ];
  if (redis) {
    const client = redis;
    checks.push({ name: 'redis', run: () => client.ping() });
  }
  const files = options.files;
  if (files.check) checks.push({ name: 's3', run: () => files.check!() });
  installHealth(app, checks);

  const accounts = accountService(database, clock);
  const credentials = credentialService(
    database,
    accounts,
    keys,
    clock,
    limiter,
    options.managerUrl,
  );
  const releases =
    options.releases ?? (options.releasesDir ? diskStore(options.releasesDir) : undefined);
  const catalog = releaseCatalog(releases, {
    cacheMs: options.releaseCacheMs ?? 0,
    warn: (message) => app.log.warn(message),
  });
  const content = contentService(database, catalog);
  // The checks of the contract's auth modes, which `route` applies to every call (http/route.ts).
  installAuthenticators(app, {
    session: (token) => accounts.requireSession(token),
    lease: (token) => credentials.requireLease(token),
  });
  contentRoutes(app, content, { releases });
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, log: app.log });
  const siteUrl = options.siteUrl ?? '';
  const resets = passwordResetService({ database, accounts, mailer, siteUrl, clock, log: app.log });
  accountRoutes(app, accounts, limiter, resets);
  credentialRoutes(app, credentials);
  teamRoutes(app, teamService(database, accounts, credentials, clock));
  const notifier = redis
    ? await redisNotifier(redis, options.redisPrefix ?? 'hainiao-rl:', app.log)
    : localNotifier();
  app.addHook('onClose', async () => notifier.close());
  const quotas = syncQuotas(database, limiter, { ...DEFAULT_SYNC_LIMITS, ...options.syncLimits });
  const sync = syncService(
    database,
    redis
      ? redisRunLeases(redis, options.redisPrefix)
      : databaseRunLeases(database, clock ?? (() => new Date())),
    { clock, quotas, notifier, watchHoldMs: options.syncWatchHoldMs },
  );
  built.sync = sync;
  syncRoutes(app, sync, quotas);
  // Waiting envwatch calls answer before the server waits for requests in flight to end.
  app.addHook('preClose', async () => sync.closeWatches());
  await libraryRoutes(app, database, {
    dir:
      options.libraryDir ??
      (options.releasesDir ? path.join(path.dirname(options.releasesDir), 'library') : undefined),
  });
  chunkRoutes(
    app,
    chunkService({
      database,
      objects: options.chunks,
      clock,
      // A shared or team environment's profile is readable by those who see the environment.
      mayReadThroughEnvironment: (lease, envId, hash) => sync.mayReadChunk(lease, envId, hash),
      quotas,
    }),
    quotas,
  );
  // Chunks no live snapshot names go after a grace period, on every instance (deletes are safe
  // to repeat); the timer runs from ready to close.
  const sweeper = chunkSweeper({ database, objects: options.chunks, clock, log: app.log });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());
  ticketRoutes(
    app,
    ticketService({
      database,
      files: options.files,
      mailer,
      secret: keys.signing,
      clock,
      siteUrl,
    }),
  );
  await siteRoutes(app, webDist, {
    chatScriptUrl: options.chatScriptUrl,
    articleExists: content.articleExists,
  });
  return app;
}
