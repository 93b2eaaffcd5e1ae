/**
 * Loopback sockets as tests see them: whether a port listens, and a raw request made by another
 * user of the machine (`nobody`, which a test run as root can become) — the caller the service's
 * forwarders and DevTools endpoint must refuse (runtime/launch/peer-user.ts).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';

export const NOBODY = 65534;
export const isRoot = process.getuid?.() === 0;

/** Whether something accepts connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Sends `request` (raw bytes, e.g. an HTTP request) to 127.0.0.1:port from a child process run
 * as `uid` (this process's user when undefined); resolves with what came back, or 'CLOSED' when
 * the connection was closed without a byte.
 */
export function requestAs(uid: number | undefined, port: number, request: string): Promise<string> {
  const script = `
    const socket = require('node:net').connect(${port}, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => {});
    socket.on('close', () => process.stdout.write(answer || 'CLOSED'));
    socket.write(${JSON.stringify(request)});`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: '/',
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}
