/**
 * The service's one DevTools (CDP) client, over two transports (as Puppeteer's one connection over
 * pluggable transports):
 * - the pipe (`--remote-debugging-pipe`, file descriptors 3 and 4, NUL-separated JSON): the
 *   service's own connection to every browser it starts. It needs no port and no handshake, and a
 *   browser whose pipe closes (the service was killed) shuts itself down, so a dead service leaves
 *   no browser behind. The user's Puppeteer, Playwright or Selenium talk to the service's DevTools
 *   proxy, which carries their sessions over the same pipe (devtools-proxy.ts).
 * - a WebSocket to an environment's DevTools endpoint: what the MCP tools (adapters/mcp/mcp-page.ts)
 *   and the self-check (runtime/self-check) use, like any client of the endpoint.
 */
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { WebSocket } from 'ws';

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

export class CdpError extends Error {
  constructor(
    readonly method: string,
    message: string,
  ) {
    super(`${method}: ${message}`);
  }
}

/** A message as it crosses the connection, either way. */
export interface RawMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { code?: number; message: string };
}

/** How messages travel: one JSON text each way. */
export interface CdpTransport {
  /** Writes one message; false when the transport is closed. */
  write(text: string): boolean;
  /** Delivers each message's text, and one call of `onClose` when the transport closes. */
  start(onMessage: (text: string) => void, onClose: () => void): void;
  /** Closes the transport; resolves once it is closed. */
  close(): Promise<void>;
}

/** The browser's debugging pipe: messages end with a NUL byte. */
export function pipeTransport(output: Writable, input: Readable): CdpTransport {
  let open = true;
  return {
    write(text) {
      if (!open) return false;
      output.write(`${text}\0`);
      return true;
    },
    start(onMessage, onClose) {
      let buffer = '';
      input.setEncoding('utf8');
      input.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\0')) >= 0) {
          const text = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          onMessage(text);
        }
      });
      const close = () => {
        open = false;
        onClose();
      };
      input.on('close', close);
      input.on('error', close);
      output.on('error', close);
    },
    close() {
      open = false;
      output.destroy();
      return Promise.resolve();
    },
  };
}

/** How long a closing WebSocket may take before it is cut. */
const WEB_SOCKET_CLOSE_MS = 5_000;

/** A WebSocket to a DevTools endpoint (`ws://127.0.0.1:<port>/devtools/...`), once it is open. */
export function webSocketTransport(
  url: string,
  options: { maxPayload: number; handshakeTimeoutMs: number },
): Promise<CdpTransport> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      maxPayload: options.maxPayload,
      perMessageDeflate: false,
      handshakeTimeout: options.handshakeTimeoutMs,
    });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.off('error', reject);
      // 'close' follows an error and fails what is pending.
      socket.on('error', () => undefined);
      resolve({
        write(text) {
          if (socket.readyState !== WebSocket.OPEN) return false;
          socket.send(text);
          return true;
        },
        start(onMessage, onClose) {
          socket.on('message', (data) => onMessage(String(data)));
          socket.on('close', onClose);
        },
        close() {
          if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
          return new Promise((done) => {
            const timer = setTimeout(() => {
              socket.terminate();
              done();
            }, WEB_SOCKET_CLOSE_MS);
            socket.once('close', () => {
              clearTimeout(timer);
              done();
            });
            socket.close();
          });
        },
      });
    });
  });
}

interface Pending {
  method: string;
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

export interface CdpConnectionOptions {
  /** A command without an answer in this time fails (none: it waits as long as the browser). */
  commandTimeoutMs?: number;
}

/**
 * Commands with their answers by id, events to listeners (`'event'`, a CdpEvent), `'close'` once
 * the transport closes; every command still waiting then fails.
 */
export class CdpConnection extends EventEmitter {
  #nextId = 0;
  #pending = new Map<number, Pending>();
  #closed = false;
  #tap: ((message: RawMessage) => boolean) | undefined;
  readonly #commandTimeoutMs: number | undefined;

