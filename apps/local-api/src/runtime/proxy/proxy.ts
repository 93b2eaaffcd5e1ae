/**
 * Proxies of environments. Chromium never sees a proxy credential: each running environment gets a
 * forwarder on 127.0.0.1 (proxy-chain) that Chromium uses as a plain HTTP proxy and that carries
 * the credentials to the real upstream — HTTP, HTTPS (TLS to the proxy), SOCKS4, SOCKS4A, SOCKS5,
 * or SSH (a local SOCKS5 endpoint backed by an ssh2 tunnel). The provider types (Oxylabsauto,
 * Lumauto, Luminati_HTTP/HTTPS, smartproxy) are their providers' HTTP(S) gateways with the user
 * name written in the provider's targeting format.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { RequestError, Server as ProxyServer } from 'proxy-chain';
import ssh2 from 'ssh2';
import { format, localApiMessages, NO_PROXY, type Localized } from '@hainiao/contract';
import { fromThisUser } from '../launch/peer-user.ts';

// ssh2 is CommonJS: Node's ESM loader sees only its default export.
const { Client: SshClient } = ssh2;
type SshClient = InstanceType<typeof ssh2.Client>;

export interface ProxySpec {
  type: string;
  host: string;
  port: number;
  username: string;
  password: string;
  /** Targeting for the provider types. */
  country?: string;
  city?: string;
  region?: string;
  /** A stable per-environment value: the provider session (sticky exit IP) id. */
  sessionKey?: string;
}

export const usesProxy = (type: string) => Boolean(type) && type !== NO_PROXY;

const stickyId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 10);

/** The user name a provider gateway expects, with the environment's country/city/session. */
export function providerUsername(spec: ProxySpec): string {
  const user = spec.username;
  const cc = spec.country?.toLowerCase();
  const session = spec.sessionKey ? stickyId(spec.sessionKey) : undefined;
  const parts: string[] = [];
  switch (spec.type) {
    case 'Oxylabsauto': {
      // Oxylabs residential: customer-USER-cc-US-city-london-st-us_new_york-sessid-abc
      parts.push(user.startsWith('customer-') ? user : `customer-${user}`);
      if (cc && !/-cc-/.test(user)) parts.push(`cc-${cc.toUpperCase()}`);
      if (spec.city && !/-city-/.test(user)) parts.push(`city-${spec.city.toLowerCase()}`);
      if (spec.region && !/-st-/.test(user)) parts.push(`st-${spec.region.toLowerCase()}`);
      if (session && !/-sessid-/.test(user)) parts.push(`sessid-${session}`);
      return parts.join('-');
    }
    case 'Lumauto':
    case 'Luminati_HTTP':
    case 'Luminati_HTTPS': {
      // Bright Data (Luminati): brd-customer-ID-zone-ZONE-country-us-city-x-state-y-session-abc
      parts.push(/^(brd|lum)-customer-/.test(user) ? user : `brd-customer-${user}`);
      if (cc && !/-country-/.test(user)) parts.push(`country-${cc}`);
      if (spec.city && !/-city-/.test(user)) parts.push(`city-${spec.city.toLowerCase()}`);
      if (spec.region && !/-state-/.test(user)) parts.push(`state-${spec.region.toLowerCase()}`);
      if (session && !/-session-/.test(user)) parts.push(`session-${session}`);
      return parts.join('-');
    }
    case 'smartproxy': {
      // Smartproxy (Decodo): user-USER-country-us-city-x-state-y-session-abc-sessionduration-30
      parts.push(user.startsWith('user-') ? user : `user-${user}`);
      if (cc && !/-country-/.test(user)) parts.push(`country-${cc}`);
      if (spec.city && !/-city-/.test(user)) parts.push(`city-${spec.city.toLowerCase()}`);
      if (spec.region && !/-state-/.test(user)) parts.push(`state-${spec.region.toLowerCase()}`);
      if (session && !/-session-/.test(user))
        parts.push(`session-${session}`, 'sessionduration-30');
      return parts.join('-');
    }
    default:
      return user;
  }
}

