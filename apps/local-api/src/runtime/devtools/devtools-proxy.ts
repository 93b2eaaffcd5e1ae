/**
 * The DevTools endpoint handed out as `browser_CDP_Port` (and `ws.puppeteer`). Chromium opens no
 * port of its own: it speaks only over the service's pipe (cdp.ts), and this server on
 * 127.0.0.1 carries the user's Puppeteer, Playwright or Selenium over that pipe. Chromium's own
 * port has no authentication and is open to every user of the machine; this one lets in only the
 * user the service runs as (peer-user.ts), a loopback `Host` (DNS rebinding) and no browser
 * `Origin` (a web page), as Chromium itself refuses by default.
 *
 * Each WebSocket client gets its own browser session (`Target.attachToBrowserTarget`, flat
 * sessions): target discovery and auto-attach are per session in Chromium, so clients do not see
 * each other's sessions, nor the service's. Their command ids are renumbered on the pipe and
 * every answer and event goes back to the client that owns its session.
 *
 * The HTTP side answers what clients read before they connect, as Chromium does:
 * `/json/version`, `/json/list` (`/json`), `PUT /json/new?url`, `/json/activate/<id>`,
 * `/json/close/<id>`; WebSockets at `/devtools/browser/<id>` and `/devtools/page/<targetId>`.
 */
import http from 'node:http';
import type net from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { CdpConnection, RawMessage } from './cdp.ts';
import { createTraceless, type Traceless } from './devtools-traceless.ts';
import { fromThisUser } from '../launch/peer-user.ts';

export interface DevToolsProxy {
  readonly port: number;
  close(): Promise<void>;
}

export interface DevToolsProxyOptions {
  /** The port to listen on (the caller's own `--remote-debugging-port=N`); 0 picks a free one. */
  port?: number;
  /** Runs before a client's Browser.close is passed on (the service saves the cookies). */
  beforeClose?: (() => Promise<void>) | undefined;
  /**
   * Hand out the protocol unchanged (the start option Raw_DevTools). By default the automation
   * traces are taken off the wire (devtools-traceless.ts).
   */
  raw?: boolean;
  /**
   * Sent on each page and iframe session a client attaches (auto-attach or attachToTarget),
   * before the client hears of it, so before it can let a waiting target run. The user agent
   * override is one: Blink keeps one navigator.platform per page, and a new client's session
   * without an override of its own resets it to the machine's (measured on Chromium 156 with stock
   * Puppeteer), so that a page's values would change with who is attached.
   */
  pageSessionSetup?: readonly { method: string; params: Record<string, unknown> }[];
}

/** Proxy ids on the pipe start here; the service's own commands count up from 1. */
const FIRST_ID = 1_000_000_000;
/** CDP answers carry screenshots and whole documents. */
const MAX_MESSAGE = 256 * 1024 * 1024;

interface Client {
  socket: WebSocket;
  /** The session a message without `sessionId` goes to: the browser's, or the page's. */
  root: string;
  /** Every session this client may address and hears from (root and what it attached). */
  sessions: Set<string>;
  /** For a page client: the browser session it was attached through (events not forwarded). */
  via?: string;
}

interface Waiting {
  resolve(message: RawMessage): void;
}

interface Forwarded {
  client: Client;
  id: number;
  /** The client's own sessionId on the command (echoed on the answer). */
  sessionId?: string;
  onResult?: ((result: Record<string, unknown>) => void) | undefined;
}

const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

