/**
 * The environment manager (apps/manager), served by the service itself on its own port: the built
 * app's files (util/static-files.ts), index.html for the app's routes, a short page saying how to
 * build it when it is not built, and the three endpoints only the manager uses:
 *
 * - GET  /manager/state     the signed-in account (or null), the cloud site's address, and
 *                           whether a newer client is published (`update`);
 * - GET  /manager/events    server-sent events: the running environments, pushed when they change
 *                           (no polling of the rate-limited calls), and the update news with them;
 * - POST /manager/sign-out  ends the login (the spec has no logout call; browsers close, -17);
 * - POST /manager/proxy-check  checks a proxy (the form's "Check proxy") without saving anything.
 *
 * The guards of http/guard.ts apply to all of it (loopback Host, the service's own Origin).
 */
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  isAdsPowerCall,
  localApiMessages,
  localApiRoute,
  NO_PROXY,
  proxyFields,
  sessionId,
} from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import { environmentFolder, proxyEndpointOf } from '../../domain/environment.ts';
import { v1 } from '../../http/envelope.ts';
import { requireLogin } from '../../http/route.ts';
import { parseBody } from '../../http/validate.ts';
import { DomainError, ProxyCheckError } from '../../model/errors.ts';
import { hostSystem } from '../../runtime/fingerprint/host.ts';
import {
  checkFailedMessage,
  checkProxy,
  DEFAULT_IP_LOOKUP_URL,
  withReason,
} from '../../runtime/proxy/proxy-check.ts';
import type { StaticFolder } from '../../util/static-files.ts';
import { runningView } from '../v1/views.ts';

export const MANAGER_STATE_PATH = '/manager/state';
export const MANAGER_EVENTS_PATH = '/manager/events';
export const MANAGER_SIGN_OUT_PATH = '/manager/sign-out';
export const MANAGER_PROXY_CHECK_PATH = '/manager/proxy-check';

/** How often the running set is compared while a manager listens (in memory: no call is made). */
const WATCH_INTERVAL_MS = 500;
/** A comment line now and then keeps proxies and the browser from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Whether `path` could be a page of the manager: plain segments (no file name, no dots, nothing
 * encoded), not an API call (/api/…, the spec's and the AdsPower-compatible calls, the manager's
 * own endpoints). A mistyped address such as `/environments/` or `/envirnoments` is one: the
 * manager answers it (a redirect, or its own not-found screen), not the API's JSON.
 */