const SCHEMES: Record<string, string> = {
  HTTP: 'http',
  HTTPS: 'https',
  SOCKS4: 'socks4',
  SOCKS4A: 'socks4a',
  // socks5h: the proxy resolves host names (as Chromium's SOCKS5 does), so no name is looked up
  // on this machine, and the check's lookup works where only the proxy can resolve.
  SOCKS5: 'socks5h',
  Oxylabsauto: 'http',
  Lumauto: 'http',
  Luminati_HTTP: 'http',
  Luminati_HTTPS: 'https',
  smartproxy: 'http',
};

/** The upstream URL proxy-chain dials (never shown to Chromium or logged). */
export function upstreamUrl(spec: ProxySpec): string {
  const scheme = SCHEMES[spec.type];
  if (!scheme) throw new Error(`unsupported proxy type ${spec.type}`);
  const url = new URL(`${scheme}://placeholder`);
  url.hostname =
    spec.host.includes(':') && !spec.host.startsWith('[') ? `[${spec.host}]` : spec.host;
  url.port = String(spec.port);
  const username = providerUsername(spec);
  // SOCKS4 has no password; its user id is the user name.
  if (username) url.username = encodeURIComponent(username);
  if (spec.password && !scheme.startsWith('socks4'))
    url.password = encodeURIComponent(spec.password);
  return url.href.replace(/\/$/, '');
}

/** Reserved names (RFC 6761) the runtime points the browser's vendor services at. */
export const isSilencedHost = (hostname: string) => /\.invalid\.?$/i.test(hostname);

export interface Forwarder {
  /** 127.0.0.1:port, what Chromium's --proxy-server names. */
  port: number;
  /**
   * Called when the upstream fails (a refused, reset or unauthorised hop), with the error when
   * there is one (an SshHostKeyChangedError when an SSH server presents another key).
   */
  onUpstreamError(listener: (reason: string, error?: Error) => void): void;
  close(): Promise<void>;
}

export interface ForwarderOptions {
  /** Accept self-signed certificates of HTTPS proxies (tests). */
  insecureUpstreamTls?: boolean;
  /**
   * SSH: the environment's host-key pin (`<data>/sessions/<id>/ssh_host_key`, see
   * SSH_HOST_KEY_FILE). Without one, any host key is accepted and nothing is pinned.
   */
  hostKeyFile?: string;
  /**
   * SSH: 'pin' (the default) pins the key on the first successful connection and checks it
   * after; 'verify' only checks an existing pin and never writes one (the proxy check).
   */
  hostKeyMode?: 'pin' | 'verify';
}

/*
 * SSH host keys: trust on first use, per environment. The first successful connection of an
 * environment to an SSH proxy stores the server's key fingerprint (as OpenSSH prints it,
 * SHA256:<base64 without padding> of the raw key) in a 0600 file in the environment's folder,
 * one line "host:port SHA256:…". Later connections to the same host:port must present the same
 * key, or ssh2's hostVerifier refuses them (SshHostKeyChangedError). A pin of another host:port
 * (the proxy was changed) does not apply: the new server is pinned on its first connection.
 */

/** The pin file's name in the environment's folder (`<data>/sessions/<id>/ssh_host_key`). */
export const SSH_HOST_KEY_FILE = 'ssh_host_key';

/** The pin file of environment `id` under `<data>/sessions`. */
export const hostKeyFileOf = (envsDir: string, id: string) =>
  path.join(envsDir, id, SSH_HOST_KEY_FILE);

