/**
 * The local API with 10,000 environments: the median and p99 latency of listid (with and without
 * filters) and id_container (types 1, 2, 3, and 100 ids), end to end over HTTP on loopback like a
 * user's script, against a bare node:http server on loopback answering the same bytes, measured in
 * the same run (the ratio is what the service adds). Targets: p99 under 10 ms; id_container with
 * 100 ids under 5 ms (issue 15).
 *
 * The environments are written to the service's store before it starts: through the create call,
 * the spec's limit of 50 creates a minute would take over three hours. Their sync queue is emptied
 * so that no upload to the cloud runs while the reads are measured. The service is the real app
 * (buildLocalApi) listening on loopback, logged in to a real cloud; its rate limiter runs on a
 * clock that moves a minute per call, so the spec's 50 listid calls a minute do not end the run
 * while each call still pays for the check.
 * `npm run bench -- local-api`
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestCloud } from '@hainiao/testkit/cloud';
import { accountAuth } from '@hainiao/local-api/account/auth.ts';
import { buildLocalApi } from '@hainiao/local-api/app.ts';
import { cloudClient } from '@hainiao/local-api/cloud/client.ts';
import { rateLimiter } from '@hainiao/local-api/http/rate-limit.ts';
import type { StoredCookie } from '@hainiao/local-api/model/cookie.ts';
import { DEFAULT_SETTINGS } from '@hainiao/local-api/model/settings.ts';
import { openStore } from '@hainiao/local-api/store/database.ts';
import { environmentStore } from '@hainiao/local-api/store/environments.ts';
import { groupStore } from '@hainiao/local-api/store/groups.ts';
import { cookieFiles } from '@hainiao/local-api/runtime/profile/cookies.ts';

const ENVIRONMENTS = Number(process.env.BENCH_ENVIRONMENTS ?? 10_000);
const SAMPLES = 1000;
const OWNER = 'bench';
const GROUPS = ['default', 'Amazon', 'eBay', 'TikTok', 'Shopee', 'Etsy', 'Walmart', 'Lazada'];
const PROXY_TYPES = ['noproxy', 'HTTP', 'SOCKS5', 'HTTPS'];
const AGENTS = {
  Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  MacIntel:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

const ms = (value: number) => value.toFixed(2);

/** The store of a data folder, filled as the create call would have: ids of what it holds. */
function fill(dataDir: string) {
  const db = openStore(dataDir);
  const envs = environmentStore(db);
  const groups = groupStore(db);
  const start = performance.now();
  groups.ensureDefault(OWNER);
  for (const group of GROUPS.slice(1)) groups.create(OWNER, group);
  const ids: string[] = [];
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < ENVIRONMENTS; i += 1) {
      const proxyType = PROXY_TYPES[i % PROXY_TYPES.length]!;
      const system = i % 5 === 0 ? 'MacIntel' : 'Windows';
      const cookies: StoredCookie[] =
        i % 7 === 0
          ? [
              {
                name: 'sid',
                value: String(i),
                domain: `.site${i % 20}.example.com`,
                path: '/',
                expires: -1,
                httpOnly: false,
                secure: false,
              },
            ]
          : [];
      const id = randomBytes(16).toString('hex');
      envs.insert(
        {
          id,
          owner: OWNER,
          name: `shop-${i} ${i % 3 === 0 ? 'vip' : 'std'}`,
          description: i % 10 === 0 ? `note ${i}` : '',
          group: GROUPS[i % GROUPS.length]!,
          system,
          userAgent: AGENTS[system],
          proxyType,
          proxyIp: proxyType === 'noproxy' ? '' : `198.51.100.${i % 250}`,
          settings: {
            ...DEFAULT_SETTINGS,
            proxyPort: proxyType === 'noproxy' ? 0 : 8000 + (i % 100),
          },
          cookies,
          createdAt: now,
          updatedAt: now + i,
        },
        [],
      );
      ids.push(id);
    }
  })();
  // The sync queue (store/sync.ts) took every insert: nothing is to go up while reads are timed.
  db.exec('delete from sync_outbox');
  const fillMs = performance.now() - start;
  return { db, ids, fillMs };
}