function isPagePath(path: string): boolean {
  if (!/^\/[A-Za-z0-9_\-/]*$/.test(path)) return false;
  const lower = path.toLowerCase();
  if (lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/manager/')) return false;
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return !localApiRoute(bare) && !isAdsPowerCall('GET', bare) && !isAdsPowerCall('POST', bare);
}

/** `/environments/` → `/environments` when that is a page of the app, else undefined. */
function withoutTrailingSlash(folder: StaticFolder, path: string): string | undefined {
  const bare = path.replace(/\/+$/, '');
  return bare !== path && bare && folder.routes().has(bare) ? bare : undefined;
}

/** Whether a GET of `path` is the manager's (the guard lets those through). */
export function isManagerPath(folder: StaticFolder, path: string): boolean {
  return (
    path === '/' ||
    path === MANAGER_STATE_PATH ||
    path === MANAGER_EVENTS_PATH ||
    folder.routes().has(path) ||
    folder.file(path) !== undefined ||
    // Once built, any other page address is the manager's to answer (its not-found screen).
    (folder.index() !== undefined && isPagePath(path))
  );
}

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Hainiao</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:.1rem .35rem;border-radius:4px}</style>
</head>
<body>
<h1>The environment manager is not built yet</h1>
<p>The local API is running. To get its screens, build them once in the project folder, then reload this page:</p>
<p><code>npm run build -w apps/manager</code></p>
<p>(<code>npm start</code> builds it for you.)</p>
<hr>
<h1 lang="zh-CN">环境管理器尚未构建</h1>
<p lang="zh-CN">本地 API 正在运行。请在项目目录中执行一次下面的命令来构建界面，然后刷新本页：</p>
<p><code>npm run build -w apps/manager</code></p>
<p lang="zh-CN">（使用 <code>npm start</code> 启动时会自动构建。）</p>
</body>
</html>
`;

export function managerRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  folder: StaticFolder,
  cloudUrl: string | undefined,
  rememberLogin = false,
): void {
  app.get(MANAGER_STATE_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return {
      account: ctx.auth.current?.account ?? null,
      cloud: cloudUrl ?? null,
      // A /login is kept for the next start of the service (--remember-login).
      rememberLogin,
      // The system new environments present by default; another shows some values in pages only
      // (PAGE_ONLY_VALUES), which the form says before the user saves.
      hostSystem: hostSystem(),
      // Changes not yet in the cloud, and since when this machine has all the cloud had.
      sync: ctx.sync.status(),
      // Copies pulled from the cloud that this machine refused, and why (issue 24).
      syncSkipped: ctx.sync.skipped().map(({ envId, owner, version, reason, at }) => ({
        envId,
        owner,
        version,
        reason,
        at,
      })),
      // Whether the cloud publishes a newer client, and where to download it (issue 31).
      update: ctx.updates.status(),
    };
  });

  app.post(MANAGER_SIGN_OUT_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // The lease is released and the account's browsers close (their status reads -17).
    if (ctx.auth.current) await ctx.auth.logout();
    return { account: null };
  });

  proxyCheckRoute(app, ctx);

  // --- The running environments, pushed -----------------------------------------------------
  const listeners = new Set<ServerResponse>();
  let last = '';
  let watch: NodeJS.Timeout | undefined;
  let keepAlive: NodeJS.Timeout | undefined;

  /**
   * The signed-in account's running environments as browser/status answers each one, and whether
   * a newer client is published: the check ends after the manager has loaded (it never delays the
   * start), so its answer reaches open managers here. Without its time, so that only news is sent.
   */
  const snapshot = (): string => {
    const account = ctx.auth.current?.account ?? null;
    const { current, latest, newer, downloadUrl } = ctx.updates.status();
    const update = { current, latest, newer, downloadUrl };
    if (!account) return JSON.stringify({ account, running: [], update });
    const ids = [...ctx.runtime.runningIds()].sort();
    const visible = ctx.envs.visibleMany(account, ids);
    const running = ids
      .filter((id) => visible.has(id))
      .map((id) => ({ Session_ID: id, ...runningView(ctx.runtime.running(id)) }));
    return JSON.stringify({ account, running, update });
  };
  const send = (listener: ServerResponse, data: string) =>
    listener.write(`event: running\ndata: ${data}\n\n`);
  const stopWatching = () => {
    clearInterval(watch);
    clearInterval(keepAlive);
    watch = keepAlive = undefined;
  };

  app.get(MANAGER_EVENTS_PATH, (request, reply) => {
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    stream.write('retry: 2000\n\n');
    // The newcomer gets the state now; the others hear of it at the next change as usual.
    const now = snapshot();
    if (!watch) last = now;
    send(stream, now);
    listeners.add(stream);
    request.raw.once('close', () => {
      listeners.delete(stream);
      if (listeners.size === 0) stopWatching();
    });
    watch ??= setInterval(() => {
      const now = snapshot();
      if (now === last) return;
      last = now;
      for (const listener of listeners) send(listener, now);
    }, WATCH_INTERVAL_MS);
    keepAlive ??= setInterval(() => {
      for (const listener of listeners) listener.write(': keep-alive\n\n');
    }, KEEP_ALIVE_MS);
  });

  // Open streams would hold the server's close: they end first.
  app.addHook('preClose', async () => {
    stopWatching();
    for (const listener of listeners) listener.end();
    listeners.clear();
  });

  // --- The app's files ----------------------------------------------------------------------
  const sendIndex = (reply: FastifyReply) => {
    const index = folder.index();
    if (!index)
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(NOT_BUILT);
    // index.html names the hashed assets of the current build: always asked again.
    return reply
      .type(index.type)
      .header('Cache-Control', 'no-cache')
      .send(fs.createReadStream(index.file));
  };

  app.get('/', async (_request, reply) => sendIndex(reply));
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const file = folder.file(path);
    if (file) {
      return reply
        .type(file.type)
        .header(
          'Cache-Control',
          file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .send(fs.createReadStream(file.file));
    }
    if (folder.routes().has(path)) return sendIndex(reply);
    const bare = withoutTrailingSlash(folder, path);
    if (bare) {
      const query = request.url.slice(path.length);
      return reply.redirect(bare + query, 308);
    }
    // The app shows its own not-found screen, in the reader's language.
    if (isPagePath(path) && folder.index()) return sendIndex(reply.code(404));
    return reply.callNotFound();
  });
}

// --- The form's "Check proxy" --------------------------------------------------------------

/**
 * The proxy fields of the create call (the contract's own pieces: same types, same limits), the
 * endpoint required. Session_ID, when the form edits one, lends its folder: an SSH proxy's pinned
 * host key is verified as the environment's start would (never written).
 */
const proxyCheckBody = z.strictObject({
  Proxy_Type: proxyFields.Proxy_Type.unwrap(),
  Proxy_Ip: proxyFields.Proxy_Ip.unwrap(),
  Proxy_Port: proxyFields.Proxy_Port.unwrap(),
  Proxy_Username: proxyFields.Proxy_Username,
  Proxy_Password: proxyFields.Proxy_Password,
  Session_ID: sessionId().optional(),
});

/** The fields as the body spells them, for the reasons of a refused proxy. */
const PROXY_FIELD_NAMES = {
  type: 'Proxy_Type',
  host: 'Proxy_Ip',
  port: 'Proxy_Port',
  username: 'Proxy_Username',
  password: 'Proxy_Password',
} as const;

/**
 * Runs the check that create and proxy/update run with Is_CheckProxy 1 (runtime/proxy/proxy-check.ts: a
 * real request through the proxy to the IP-lookup endpoint), on a proxy that is not saved anywhere:
 * the answer is the exit (Public_ip, CountryCode, TimeZone, LanguageCode), or -105 with curl's code
 * and name exactly as create answers it. domain/environment.ts verifyProxy does the same for a
 * stored environment but keeps the exit to itself, hence the direct call here.
 */
function proxyCheckRoute(app: FastifyInstance, ctx: ServiceContext): void {
  app.post(MANAGER_PROXY_CHECK_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const login = requireLogin(ctx.auth);
    // Proxy field violations answer -104, as on create.
    const body = parseBody(proxyCheckBody, request.body, { fieldCodes: true });
    const folder = body.Session_ID
      ? environmentFolder(
          ctx.dataDir,
          resolve(ctx.envs, login.account, body.Session_ID, 'read').record.id,
        )
      : undefined;
    if (body.Proxy_Type === NO_PROXY) {
      throw new DomainError(
        'PROXY_INVALID',
        withReason(localApiMessages.proxyFieldsInvalid, localApiMessages.proxyNothingToCheck),
      );
    }
    // The create call's rules of a proxy (host name, port, credentials of providers).
    const endpoint = proxyEndpointOf(
      {
        type: body.Proxy_Type,
        host: body.Proxy_Ip,
        port: body.Proxy_Port,
        username: body.Proxy_Username,
        password: body.Proxy_Password,
      },
      PROXY_FIELD_NAMES,
    );
    const result = await checkProxy(endpoint, ctx.proxyCheckTimeoutMs, {
      // The endpoint the service's other checks and starts use (adapters/v1/environment.ts).
      lookupUrl: ctx.ipLookupUrl ?? process.env.HAINIAO_IP_LOOKUP ?? DEFAULT_IP_LOOKUP_URL,
      ...(folder ? { hostKeyFile: path.join(folder, 'ssh_host_key') } : {}),
    });
    if (!result.ok) {
      throw new ProxyCheckError(
        checkFailedMessage(result.localized),
        {},
        result.curlCode,
        result.curlName,
      );
    }
    return v1(request, localApiMessages.proxyCheckPassed, {
      Public_ip: result.exit?.ip ?? '',
      CountryCode: result.exit?.country ?? '',
      TimeZone: result.exit?.timezone ?? '',
      LanguageCode: result.exit?.language ?? '',
    });
  });
}
