/**
 * Helpers of the browser-runtime tests: a logged-in local API with real Chromium, a site on
 * loopback that logs every request with its headers, real proxy servers on loopback (HTTP with
 * basic auth, SOCKS5 with auth, an SSH server from ssh2) that log what they carry, and an
 * IP-lookup endpoint.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import ssh2 from 'ssh2';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { postWithinLimit, testLimits } from './limits.ts';
import { startTestService, type TestService } from './server.ts';
import type { LocalApiFlags } from '../cli.ts';

// The proxies and the IP lookup serve integration tests too (no Chromium there).
export { startHttpProxy, startLookup, startSocks5 } from './proxies.ts';

const require = createRequire(import.meta.url);
const { Server: SshServer, utils: sshUtils } = ssh2;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = (() => {
  try {
    execFileSync(CHROMIUM, ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
})();
// Under CI the browser runtime is mandatory: a missing Chromium fails the file at collection
// instead of skipping its tests (as apps/cloud/src/test/databases.ts does for PostgreSQL).
if (!hasChromium && process.env.CI === 'true') {
  throw new Error(
    `Chromium is required under CI=true but does not run at ${CHROMIUM} (set CHROMIUM_PATH or apt-get install chromium)`,
  );
}

export { postWithinLimit };

/** A cloud, a local API logged in to it, and shortcuts for environments and browsers. */
export async function startBrowserService(overrides: Partial<LocalApiFlags> = {}) {
  const cloud: TestCloud = await startTestCloud();
  const account = await cloud.account(`rt${Math.random().toString(36).slice(2, 8)}`);
  const limits = testLimits();
  const service: TestService = limits.adopt(
    await startTestService(
      // The service's own proxy-check timeout: on a loaded machine a loopback proxy's answer can
      // take longer than a few seconds (a test of a proxy that never answers sets a short one).
      { cloud: cloud.url, ...overrides },
      { rateLimiter: limits.rateLimiter },
    ),
  );
  const login = await service.post('/login', account);
  if (login.json().status !== 0) throw new Error(`login failed: ${login.text}`);

  const api = {
    cloud,
    service,
    account,
    async create(fields: Record<string, unknown> = {}): Promise<string> {
      const res = await postWithinLimit(service, '/api/v1/session/create', {
        Automatic_Configure: 0,
        ...fields,
      });
      if (res.json().code !== 0) throw new Error(`create failed: ${res.text}`);
      return res.json().data.Session_Id as string;
    },
    /** Starts environments (headless unless told) and answers their list items. */
    async start(ids: string[], body: Record<string, unknown> = {}) {
      const res = await service.post('/api/v1/browser/start', {
        Session_ID: ids,
        isHeadless: 1,
        ...body,
      });
      if (res.json().code !== 0) throw new Error(`start failed: ${res.text}`);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the tests
      return res.json().data.listid as any[];
    },
    async startOne(id: string, body: Record<string, unknown> = {}) {
      const [item] = await api.start([id], body);
      if (item.status !== 0) throw new Error(`start of ${id} failed: ${JSON.stringify(item)}`);
      return item as { browser_CDP_Port: number; Session_ProcessID: number } & Record<
        string,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the tests
        any
      >;
    },
    async status(ids?: string[], type?: number) {
      const res = await service.post('/api/v1/browser/status', {
        ...(ids ? { Session_ID: ids } : {}),
        ...(type !== undefined ? { Actived_Type: type } : {}),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the tests
      return res.json().data as { listcontainer: any[]; total: number };
    },
    async kill(ids: string[]) {
      return (await service.post('/api/v1/browser/kill', { Session_ID: ids })).json().data
        .listid as { Session_ID: string; status: number }[];
    },
    async stop(ids: string[]) {
      return (await service.post('/api/v1/browser/stop', { Session_ID: ids })).json().data
        .listid as { Session_ID: string; status: number }[];
    },
    async dispose() {
      await service.dispose();
      await cloud.stop();
    },
  };
  return api;
}
export type BrowserService = Awaited<ReturnType<typeof startBrowserService>>;

export interface LoggedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** Files the pages of the site load (served under /lib/). */
const LIBRARIES: Record<string, string> = {
  'fp.esm.js': '@fingerprintjs/fingerprintjs/dist/fp.esm.js',
  'botd.esm.js': '@fingerprintjs/botd/dist/botd.esm.js',
};

/** A site on loopback: `pages` by path (HTML or JS by extension), every request logged. */
export async function startSite(pages: Record<string, string> = {}) {
  const log: LoggedRequest[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    log.push({ url, headers: request.headers });
    const pathname = url.split('?')[0] ?? '/';
    const library = pathname.startsWith('/lib/') ? LIBRARIES[pathname.slice(5)] : undefined;
    if (library) {
      response.setHeader('content-type', 'text/javascript');
      response.end(fs.readFileSync(require.resolve(library)));
      return;
    }
    if (pathname === '/set-cookie') {
      response.setHeader('set-cookie', 'visited=yes; Max-Age=86400; Path=/');
    }
    const body = pages[pathname] ?? '<!doctype html><title>ok</title><p>ok</p>';
    response.setHeader(
      'content-type',
      pathname.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8',
    );
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A new ed25519 host key for an SSH server. ssh2's generator makes about one key in 256 that its
 * own parser refuses ("Malformed OpenSSH private key": it strips a public key's leading zero byte,
 * mscdex/ssh2#1390): such a pair is drawn again.
 */
export function newHostKey(): string {
  for (;;) {
    const pair = sshUtils.generateKeyPairSync('ed25519');
    const usable = [pair.private, pair.public].every(
      (key) => !(sshUtils.parseKey(key) instanceof Error),
    );
    if (usable) return pair.private;
  }
}

/**
 * An SSH server (ssh2) with password auth that forwards TCP (ssh -D style tunnels). `hostKey` and
 * `port` let a test restart "the same server" on the same port with the same or another key.
 */
export async function startSshServer(
  user = 'tunnel',
  pass = 'secret',
  options: { hostKey?: string; port?: number } = {},
) {
  const destinations: string[] = [];
  const clients = new Set<{ end(): unknown }>();
  const hostKey = options.hostKey ?? newHostKey();
  const server = new SshServer({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (context) => {
      if (context.method === 'password' && context.username === user && context.password === pass) {
        context.accept();
      } else {
        context.reject(['password']);
      }
    });
    client.on('ready', () => {
      client.on('tcpip', (accept, reject, info) => {
        destinations.push(`${info.destIP}:${info.destPort}`);
        const upstream = net.connect(info.destPort, info.destIP, () => {
          const channel = accept();
          channel.on('error', () => upstream.destroy());
          upstream.pipe(channel).pipe(upstream);
        });
        upstream.on('error', () => reject?.());
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    destinations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.end();
        server.close(() => resolve());
      }),
  };
}

/** Process ids of Chromium processes whose command line names `dataDir` (Linux). */
export function browsersOf(dataDir: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (cmdline.includes(path.join(dataDir, 'sessions')) && !/\) Z /.test(stat)) {
        found.push(Number(name));
      }
    } catch {
      // gone
    }
  }
  return found;
}

export async function until<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * For page.evaluate: how often Chromium reads a logged Error's name — once for its own console,
 * once more while a DevTools client has Runtime enabled (what detectors of automation read).
 */
export function errorNameReads(): number {
  let reads = 0;
  const error = new Error('probe');
  Object.defineProperty(error, 'name', {
    configurable: true,
    get() {
      reads += 1;
      return 'Error';
    },
  });
  console.debug(error);
  return reads;
}
