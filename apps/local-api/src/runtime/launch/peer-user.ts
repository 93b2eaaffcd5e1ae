import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

/**
 * Who is on the other end of a loopback TCP connection. Loopback ports are open to every user of
 * the machine (a shared RDP or VPS server is how many teams work), so a per-environment proxy
 * forwarder would lend the user's paid, authenticated proxy to anyone on it. On Linux the kernel
 * lists each socket with its owner in /proc/net/tcp and tcp6: the connecting socket is the row
 * whose local end is our peer's address and whose remote end is ours.
 */

type ReadTable = (file: string) => string | undefined;

const readProc: ReadTable = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** One 32-bit word of a /proc/net address, in the kernel's (host) byte order, as hex. */
function word(bytes: number[]): string {
  const ordered = os.endianness() === 'LE' ? [...bytes].reverse() : bytes;
  return ordered
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** `ADDR:PORT` as /proc/net/tcp (IPv4) or tcp6 writes it; undefined for another family. */
export function procAddress(address: string, port: number, v6: boolean): string | undefined {
  const portHex = port.toString(16).padStart(4, '0').toUpperCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = net.isIPv4(address) ? address : mapped;
  if (!v6) {
    if (!v4) return undefined;
    return `${word(v4.split('.').map(Number))}:${portHex}`;
  }
  // IPv6 rows: four words; an IPv4 peer of a dual-stack socket shows as ::ffff:a.b.c.d.
  const bytes: number[] = [];
  if (v4) {
    bytes.push(...Array<number>(10).fill(0), 0xff, 0xff, ...v4.split('.').map(Number));
  } else if (net.isIPv6(address)) {
    const [head = '', tail = ''] = address.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = address.includes('::')
      ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t]
      : h;
    for (const group of groups) {
      const value = parseInt(group || '0', 16);
      bytes.push(value >> 8, value & 0xff);
    }
  } else {
    return undefined;
  }
  let hex = '';
  for (let i = 0; i < 16; i += 4) hex += word(bytes.slice(i, i + 4));
  return `${hex}:${portHex}`;
}

/**
 * The uid owning the far end of `socket` (a connection accepted on loopback), read from the
 * kernel's socket tables; undefined where there are none (not Linux) or the row is gone.
 */
export function peerUid(socket: net.Socket, read: ReadTable = readProc): number | undefined {
  const { remoteAddress, remotePort, localAddress, localPort } = socket;
  if (!remoteAddress || !remotePort || !localAddress || !localPort) return undefined;
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    const theirs = procAddress(remoteAddress, remotePort, v6);
    const ours = procAddress(localAddress, localPort, v6);
    if (!theirs || !ours) continue;
    for (const line of (read(file) ?? '').split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
      const fields = line.trim().split(/\s+/);
      if (fields[1] === theirs && fields[2] === ours) return Number(fields[7]);
    }
  }
  return undefined;
}

let procTables: boolean | undefined;

/** Whether socket tables exist here, so that a connection's owner can be checked. */
export function canCheckPeers(read: ReadTable = readProc): boolean {
  // The machine's own tables do not come and go: looked for once (each read costs the kernel
  // a walk of every socket, some milliseconds).
  if (read === readProc) {
    procTables ??= process.platform === 'linux' && read('/proc/net/tcp') !== undefined;
    return procTables;
  }
  return process.platform === 'linux' && read('/proc/net/tcp') !== undefined;
}

/** Each connection's answer, once: the DevTools proxy asks on connect and again per request. */
const checked = new WeakMap<net.Socket, boolean>();

/**
 * Whether a loopback connection comes from a process of the user this service runs as. Where the
 * kernel does not say (Windows, macOS: see docs/security.md), every local connection is let in.
 * On Linux an unknown owner is refused: the check fails closed.
 */
export function fromThisUser(socket: net.Socket, read: ReadTable = readProc): boolean {
  const uid = process.getuid?.();
  if (uid === undefined || !canCheckPeers(read)) return true;
  if (read !== readProc) return peerUid(socket, read) === uid;
  let mine = checked.get(socket);
  if (mine === undefined) {
    mine = peerUid(socket, read) === uid;
    checked.set(socket, mine);
  }
  return mine;
}