/** OpenSSH's fingerprint of a raw (wire-format) public key: SHA256:<base64, no padding>. */
export function sshFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** host:port as known_hosts spells it ([v6]:port). */
export const sshAddress = (host: string, port: number) =>
  `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

export interface HostKeyPin {
  address: string;
  fingerprint: string;
}

/** The pin in `file`, or undefined when there is none (or it is not a pin line). */
export function readHostKeyPin(file: string): HostKeyPin | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const match = /^(\S+) (SHA256:[A-Za-z0-9+/]+)\s*$/.exec(text.split('\n')[0] ?? '');
  return match ? { address: match[1]!, fingerprint: match[2]! } : undefined;
}

/** Writes the pin (0600, written aside then renamed into place). */
export function writeHostKeyPin(file: string, pin: HostKeyPin): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temporary, `${pin.address} ${pin.fingerprint}\n`, { mode: 0o600 });
    fs.chmodSync(temporary, 0o600);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** An SSH server presented a key other than the environment's pinned one: refused. */
export class SshHostKeyChangedError extends Error {
  readonly code = 'SSH_HOST_KEY_CHANGED';
  /** The message in English and Chinese. */
  readonly localized: Localized;
  constructor(
    readonly address: string,
    readonly pinned: string,
    readonly presented: string,
    readonly file: string,
  ) {
    const values = { address, pinned, presented, file };
    const { en, zh } = localApiMessages.sshHostKeyChanged;
    const localized = { en: format(en, values), zh: format(zh, values) };
    // Both languages: the start/status answers carry this text as it is.
    super(`${localized.en} | ${localized.zh}`);
    this.name = 'SshHostKeyChangedError';
    this.localized = localized;
  }
}

/** A failed SSH connection is retried on demand, but not more often than this. */
const SSH_RETRY_MS = 1000;

/** One SSH connection (password auth), its host key checked against the pin when there is one. */
function sshConnect(spec: ProxySpec, options: ForwarderOptions): Promise<SshClient> {
  const address = sshAddress(spec.host, spec.port);
  const file = options.hostKeyFile;
  const pin = file ? readHostKeyPin(file) : undefined;
  const expected = pin?.address === address ? pin.fingerprint : undefined;
  let presented: string | undefined;
  let refused: SshHostKeyChangedError | undefined;
  const ssh = new SshClient();
  return new Promise<SshClient>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (!error) return resolve(ssh);
      ssh.end();
      reject(error);
    };
    // Errors after the start are the tunnel's to report; one listener always, so none is unhandled.
    ssh.on('error', (error) => settle(refused ?? error));
    ssh.once('close', () => settle(refused ?? new Error('the SSH connection closed')));
    ssh.once('ready', () => {
      if (file && !expected && presented && (options.hostKeyMode ?? 'pin') === 'pin') {
        try {
          writeHostKeyPin(file, { address, fingerprint: presented });
        } catch (error) {
          settle(new Error(`cannot pin the SSH host key in ${file}: ${(error as Error).message}`));
          return;
        }
      }
      settle();
    });
    ssh.connect({
      host: spec.host,
      port: spec.port,
      username: spec.username,
      ...(spec.password ? { password: spec.password } : {}),
      readyTimeout: 15_000,
      keepaliveInterval: 15_000,
      hostVerifier: (key: Buffer) => {
        presented = sshFingerprint(key);
        if (expected && presented !== expected) {
          refused = new SshHostKeyChangedError(address, expected, presented, file ?? '');
          return false;
        }
        return true;
      },
    });
  });
}

const socksReply = (status: number) => Buffer.from([5, status, 0, 1, 0, 0, 0, 0, 0, 0]);

/**
 * A local SOCKS5 endpoint (no auth, loopback only) that dials through an SSH connection. The
 * connection is made at once (a start fails on a refused login or host key); when it drops, the
 * next request makes a new one, its host key checked again.
 */
async function sshSocks(
  spec: ProxySpec,
  options: ForwarderOptions,
  report: (reason: string, error?: Error) => void,
): Promise<{ port: number; close: () => Promise<void> }> {
  let current: SshClient | undefined;
  let pending: Promise<SshClient> | undefined;
  let failure: { error: Error; at: number } | undefined;
  let closed = false;

  const connection = (): Promise<SshClient> => {
    if (closed) return Promise.reject(new Error('the forwarder is closed'));
    if (current) return Promise.resolve(current);
    if (failure && Date.now() - failure.at < SSH_RETRY_MS) return Promise.reject(failure.error);
    pending ??= sshConnect(spec, options)
      .then(
        (ssh) => {
          if (closed) {
            ssh.end();
            throw new Error('the forwarder is closed');
          }
          current = ssh;
          failure = undefined;
          ssh.on('error', (error) => {
            if (!closed) report(`SSH: ${error.message}`, error);
          });
          ssh.on('close', () => {
            if (current === ssh) current = undefined;
            if (!closed) report('the SSH connection closed');
          });
          return ssh;
        },
        (error: Error) => {
          failure = { error, at: Date.now() };
          if (!closed) report(`SSH: ${error.message}`, error);
          throw error;
        },
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  await connection();

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    // Only this user's processes (the browser) may use the tunnel (peer-user.ts).
    if (!fromThisUser(socket)) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (greeting) => {
      if (greeting[0] !== 5) return socket.destroy();
      socket.write(Buffer.from([5, 0]));
      socket.once('data', (request) => {
        // VER CMD RSV ATYP ADDR PORT; only CONNECT.
        if (request[0] !== 5 || request[1] !== 1) {
          socket.end(socksReply(7));
          return;
        }
        let host: string;
        let offset: number;
        if (request[3] === 1) {
          host = [...request.subarray(4, 8)].join('.');
          offset = 8;
        } else if (request[3] === 3) {
          const length = request[4] ?? 0;
          host = request.subarray(5, 5 + length).toString('utf8');
          offset = 5 + length;
        } else if (request[3] === 4) {
          const parts: string[] = [];
          for (let i = 0; i < 16; i += 2) parts.push(request.readUInt16BE(4 + i).toString(16));
          host = parts.join(':');
          offset = 20;
        } else {
          socket.end(socksReply(8));
          return;
        }
        const port = request.readUInt16BE(offset);
        connection().then(
          (ssh) => {
            if (socket.destroyed) return;
            try {
              ssh.forwardOut('127.0.0.1', 0, host, port, (error, stream) => {
                if (error) {
                  socket.end(socksReply(5));
                  return;
                }
                if (socket.destroyed) {
                  stream.destroy();
                  return;
                }
                socket.write(socksReply(0));
                stream.on('error', () => socket.destroy());
                socket.on('close', () => stream.destroy());
                stream.pipe(socket).pipe(stream);
              });
            } catch {
              socket.end(socksReply(1));
            }
          },
          // No SSH connection (down, refused login, or a changed host key): a general failure.
          () => {
            if (!socket.destroyed) socket.end(socksReply(1));
          },
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    close: async () => {
      closed = true;
      const ssh = current ?? (await pending?.catch(() => undefined));
      ssh?.end();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts the forwarder of one environment (listening on a free loopback port). */
export async function startForwarder(
  spec: ProxySpec,
  options: ForwarderOptions = {},
): Promise<Forwarder> {
  const listeners: ((reason: string, error?: Error) => void)[] = [];
  const report = (reason: string, error?: Error) => {
    for (const listener of listeners) listener(reason, error);
  };
  let tunnel: Awaited<ReturnType<typeof sshSocks>> | undefined;
  let upstream: string;
  if (spec.type === 'SSH') {
    tunnel = await sshSocks(spec, options, report);
    upstream = `socks5h://127.0.0.1:${tunnel.port}`;
  } else {
    upstream = upstreamUrl(spec);
  }
  const server = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    verbose: false,
    prepareRequestFunction: ({ hostname }) => {
      // The browser's own services are pointed at .invalid hosts (profile.ts): answered here,
      // they never reach the proxy.
      if (isSilencedHost(hostname)) throw new RequestError('blocked', 403);
      return {
        upstreamProxyUrl: upstream,
        ignoreUpstreamProxyCertificate: options.insecureUpstreamTls ?? false,
      };
    },
  });
  server.on('requestFailed', ({ error }: { error: Error }) => report(error.message));
  server.on('tunnelConnectFailed', ({ response }: { response: { statusCode?: number } }) =>
    report(`the proxy answered ${response.statusCode ?? 'nothing'} to CONNECT`),
  );
  // Another user of the machine must not borrow the environment's proxy (peer-user.ts): a
  // connection is dropped before the HTTP parser sees a byte of it.
  server.server.prependListener('connection', (socket: net.Socket) => {
    if (!fromThisUser(socket)) socket.destroy();
  });
  try {
    await server.listen();
  } catch (error) {
    await tunnel?.close();
    throw error;
  }
  return {
    port: server.port,
    onUpstreamError: (listener) => listeners.push(listener),
    async close() {
      await server.close(true);
      await tunnel?.close();
    },
  };
}

/** Whether the upstream accepts a TCP connection (the liveness probe of a running environment). */
export function probeUpstream(spec: ProxySpec, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: spec.host, port: spec.port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
