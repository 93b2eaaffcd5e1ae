/*
 * Layers of the local API, lowest first ("one-way layers: adapters → domain → store/runtime, no
 * cycles"). A module imports only from its own layer or lower ones, never upward, and nothing
 * forms a cycle; eslint.config.js (LOCAL_API_LAYERS) enforces this list:
 *
 *   1. util/     helpers with no knowledge of the service (time formats)
 *      model/    the internal types shared below the domain, in our own names: the environment
 *                record, its settings, cookies, start pages, plugin and script rows, the cloud
 *                library's plugin and script versions, screens, DomainError
 *   2. store/    SQLite
 *      runtime/  the browsers: Chromium, profiles, fingerprints, proxies, cookie files
 *                (store and runtime never import each other)
 *   3. cloud/    the cloud's HTTP client (imports nothing of the service but model/util); it maps
 *                the cloud's answers (its field names) to the model
 *      account/  the login and its device lease (imports cloud/)
 *      domain/   the service's rules: environment fields, access, the plugin and script library
 *                (imports account/, cloud/, store/, runtime/; neither imports domain/)
 *      They throw DomainError (a code NAME), never a wire code or an answer.
 *   4. http/     envelopes, the DomainError → code/message mapping (errors.ts), guards, body
 *                validation, call registration
 *   5. adapters/ the doors, one room each: v1/ (the spec's calls), adspower/ (AdsPower's
 *                calls), mcp/ (the MCP server), manager/ (the manager's back end). They parse
 *                the contract's bodies (wire names) into the model, call the domain, and answer
 *                through views (adapters/v1/views.ts; the settings' spellings in
 *                adapters/v1/wire-settings.ts); no door imports another door's calls
 *      context.ts, app.ts, cli.ts  assemble the service; nothing imports them but each other
 *
 * Every layer may import @hainiao/contract. The calls' field names appear only in http/ and
 * adapters/, the cloud's in cloud/client.ts; numeric codes only in http/, adapters/ and the runtime's
 * per-environment results (runtime/browser.ts BrowserResult, the browser table's numbers).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import { buildOpenApi, localApiMessages, OPENAPI_PATH } from '@hainiao/contract';
import type { AccountAuth } from './account/auth.ts';
import type { CloudClient } from './cloud/client.ts';
import type { ServiceContext } from './context.ts';
import { library } from './domain/library.ts';
import { profileTransfer } from './domain/profile-transfer.ts';
import { keepingStartExits } from './domain/proxy-library.ts';
import { recycleBin } from './domain/environment-trash.ts';
import { syncEngine } from './domain/sync.ts';
import { updateCheck } from './domain/updates.ts';
import { chunkClient } from './cloud/chunks.ts';
import { callerLang, envelopeOf, fail, LocalApiError, UNKNOWN_EXCEPTION } from './http/envelope.ts';
import { toLocalApiError } from './http/errors.ts';
import { installGuards } from './http/guard.ts';
import { rateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { maskSecrets, printLine, type CallLog } from './logging.ts';
import { DomainError } from './model/errors.ts';
import { accountRoutes } from './adapters/v1/account.ts';
import { autoOpenRoutes } from './adapters/v1/auto-open.ts';
import { browserRoutes } from './adapters/v1/browser.ts';
import { adsPowerRoutes } from './adapters/adspower/compat-adspower.ts';
import { cookieRoutes } from './adapters/v1/cookie.ts';
import { groupRoutes } from './adapters/v1/group.ts';
import { organizeRoutes } from './adapters/v1/organize.ts';
import { isManagerPath, managerRoutes } from './adapters/manager/manager.ts';
import { mcpRoutes } from './adapters/mcp/mcp.ts';
import { pluginRoutes } from './adapters/v1/plugin.ts';
import { proxyLibraryRoutes } from './adapters/manager/proxy-library.ts';
import { scriptRoutes } from './adapters/v1/script.ts';
import { selfCheckRoutes } from './adapters/v1/self-check.ts';
import { serviceRoutes } from './adapters/v1/service.ts';
import { environmentRoutes } from './adapters/v1/environment.ts';
import { missingRuntime, type BrowserRuntime } from './runtime/browser.ts';
import type { CookieFiles } from './runtime/profile/cookies.ts';
import { PROXY_CHECK_TIMEOUT_MS } from './runtime/proxy/proxy-check.ts';
import { environmentStore } from './store/environments.ts';
import { groupStore } from './store/groups.ts';
import { proxyStore } from './store/proxies.ts';
import { syncStore } from './store/sync.ts';
import { trashStore } from './store/trash.ts';
import { staticFolder } from './util/static-files.ts';

/** JSON bodies up to this size (cookie lists can be long). */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export interface LocalApiOptions {
  store: SQLite.Database;
  /** The data folder: sessions/<Session_ID>/, library/, logs/. */
  dataDir: string;
  cloud: CloudClient;
  auth: AccountAuth;
  runtime?: BrowserRuntime;
  /** The cookie folder of import-cookie and export-cookie (--cookie-dir). */
  cookieFiles: CookieFiles;
  /** Browser origins allowed to call the service (the docs' "try it" panel on the cloud site). */
  allowedOrigins?: readonly string[];
  /** Every call must carry this key (--api-key on; http/api-key.ts). */
  apiKey?: string;
  /** Any Host name is accepted (--host not loopback, where the API key is required). */
  anyHost?: boolean;
  /** `--return on`: print each call and its answer. */
  echo?: boolean;
  /** `--logs on`: the log file. */
  log?: CallLog;
  onQuit?: () => void;
  proxyCheckTimeoutMs?: number;
  /** The IP-lookup endpoint, when configured: proxy checks also find the exit. */
  ipLookupUrl?: string;
  /** How often cloud sync runs while logged in (domain/sync.ts SYNC_INTERVAL_MS by default). */
  syncIntervalMs?: number;
  /**
   * The built environment manager (apps/manager/dist) served at `/`; null or missing, `/` says
   * how to build it.
   */
  managerDir?: string | null;
  /** Whether a /login is kept for the next start (--remember-login): the sign-in screen says so. */
  rememberLogin?: boolean;
  /** The per-minute rate limits (limits.ts); a benchmark gives one on its own clock. */
  rateLimiter?: RateLimiter;
  /** How often the cloud is asked for a newer client (domain/updates.ts: 6 hours by default). */
  updateCheckIntervalMs?: number;
}

