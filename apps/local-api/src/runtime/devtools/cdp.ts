/**
 * The service's own DevTools connection to a browser: `--remote-debugging-pipe` (file descriptors
 * 3 and 4, NUL-separated JSON). The pipe needs no port and no handshake, and a browser whose pipe
 * closes (the service was killed) shuts itself down, so a dead service leaves no browser behind.
 * The user's Puppeteer, Playwright or Selenium talk to the service's DevTools proxy, which carries
 * their sessions over the same pipe (devtools-proxy.ts).
 */
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';

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

/** A message as it crosses the pipe, either way. */
export interface RawMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { code?: number; message: string };
}

interface Pending {
  method: string;
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

export class PipeConnection extends EventEmitter {
  #nextId = 0;
  #pending = new Map<number, Pending>();
  #buffer = '';
  #closed = false;
  #tap: ((message: RawMessage) => boolean) | undefined;

  constructor(
    private readonly output: Writable,
    input: Readable,
  ) {
    super();
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => this.#receive(chunk));
    const close = () => this.#close();
    input.on('close', close);
    input.on('error', close);
    output.on('error', close);
  }

  get closed(): boolean {
    return this.#closed;
  }

  #receive(chunk: string): void {
    this.#buffer += chunk;
    let end: number;
    while ((end = this.#buffer.indexOf('\0')) >= 0) {
      const text = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 1);
      let message: RawMessage;
      try {
        message = JSON.parse(text) as RawMessage;
      } catch {
        continue;
      }
      if (this.#tap?.(message)) continue;
      if (message.id !== undefined) {
        const pending = this.#pending.get(message.id);
        if (!pending) continue;
        this.#pending.delete(message.id);
        if (message.error) pending.reject(new CdpError(pending.method, message.error.message));
        else pending.resolve(message.result ?? {});
      } else if (message.method) {
        this.emit('event', {
          method: message.method,
          params: message.params ?? {},
          sessionId: message.sessionId,
        } satisfies CdpEvent);
      }
    }
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const pending of this.#pending.values()) {
      pending.reject(new CdpError(pending.method, 'the browser connection closed'));
    }
    this.#pending.clear();
    this.emit('close');
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    if (this.#closed) {
      return Promise.reject(new CdpError(method, 'the browser connection closed'));
    }
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, {
        method,
        resolve: resolve as (value: Record<string, unknown>) => void,
        reject,
      });
      this.output.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /**
   * Shares the pipe with the DevTools proxy (devtools-proxy.ts): `tap` sees every message first
   * and keeps those that are its own (its ids, its sessions); `post` writes a message as is.
   */
  share(tap: (message: RawMessage) => boolean): (message: RawMessage) => boolean {
    this.#tap = tap;
    return (message) => {
      if (this.#closed) return false;
      this.output.write(`${JSON.stringify(message)}\0`);
      return true;
    };
  }

  /** A command whose failure does not matter (a target that went away, an unsupported call). */
  quiet(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<void> {
    return this.send(method, params, sessionId).then(
      () => undefined,
      () => undefined,
    );
  }

  close(): void {
    this.output.destroy();
    this.#close();
  }
}
