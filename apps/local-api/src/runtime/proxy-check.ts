/**
 * The proxy check of create and proxy/update (Automatic_Configure 1 or Is_CheckProxy 1): the proxy
 * must accept a connection within the time limit and, for SOCKS5, complete its greeting and
 * user/password authentication. Failures carry libcurl's code (DESIGN: "Proxy checks answer with
 * the curl code table"). Finding the exit IP and its time zone belongs to the browser runtime.
 */
import net from 'node:net';
import { CurlCodes } from '@hainiao/contract';

export const PROXY_CHECK_TIMEOUT_MS = 10_000;

export interface ProxyTarget {
  type: string;
  host: string;
  port: number;
  username?: string;
  password?: string;
}

export type ProxyCheck =
  { ok: true } | { ok: false; curlCode: number; curlName: string; reason: string };

const C = CurlCodes.code;

function failed(curlCode: number, reason: string): ProxyCheck {
  return { ok: false, curlCode, curlName: CurlCodes.get(curlCode)?.name ?? '', reason };
}

/** Reads exactly `size` bytes or fails. */
function reader(socket: net.Socket) {
  let buffer = Buffer.alloc(0);
  const waiting: { size: number; resolve: (b: Buffer) => void; reject: (e: Error) => void }[] = [];
  const flush = () => {
    while (waiting[0] && buffer.length >= waiting[0].size) {
      const next = waiting.shift()!;
      next.resolve(buffer.subarray(0, next.size));
      buffer = buffer.subarray(next.size);
    }
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    flush();
  });
  const fail = (error: Error) => {
    for (const w of waiting.splice(0)) w.reject(error);
  };
  socket.on('close', () => fail(new Error('connection closed by the proxy')));
  socket.on('error', fail);
  return (size: number) =>
    new Promise<Buffer>((resolve, reject) => {
      waiting.push({ size, resolve, reject });
      flush();
    });
}

async function socks5Handshake(socket: net.Socket, target: ProxyTarget): Promise<ProxyCheck> {
  const read = reader(socket);
  const withAuth = Boolean(target.username);
  socket.write(Buffer.from(withAuth ? [5, 2, 0, 2] : [5, 1, 0]));
  const [version, method] = await read(2);
  if (version !== 5) return failed(C.CURLE_PROXY, 'not a SOCKS5 proxy');
  if (method === 0xff) return failed(C.CURLE_PROXY, 'the proxy accepts none of our methods');
  if (method === 2) {
    if (!withAuth) return failed(C.CURLE_PROXY, 'the proxy requires a user name and password');
    const user = Buffer.from(target.username ?? '');
    const pass = Buffer.from(target.password ?? '');
    socket.write(
      Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]),
    );
    const [, status] = await read(2);
    if (status !== 0) return failed(C.CURLE_PROXY, 'the proxy refused the user name or password');
  } else if (method !== 0) {
    return failed(C.CURLE_PROXY, `the proxy chose an unknown method ${method}`);
  }
  return { ok: true };
}

export async function checkProxy(
  target: ProxyTarget,
  timeoutMs = PROXY_CHECK_TIMEOUT_MS,
): Promise<ProxyCheck> {
  const socket = net.connect({ host: target.host, port: target.port });
  const deadline = new Promise<ProxyCheck>((resolve) => {
    const timer = setTimeout(
      () => resolve(failed(C.CURLE_OPERATION_TIMEDOUT, `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once('close', () => clearTimeout(timer));
  });
  const check = (async (): Promise<ProxyCheck> => {
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        return failed(C.CURLE_COULDNT_RESOLVE_PROXY, `cannot resolve ${target.host}`);
      }
      return failed(
        C.CURLE_COULDNT_CONNECT,
        `cannot connect to ${target.host}:${target.port} (${code})`,
      );
    }
    if (target.type === 'SOCKS5') {
      try {
        return await socks5Handshake(socket, target);
      } catch (error) {
        return failed(C.CURLE_PROXY, (error as Error).message);
      }
    }
    return { ok: true };
  })();
  try {
    return await Promise.race([check, deadline]);
  } finally {
    socket.destroy();
  }
}