export async function buildLocalApi(options: LocalApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
  const manager = staticFolder(options.managerDir ?? null);
  installGuards(app, options.allowedOrigins ?? [], {
    uiPath: (path) => isManagerPath(manager, path),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    anyHost: options.anyHost === true && Boolean(options.apiKey),
  });

  // JSON only; an empty body is an empty object (e.g. /api/v1/quit, /api/v1/group/list).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new LocalApiError(UNKNOWN_EXCEPTION, localApiMessages.invalidJson, 400), undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null))
      request.body = {};
  });

  if (options.echo || options.log) {
    app.addHook('onSend', async (request, reply, payload) => {
      // The OpenAPI document is too long to print; it holds no call.
      if (request.routeOptions.url === OPENAPI_PATH) return payload;
      const line = `${request.method} ${request.url} ${maskSecrets(request.body)} -> ${reply.statusCode} ${maskSecrets(
        (() => {
          try {
            return JSON.parse(String(payload));
          } catch {
            return String(payload);
          }
        })(),
      )}`;
      if (options.echo) printLine(line);
      options.log?.write(line);
      return payload;
    });
  }

  app.setErrorHandler((thrown, request, reply) => {
    const lang = callerLang(request);
    const error = thrown instanceof DomainError ? toLocalApiError(thrown) : thrown;
    if (error instanceof LocalApiError) {
      return reply
        .status(error.httpStatus)
        .headers(error.headers)
        .send(error.answer(lang, envelopeOf(request)));
    }
    const fastifyError = error as { code?: string; statusCode?: number };
    const known =
      fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? fail(UNKNOWN_EXCEPTION, localApiMessages.contentTypeJson, {}, 415)
        : fastifyError.statusCode === 413
          ? fail(UNKNOWN_EXCEPTION, localApiMessages.bodyTooLarge, {}, 413)
          : fastifyError.statusCode === 400
            ? fail(UNKNOWN_EXCEPTION, localApiMessages.invalidJson, {}, 400)
            : undefined;
    if (known) return reply.status(known.httpStatus).send(known.answer(lang, envelopeOf(request)));
    console.error(error);
    return reply
      .status(500)
      .send(
        fail(UNKNOWN_EXCEPTION, { en: 'Unknown exception', zh: '未知异常' }).answer(
          lang,
          envelopeOf(request),
        ),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    const failure = fail(
      UNKNOWN_EXCEPTION,
      localApiMessages.unknownCall,
      { method: request.method, url: request.url.split('?')[0] ?? '' },
      404,
    );
    return reply.status(404).send(failure.answer(callerLang(request), 'v1'));
  });

  const envs = environmentStore(options.store);
  // The proxy library (issue 27) keeps each start's exit for the environments list.
  const proxyRows = proxyStore(options.store);
  const runtime = keepingStartExits(options.runtime ?? missingRuntime, proxyRows);
  // Cloud sync (domain/sync.ts): changes go up soon after each call, the cloud's come down on
  // login and on the timer; a start takes the environment's run lease.
  const syncRows = syncStore(options.store);
  const scriptLibrary = library({
    cloud: options.cloud,
    auth: options.auth,
    dataDir: options.dataDir,
  });
  const sync = syncEngine({
    store: syncRows,
    profiles: profileTransfer({
      chunks: chunkClient({
        base: options.cloud.base,
        token: () => options.auth.current?.token ?? '',
        onAnswer: options.cloud.noteAnswer,
      }),
      dataDir: options.dataDir,
      travels: (id) => syncRows.profileTravels(id),
    }),
    envs,
    cloud: options.cloud,
    auth: options.auth,
    isRunning: (id) => runtime.running(id) !== undefined,
    log: (line) => {
      options.log?.write(line);
      if (options.echo) printLine(line);
    },
    ...(options.syncIntervalMs ? { intervalMs: options.syncIntervalMs } : {}),
    scriptUnverified: (id) => envs.runnableScript(id)?.verdict === 'unknown-version',
    refreshLibrary: async (login) => envs.recordLibrary(await scriptLibrary.scripts(login, 'en')),
  });
  app.addHook('onClose', async () => sync.stopped());
  // A login made without /login (the kept login or --account at start: cli.ts) syncs as /login
  // does: the first pull, the timer and the watch. (/login waits for a round of its own as well.)
  options.auth.onChange((login) => {
    if (login) void sync.started();
  });
  // Quit and shutdown push what waits before the lease goes (offline, it stays queued).
  options.auth.beforeLogout(() => sync.flush());
  // A login of another account: the leaving account's browsers end (their cookies and profiles
  // saved) and its changes go up under its own lease, before the new login replaces it.
  options.auth.beforeSwitch(async () => {
    await runtime.stopAll();
    await sync.flush();
  });
  app.addHook('onResponse', async (request) => {
    if (request.method === 'POST') sync.kick();
  });

  const bin = recycleBin({
    db: options.store,
    envs,
    rows: syncRows,
    trash: trashStore(options.store),
    dataDir: options.dataDir,
  });
  // What stayed in the bin past its time goes: now, then every hour the service runs.
  const sweepBin = () =>
    void bin.sweep().catch((error: unknown) => options.log?.write(`trash: ${String(error)}`));
  sweepBin();
  const sweeping = setInterval(sweepBin, 60 * 60 * 1000);
  sweeping.unref();
  app.addHook('onClose', async () => clearInterval(sweeping));

  // Whether a newer client is published: asked once the service listens (the start never waits
  // for the cloud), then now and then; the manager shows the answer.
  const updates = updateCheck({
    cloud: options.cloud,
    log: (line) => {
      options.log?.write(line);
      if (options.echo) printLine(line);
    },
    ...(options.updateCheckIntervalMs ? { intervalMs: options.updateCheckIntervalMs } : {}),
  });
  app.addHook('onListen', async () => updates.start());
  app.addHook('onClose', async () => updates.stop());

  const ctx: ServiceContext = {
    db: options.store,
    envs,
    sync,
    groups: groupStore(options.store),
    rows: syncRows,
    bin,
    auth: options.auth,
    cloud: options.cloud,
    library: scriptLibrary,
    runtime,
    rateLimiter: options.rateLimiter ?? rateLimiter(),
    dataDir: options.dataDir,
    cookieFiles: options.cookieFiles,
    proxyCheckTimeoutMs: options.proxyCheckTimeoutMs ?? PROXY_CHECK_TIMEOUT_MS,
    ipLookupUrl: options.ipLookupUrl,
    updates,
  };

  accountRoutes(app, ctx);
  serviceRoutes(app, ctx, options.onQuit ?? (() => {}));
  environmentRoutes(app, ctx);
  selfCheckRoutes(app, ctx);
  cookieRoutes(app, ctx);
  autoOpenRoutes(app, ctx);
  browserRoutes(app, ctx);
  scriptRoutes(app, ctx);
  groupRoutes(app, ctx);
  organizeRoutes(app, ctx);
  pluginRoutes(app, ctx);
  adsPowerRoutes(app, ctx);
  mcpRoutes(app, ctx);
  managerRoutes(app, ctx, manager, options.allowedOrigins?.[0], options.rememberLogin ?? false);
  proxyLibraryRoutes(app, ctx, proxyRows);

  // GET /openapi.json: the OpenAPI document of these calls, generated from the contract (no login;
  // the Host and Origin guards apply). Its server entry carries the port the service listens on.
  let openapi: { port: number; text: string } | undefined;
  app.get(OPENAPI_PATH, async (request, reply) => {
    const port = request.socket.localPort ?? 0;
    if (openapi?.port !== port) {
      const siteUrl = options.allowedOrigins?.[0];
      openapi = {
        port,
        text: JSON.stringify(buildOpenApi({ port, ...(siteUrl ? { siteUrl } : {}) })),
      };
    }
    return reply.type('application/json; charset=utf-8').send(openapi.text);
  });
  return app;
}