export async function serveDevTools(
  pipe: CdpConnection,
  options: DevToolsProxyOptions = {},
): Promise<DevToolsProxy> {
  let nextId = FIRST_ID;
  const waiting = new Map<number, Waiting>();
  const forwarded = new Map<number, Forwarded>();
  const owners = new Map<string, Client>();
  const clients = new Set<Client>();

  const post = pipe.share((message) => {
    if (message.id !== undefined) {
      const internal = waiting.get(message.id);
      if (internal) {
        waiting.delete(message.id);
        internal.resolve(message);
        return true;
      }
      const command = forwarded.get(message.id);
      if (!command) return false;
      forwarded.delete(message.id);
      answer(command, message);
      return true;
    }
    const owner = message.sessionId === undefined ? undefined : owners.get(message.sessionId);
    if (!owner) return false;
    traceless?.event(message.sessionId!, message.method ?? '', message.params ?? {});
    event(owner, message);
    return true;
  });

  const traceless: Traceless | undefined = options.raw
    ? undefined
    : createTraceless({
        call,
        emit: (sessionId, method, params) => {
          const owner = owners.get(sessionId);
          if (owner) event(owner, { method, params, sessionId });
        },
      });

  /** A command of the proxy's own; the answer's error, if any, is thrown. */
  function call(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<Record<string, unknown>> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, {
        resolve: (message) =>
          message.error
            ? reject(new Error(`${method}: ${message.error.message}`))
            : resolve(message.result ?? {}),
      });
      if (!post({ id, method, params, sessionId })) {
        waiting.delete(id);
        reject(new Error(`${method}: the browser connection closed`));
      }
    });
  }

  function own(client: Client, sessionId: string): void {
    client.sessions.add(sessionId);
    owners.set(sessionId, client);
  }

  function disown(client: Client, sessionId: string): void {
    client.sessions.delete(sessionId);
    if (owners.get(sessionId) === client) owners.delete(sessionId);
  }

  function send(client: Client, message: RawMessage): void {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  }

  function answer(command: Forwarded, message: RawMessage): void {
    const attached = message.result?.sessionId;
    if (typeof attached === 'string') own(command.client, attached);
    if (message.result && !message.error) command.onResult?.(message.result);
    const { id: _id, sessionId: _session, ...rest } = message;
    send(command.client, {
      id: command.id,
      ...rest,
      ...(command.sessionId === undefined ? {} : { sessionId: command.sessionId }),
    });
  }

  function event(client: Client, message: RawMessage): void {
    const params = message.params ?? {};
    const child = typeof params.sessionId === 'string' ? params.sessionId : undefined;
    if (message.method === 'Target.attachedToTarget' && child) {
      own(client, child);
      const type = (params.targetInfo as { type?: string } | undefined)?.type;
      // Sent now, ahead of anything the client can send on it (the pipe keeps the order).
      if (type === 'page' || type === 'iframe') {
        for (const { method, params: setup } of options.pageSessionSetup ?? []) {
          call(method, setup, child).catch(() => undefined);
        }
      }
    }
    if (message.sessionId === client.via) {
      // A page client hears nothing of the browser session it came through, but its page going.
      if (message.method === 'Target.detachedFromTarget' && child === client.root) {
        client.socket.close(1000, 'target closed');
      }
      return;
    }
    if (message.method === 'Target.detachedFromTarget' && child) disown(client, child);
    const { sessionId, ...rest } = message;
    send(client, sessionId === client.root ? rest : message);
  }

  function receive(client: Client, data: RawData): void {
    let message: RawMessage;
    try {
      message = JSON.parse(rawText(data)) as RawMessage;
    } catch {
      return;
    }
    if (typeof message.id !== 'number' || typeof message.method !== 'string') return;
    const session = message.sessionId ?? client.root;
    if (!client.sessions.has(session) || session === client.via) {
      send(client, {
        id: message.id,
        error: { code: -32001, message: 'Session with given id not found.' },
        ...(message.sessionId === undefined ? {} : { sessionId: message.sessionId }),
      });
      return;
    }
    const plan = traceless?.command(session, message.method, message.params ?? {}) ?? {
      params: message.params ?? {},
    };
    if ('answer' in plan) {
      send(client, {
        id: message.id,
        result: plan.answer,
        ...(message.sessionId === undefined ? {} : { sessionId: message.sessionId }),
      });
      return;
    }
    const id = nextId++;
    forwarded.set(id, {
      client,
      id: message.id,
      sessionId: message.sessionId,
      onResult: plan.onResult,
    });
    const pass = () => {
      if (!post({ id, method: message.method!, params: plan.params, sessionId: session })) {
        forwarded.delete(id);
        client.socket.close(1011, 'browser closed');
      }
    };
    if (message.method === 'Browser.close' && options.beforeClose) {
      void options
        .beforeClose()
        .catch(() => undefined)
        .finally(pass);
    } else {
      pass();
    }
  }

  function drop(client: Client): void {
    if (!clients.delete(client)) return;
    for (const [id, command] of forwarded) if (command.client === client) forwarded.delete(id);
    const top = client.via ?? client.root;
    for (const session of client.sessions) {
      disown(client, session);
      traceless?.forget(session);
    }
    // Detaching the client's top session ends the sessions it opened through it.
    call('Target.detachFromTarget', { sessionId: top }).catch(() => undefined);
  }

  /**
   * What never changes while the browser runs, asked once as the proxy starts: a client's first
   * `/json/version` is then answered at once, not behind the tabs the start opens meanwhile.
   * A failed ask is asked again next time.
   */
  const once = <T>(ask: () => Promise<T>) => {
    let asked: Promise<T> | undefined;
    const get = () => {
      asked ??= ask();
      asked.catch(() => (asked = undefined));
      return asked;
    };
    void get();
    return get;
  };
  const browserVersion = once(() => call('Browser.getVersion') as Promise<Record<string, string>>);
  const browserTargetId = once(async () => {
    const { targetInfo } = (await call('Target.getTargetInfo')) as {
      targetInfo: { targetId: string };
    };
    return targetInfo.targetId;
  });

  async function describeTargets(host: string): Promise<object[]> {
    const { targetInfos } = (await call('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; title: string; url: string }[];
    };
    return targetInfos
      .filter((t) => t.type !== 'browser' && t.type !== 'tab')
      .map((t) => describe(t, host));
  }

  function describe(
    t: { targetId: string; type: string; title: string; url: string },
    host: string,
  ): object {
    return {
      description: '',
      devtoolsFrontendUrl: `/devtools/inspector.html?ws=${host}/devtools/page/${t.targetId}`,
      id: t.targetId,
      title: t.title,
      type: t.type,
      url: t.url,
      webSocketDebuggerUrl: `ws://${host}/devtools/page/${t.targetId}`,
    };
  }

  async function json(request: http.IncomingMessage): Promise<[number, unknown]> {
    const host = request.headers.host ?? '';
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, , command = '', id = ''] = url.pathname.replace(/\/$/, '').split('/');
    if (url.pathname === '/json/version' || url.pathname === '/json/version/') {
      const version = await browserVersion();
      return [
        200,
        {
          Browser: version.product,
          'Protocol-Version': version.protocolVersion,
          'User-Agent': version.userAgent,
          'V8-Version': version.jsVersion,
          // Chromium's own form; ChromeDriver parses it ("537.36 (@<revision>)").
          'WebKit-Version': `537.36 (${version.revision})`,
          webSocketDebuggerUrl: `ws://${host}/devtools/browser/${await browserTargetId()}`,
        },
      ];
    }
    if (command === '' || command === 'list') return [200, await describeTargets(host)];
    if (command === 'new') {
      if (request.method !== 'PUT') {
        return [
          405,
          'Using unsafe HTTP verb GET to invoke /json/new. This action supports only PUT verb.',
        ];
      }
      const target = url.search.slice(1);
      const { targetId } = (await call('Target.createTarget', {
        url: target ? decodeURIComponent(target) : 'about:blank',
      })) as { targetId: string };
      const { targetInfo } = (await call('Target.getTargetInfo', { targetId })) as {
        targetInfo: { targetId: string; type: string; title: string; url: string };
      };
      return [200, describe(targetInfo, host)];
    }
    if (command === 'activate' || command === 'close') {
      try {
        await call(command === 'activate' ? 'Target.activateTarget' : 'Target.closeTarget', {
          targetId: id,
        });
      } catch {
        return [404, `No such target id: ${id}`];
      }
      return [200, command === 'activate' ? 'Target activated' : 'Target is closing'];
    }
    return [404, `Unknown command: ${command}`];
  }

  /** Chromium's own rules for who may talk to DevTools, plus the machine user's. */
  function refused(request: http.IncomingMessage): string | undefined {
    if (!fromThisUser(request.socket)) return 'Forbidden';
    if (!LOOPBACK_HOST.test(request.headers.host ?? '')) {
      return 'Host header is specified and is not an IP address or localhost.';
    }
    if (request.headers.origin !== undefined) return 'Rejected an incoming request with an Origin.';
    return undefined;
  }

  const server = http.createServer((request, response) => {
    const reason = refused(request);
    const reply = (status: number, body: unknown) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
      response.writeHead(status, {
        'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json; charset=UTF-8',
      });
      response.end(text);
    };
    if (reason) return reply(403, reason);
    if (!(request.url ?? '').startsWith('/json')) return reply(404, 'Not found');
    json(request).then(
      ([status, body]) => reply(status, body),
      (error: Error) => reply(500, error.message),
    );
  });
  // Another user's connection is dropped before a byte is read (peer-user.ts).
  server.prependListener('connection', (socket: net.Socket) => {
    if (!fromThisUser(socket)) socket.destroy();
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const fail = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n\r\n${text}`);
    };
    const reason = refused(request);
    if (reason) return fail(403, reason);
    const [, , kind, id = ''] = new URL(request.url ?? '/', 'http://localhost').pathname.split('/');
    void (async () => {
      let client: Omit<Client, 'socket'>;
      try {
        const { sessionId: browserSession } = (await call('Target.attachToBrowserTarget')) as {
          sessionId: string;
        };
        if (kind === 'browser' && id === (await browserTargetId())) {
          client = { root: browserSession, sessions: new Set([browserSession]) };
        } else if (kind === 'page') {
          const { sessionId } = (await call(
            'Target.attachToTarget',
            { targetId: id, flatten: true },
            browserSession,
          ).catch(async (error: Error) => {
            await call('Target.detachFromTarget', { sessionId: browserSession }).catch(() => 0);
            throw error;
          })) as { sessionId: string };
          client = {
            root: sessionId,
            via: browserSession,
            sessions: new Set([browserSession, sessionId]),
          };
        } else {
          await call('Target.detachFromTarget', { sessionId: browserSession }).catch(() => 0);
          return fail(404, 'Not found');
        }
      } catch {
        return fail(404, `No such target id: ${id}`);
      }
      if (socket.destroyed) {
        await call('Target.detachFromTarget', { sessionId: client.via ?? client.root }).catch(
          () => 0,
        );
        return;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const connected: Client = { ...client, socket: ws };
        clients.add(connected);
        for (const session of connected.sessions) owners.set(session, connected);
        ws.on('message', (data) => receive(connected, data));
        ws.on('close', () => drop(connected));
        ws.on('error', () => ws.terminate());
      });
    })();
  });

  let closing: Promise<void> | undefined;
  const shutdown = () =>
    (closing ??= new Promise<void>((resolve) => {
      for (const client of clients) client.socket.terminate();
      sockets.close();
      server.close(() => resolve());
      server.closeAllConnections();
    }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A browser that goes takes its endpoint along: no port is left listening.
  if (pipe.closed) await shutdown();
  else pipe.once('close', () => void shutdown());
  return {
    port: (server.address() as net.AddressInfo | null)?.port ?? 0,
    close: shutdown,
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
