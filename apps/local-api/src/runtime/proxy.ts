/**
 * Proxies of environments. Chromium never sees a proxy credential: each running environment gets a
 * forwarder on 127.0.0.1 (proxy-chain) that Chromium uses as a plain HTTP proxy and that carries
 * the credentials to the real upstream — HTTP, HTTPS (TLS to the proxy), SOCKS4, SOCKS4A, SOCKS5,
 * or SSH (a local SOCKS5 endpoint backed by an ssh2 tunnel). The provider types (Oxylabsauto,
 * Lumauto, Luminati_HTTP/HTTPS, smartproxy) are their providers' HTTP(S) gateways with the user
 * name written in the provider's targeting format.
 */
import { createHash } from 'node:crypto';
import net from 'node:net';
import { RequestError, Server as ProxyServer } from 'proxy-chain';
import ssh2 from 'ssh2';
import { NO_PROXY } from '@hainiao/contract';

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
  SOCKS5: 'socks5',
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
  /** Called when the upstream fails (a refused, reset or unauthorised hop). */
  onUpstreamError(listener: (reason: string) => void): void;
  close(): Promise<void>;
}

export interface ForwarderOptions {
  /** Accept self-signed certificates of HTTPS proxies (tests). */
  insecureUpstreamTls?: boolean;
}

/** A local SOCKS5 endpoint (no auth, loopback only) that dials through an SSH connection. */
async function sshSocks(
  spec: ProxySpec,
): Promise<{ port: number; ssh: SshClient; close: () => Promise<void> }> {
  const ssh = new SshClient();
  await new Promise<void>((resolve, reject) => {
    ssh.once('ready', () => resolve());
    ssh.once('error', reject);
    ssh.connect({
      host: spec.host,
      port: spec.port,
      username: spec.username,
      ...(spec.password ? { password: spec.password } : {}),
      readyTimeout: 15_000,
      keepaliveInterval: 15_000,
    });
  });
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.once('data', (greeting) => {
      if (greeting[0] !== 5) return socket.destroy();
      socket.write(Buffer.from([5, 0]));
      socket.once('data', (request) => {
        // VER CMD RSV ATYP ADDR PORT; only CONNECT.
        if (request[0] !== 5 || request[1] !== 1) {
          socket.end(Buffer.from([5, 7, 0, 1, 0, 0, 0, 0, 0, 0]));
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
          socket.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]));
          return;
        }
        const port = request.readUInt16BE(offset);
        ssh.forwardOut('127.0.0.1', 0, host, port, (error, stream) => {
          if (error) {
            socket.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0]));
            return;
          }
          socket.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          stream.on('error', () => socket.destroy());
          socket.on('close', () => stream.destroy());
          stream.pipe(socket).pipe(stream);
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    ssh,
    close: () =>
      new Promise<void>((resolve) => {
        ssh.end();
        server.close(() => resolve());
      }),
  };
}

/** Starts the forwarder of one environment (listening on a free loopback port). */
export async function startForwarder(
  spec: ProxySpec,
  options: ForwarderOptions = {},
): Promise<Forwarder> {
  const listeners: ((reason: string) => void)[] = [];
  const report = (reason: string) => {
    for (const listener of listeners) listener(reason);
  };
  let tunnel: Awaited<ReturnType<typeof sshSocks>> | undefined;
  let upstream: string;
  if (spec.type === 'SSH') {
    tunnel = await sshSocks(spec);
    tunnel.ssh.on('close', () => report('the SSH connection closed'));
    tunnel.ssh.on('error', (error) => report(`SSH: ${error.message}`));
    upstream = `socks5://127.0.0.1:${tunnel.port}`;
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
  await server.listen();
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