  constructor(
    private readonly transport: CdpTransport,
    options: CdpConnectionOptions = {},
  ) {
    super();
    this.#commandTimeoutMs = options.commandTimeoutMs;
    transport.start(
      (text) => this.#receive(text),
      () => this.#close(),
    );
  }

  /** The service's connection to a browser it started (its debugging pipe). */
  static overPipe(output: Writable, input: Readable): CdpConnection {
    return new CdpConnection(pipeTransport(output, input));
  }

  /** A client of a DevTools endpoint; its commands time out. */
  static async overWebSocket(
    url: string,
    options: { maxPayload: number; commandTimeoutMs: number },
  ): Promise<CdpConnection> {
    const transport = await webSocketTransport(url, {
      maxPayload: options.maxPayload,
      handshakeTimeoutMs: options.commandTimeoutMs,
    });
    return new CdpConnection(transport, { commandTimeoutMs: options.commandTimeoutMs });
  }

  get closed(): boolean {
    return this.#closed;
  }

  #receive(text: string): void {
    let message: RawMessage;
    try {
      message = JSON.parse(text) as RawMessage;
    } catch {
      return;
    }
    if (this.#tap?.(message)) return;
    if (message.id !== undefined) {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error) pending.reject(new CdpError(pending.method, message.error.message));
      else pending.resolve(message.result ?? {});
    } else if (message.method) {
      this.emit('event', {
        method: message.method,
        params: message.params ?? {},
        ...(message.sessionId ? { sessionId: message.sessionId } : {}),
      } satisfies CdpEvent);
    }
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const pending of this.#pending.values()) {
      pending.reject(new CdpError(pending.method, 'the DevTools connection closed'));
    }
    this.#pending.clear();
    this.emit('close');
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
    timeoutMs = this.#commandTimeoutMs,
  ): Promise<T> {
    if (this.#closed) {
      return Promise.reject(new CdpError(method, 'the DevTools connection closed'));
    }
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.#pending.delete(id);
              reject(new CdpError(method, `no answer within ${Math.round(timeoutMs / 1000)} s`));
            }, timeoutMs);
      this.#pending.set(id, {
        method,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      if (!this.transport.write(JSON.stringify({ id, method, params, sessionId }))) {
        this.#pending.delete(id);
        clearTimeout(timer);
        reject(new CdpError(method, 'the DevTools connection closed'));
      }
    });
  }

  /** A command whose failure does not matter (a target that went away, an unsupported call). */
  quiet(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<void> {
    return this.send(method, params, sessionId).then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Resolves true at the first event of `methods` that `accept` takes, false after `timeoutMs` or
   * once cancelled.
   */
  waitFor(
    methods: readonly string[],
    timeoutMs: number,
    accept: (params: Record<string, unknown>) => boolean = () => true,
  ): { done: Promise<boolean>; cancel(): void } {
    let cancel = () => {};
    const done = new Promise<boolean>((resolve) => {
      const listener = (event: CdpEvent) => {
        if (methods.includes(event.method) && accept(event.params)) finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (value: boolean) => {
        clearTimeout(timer);
        this.off('event', listener);
        resolve(value);
      };
      cancel = () => finish(false);
      this.on('event', listener);
    });
    return { done, cancel };
  }

  /**
   * Shares the connection with the DevTools proxy (devtools-proxy.ts): `tap` sees every message
   * first and keeps those that are its own (its ids, its sessions); `post` writes a message as is.
   */
  share(tap: (message: RawMessage) => boolean): (message: RawMessage) => boolean {
    this.#tap = tap;
    return (message) => !this.#closed && this.transport.write(JSON.stringify(message));
  }

  /** Closes the transport; what is still waiting fails. */
  async close(): Promise<void> {
    await this.transport.close();
    this.#close();
  }
}