/** A server that answers every request with `body`: what any HTTP service costs at least. */
async function bareServer(): Promise<{
  port: number;
  body: (text: string) => void;
  close(): Promise<void>;
}> {
  let answer = '{}';
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    body: (text) => void (answer = text),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function run(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-local-'));
  const { db, ids, fillMs } = fill(dataDir);
  const cloud = await startTestCloud();
  const bare = await bareServer();
  const client = cloudClient(cloud.url);
  const auth = accountAuth({ cloud: client, device: 'bench-pc' });
  let clock = Date.now();
  const app = await buildLocalApi({
    store: db,
    dataDir,
    cloud: client,
    auth,
    cookieFiles: cookieFiles({
      dir: path.join(dataDir, 'cookies'),
      recordFile: path.join(dataDir, 'cookie-exports.json'),
    }),
    allowedOrigins: [cloud.url],
    rateLimiter: rateLimiter(() => (clock += 60_000)),
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const service = { port: (app.server.address() as net.AddressInfo).port };
    const credential = await cloud.account(OWNER);
    const call = async (port: number, route: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.text();
    };
    const post = async (route: string, body: unknown) => {
      const text = await call(service.port, route, body);
      const answer = JSON.parse(text) as { code?: number; status?: number };
      if ((answer.code ?? answer.status) !== 0) throw new Error(`${route} answered ${text}`);
      return text;
    };
    await post('/login', credential);

    async function timed(port: number, route: string, body: () => unknown) {
      for (let i = 0; i < 20; i++) await call(port, route, body());
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const payload = body();
        const start = performance.now();
        await call(port, route, payload);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { median: percentile(times, 0.5), p99: percentile(times, 0.99) };
    }

    const randomId = () => ids[Math.floor(Math.random() * ids.length)]!;
    const today = new Date().toISOString().slice(0, 10);
    const cases: [string, string, () => unknown, number][] = [
      ['listid, no parameters (50 newest)', '/api/v1/session/listid', () => ({}), 10],
      ['listid, group', '/api/v1/session/listid', () => ({ Session_GroupName: 'Amazon' }), 10],
      ['listid, name contains', '/api/v1/session/listid', () => ({ Session_Name: 'vip' }), 10],
      [
        'listid, proxy type + group',
        '/api/v1/session/listid',
        () => ({ Proxy_Type: 'SOCKS5', Session_GroupName: 'eBay' }),
        10,
      ],
      ['listid, proxy ip', '/api/v1/session/listid', () => ({ Proxy_Ip: '198.51.100.42' }), 10],
      ['listid, comment contains', '/api/v1/session/listid', () => ({ Comment: 'note' }), 10],
      [
        'listid, web account',
        '/api/v1/session/listid',
        () => ({ Session_WebAccounts: 'site3.example.com' }),
        10,
      ],
      [
        'listid, created today, page 7 of 500',
        '/api/v1/session/listid',
        () => ({ Session_CreateTime_Start: today, ListNum: 500, CurrentPage: 7 }),
        10,
      ],
      [
        'listid, user agent contains',
        '/api/v1/session/listid',
        () => ({ Session_User_Agent: 'Macintosh' }),
        10,
      ],
      [
        'id_container type 1 (full)',
        '/api/v1/session/id_container',
        () => ({ Session_ID: randomId(), Session_container_type: 1 }),
        10,
      ],
      [
        'id_container type 2 (brief)',
        '/api/v1/session/id_container',
        () => ({ Session_ID: randomId(), Session_container_type: 2 }),
        10,
      ],
      [
        'id_container type 3',
        '/api/v1/session/id_container',
        () => ({ Session_ID: randomId(), Session_container_type: 3 }),
        10,
      ],
      [
        'id_container, 100 ids',
        '/api/v1/session/id_container',
        () => ({ Session_ID: Array.from({ length: 100 }, randomId), Session_container_type: 2 }),
        5,
      ],
    ];
    const rows = [
      `Environments: ${ids.length}, written to the store in ${(fillMs / 1000).toFixed(1)} s before the service started.`,
      `Baseline: a bare node:http server on loopback answering the same bytes (same client, same run).`,
      '',
      `| call (${SAMPLES} samples, HTTP on loopback) | median ms | p99 ms | bare p99 ms | p99 / bare | target |`,
      '| --- | ---: | ---: | ---: | ---: | :---: |',
    ];
    for (const [label, route, body, target] of cases) {
      bare.body(await post(route, body()));
      const service_ = await timed(service.port, route, body);
      const baseline = await timed(bare.port, route, body);
      rows.push(
        `| ${label} | ${ms(service_.median)} | ${ms(service_.p99)} | ${ms(baseline.p99)} | ` +
          `${(service_.p99 / baseline.p99).toFixed(1)} | p99 < ${target} ms: ${service_.p99 < target ? 'yes' : 'NO'} |`,
      );
    }
    return rows.join('\n');
  } finally {
    await bare.close();
    await auth.logout();
    await app.close();
    db.close();
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
