/**
 * The cloud under load (issue 15 "Load"): `autocannon` on loopback drives a running cloud (its
 * own process, as `npm start` runs it, serving the built site) on SQLite and on PostgreSQL:
 * apiorderlist, workorderlist, document (one article), status and a static page, at 10 and 100
 * connections. Each is measured against a bare Fastify process answering the same bytes on the
 * same path, in the same run, so the figures are ratios. Targets: reads ≥ 40% of the bare
 * route's throughput, p99 < 50 ms at 100 connections.
 * `status` exchanges a one-time client token, and is limited per address: the bench sends a
 * spent token from a different client address each time (X-Forwarded-For, TRUST_PROXY set to
 * loopback as behind a reverse proxy), i.e. the lookup and the refusal a replayed link costs.
 * `npm run bench -- cloud` (BENCH_SECONDS per measurement, 5 by default).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { runAdmin } from '@hainiao/cloud/admin';
import { buildSiteIfStale } from '@hainiao/testkit/build-site';
import { postgresUp, TEST_POSTGRES_URL } from '@hainiao/testkit/postgres';
import { startProgram } from '@hainiao/testkit/run-system';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [10, 100];
const BOUNDARY = '----hainiao-bench';

function multipart(fields: Record<string, string>): string {
  return (
    Object.entries({ inweb: '1', lang: 'en', ...fields })
      .map(
        ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') + `--${BOUNDARY}--\r\n`
  );
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** A different client address per request (the status call's per-address limit). */
  spreadAddresses?: boolean;
  /** What the cloud answered, which the bare route answers too. */
  answer: { type: string; body: string };
}

/** A bare Fastify process answering each target's bytes on its path: the baseline. */
const BARE_SERVER = `
const fs = require('node:fs');
const Fastify = require('fastify');
const targets = JSON.parse(fs.readFileSync(process.env.BENCH_TARGETS, 'utf8'));
const app = Fastify({ logger: false });
// Multipart bodies are read to the end and not parsed, as the cheapest route would.
app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
  payload.resume();
  payload.on('end', () => done(null));
});
for (const t of targets) {
  app.route({ method: t.method, url: t.path, handler: (request, reply) => {
    reply.type(t.answer.type).send(t.answer.body);
  } });
}
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then((url) => console.log('bare listening on ' + url));
`;

interface Measure {
  rps: number;
  p99: number;
  failures: number;
}

async function measure(url: string, target: Target, connections: number, seconds: number) {
  let counter = 0;
  const result = await autocannon({
    url: url + target.path,
    connections,
    duration: seconds,
    method: target.method,
    headers: target.body ? { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } : {},
    ...(target.body ? { body: target.body } : {}),
    ...(target.spreadAddresses
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                counter++;
                const address = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
                return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
              },
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  } satisfies Measure;
}

async function seed(url: string, env: NodeJS.ProcessEnv): Promise<Target[]> {
  const admin = async (args: string[]) => {
    let out = '';
    await runAdmin(args, env, (line: string) => (out += `${line}\n`));
    return out;
  };
  const call = async (name: string, fields: Record<string, string>) => {
    const res = await fetch(`${url}/api/hainiao/${name}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart(fields),
    });
    return { type: res.headers.get('content-type') ?? 'application/json', body: await res.text() };
  };
  const json = async (name: string, fields: Record<string, string>) => {
    const answer = JSON.parse((await call(name, fields)).body) as {
      code: number;
      msg: string;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read field by field
      data: any;
    };
    if (answer.code !== 0) throw new Error(`${name}: ${answer.msg}`);
    return answer.data;
  };

  await admin([
    'account:create',
    '--account',
    'bench',
    '--email',
    'bench@example.com',
    '--password',
    'correct-horse-7',
  ]);
  const link = await admin(['clienttoken', '--account', 'bench']);
  const clienttoken = decodeURIComponent(/token=([^&\s]+)/.exec(link)?.[1] ?? '');
  const token = (await json('status', { clienttoken })).user_info.token as string;

  // A credential with usage to list, and a page of tickets.
  const credential = await admin(['credential:create', '--account', 'bench']);
  const appId = /app_id\s+(\S+)/.exec(credential)?.[1] ?? '';
  const appKey = /app_key\s+(\S+)/.exec(credential)?.[1] ?? '';
  await fetch(`${url}/api/hainiao/apilogin`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: multipart({ Account: 'bench', APP_ID: appId, APP_KEY: appKey, device: 'bench-pc' }),
  });
  const types = (await json('workordertype', { token })) as { type: { typeid: number }[] };
  for (let i = 0; i < 10; i++) {
    await json('workorderadd', {
      token,
      typeid: String(types.type[0]?.typeid ?? 1),
      title: `Proxy check fails ${i}`,
      content: `Every SOCKS5 proxy I add fails the check with code 7 (${i}).`,
      email: 'bench@example.com',
    });
  }
  const list = (await json('document', { mod: 'list', typeid: '0' })) as unknown;
  const articleId = /"id":"?([^",}]+)/.exec(JSON.stringify(list))?.[1] ?? '1';

  const fields = {
    apiorderlist: { token },
    workorderlist: { token, typeid: '0', page: '1', page_size: '10' },
    document: { mod: 'article', id: articleId },
    status: { clienttoken },
  };
  const targets: Target[] = [];
  for (const [name, f] of Object.entries(fields)) {
    const answer = await call(name, f);
    const code = (JSON.parse(answer.body) as { code: number }).code;
    // Reads must succeed; status is the refusal of a spent token (see above).
    if ((name === 'status') === (code === 0)) throw new Error(`${name} answered ${answer.body}`);
    targets.push({
      name: name === 'status' ? 'status (spent token)' : name,
      method: 'POST',
      path: `/api/hainiao/${name}`,
      body: multipart(f),
      spreadAddresses: name === 'status',
      answer,
    });
  }
  // A prerendered page of the site, as a browser asks for it.
  const page = await fetch(`${url}/price`);
  if (!page.ok) throw new Error(`the static page answered ${page.status}`);
  targets.push({
    name: 'static page (/price)',
    method: 'GET',
    path: '/price',
    answer: { type: page.headers.get('content-type') ?? 'text/html', body: await page.text() },
  });
  return targets;
}

async function benchDatabase(kind: 'sqlite' | 'postgres', site: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-cloud-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    WEB_DIST: site,
    LOG_LEVEL: 'silent',
    // As deployed: answers are not checked against their schemas (http/route.ts).
    NODE_ENV: 'production',
    TRUST_PROXY: '127.0.0.1',
    ...(kind === 'postgres' ? { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema } : {}),
  };
  const children: ChildProcess[] = [];
  try {
    const cloud = await startProgram('cloud', [], env, /Hainiao cloud listening on (\S+)/);
    children.push(cloud.child);
    const targets = await seed(cloud.url, env);
    const targetsFile = path.join(dir, 'targets.json');
    fs.writeFileSync(targetsFile, JSON.stringify(targets));
    const barePort = await freePort();
    const bare = spawn(process.execPath, ['-e', BARE_SERVER], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
      env: { ...process.env, BENCH_TARGETS: targetsFile, PORT: String(barePort) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(bare);
    await new Promise<void>((resolve, reject) => {
      bare.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('bare listening')) resolve();
      });
      bare.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    });
    const bareUrl = `http://127.0.0.1:${barePort}`;

    const rows: string[] = [];
    for (const target of targets) {
      // Warm both up (JIT, statement caches, connection pools).
      await measure(cloud.url, target, 10, 1);
      await measure(bareUrl, target, 10, 1);
      for (const connections of CONNECTIONS) {
        const ours = await measure(cloud.url, target, connections, SECONDS);
        const base = await measure(bareUrl, target, connections, SECONDS);
        const ratio = ours.rps / base.rps;
        const meets = ratio >= 0.4 && (connections < 100 || ours.p99 < 50);
        rows.push(
          `| ${kind} | ${target.name} | ${connections} | ${ours.rps.toFixed(0)} | ${base.rps.toFixed(0)} | ` +
            `${(ratio * 100).toFixed(0)}% | ${ours.p99} | ${base.p99} | ${ours.failures} | ${meets ? 'yes' : 'no'} |`,
        );
      }
    }
    return rows;
  } finally {
    await Promise.all(children.map(stop));
    fs.rmSync(dir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
}

export async function run(): Promise<string> {
  const site = buildSiteIfStale();
  const rows = [
    '| database | call | connections | rps | bare rps | ratio | p99 ms | bare p99 ms | failed answers | meets target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...(await benchDatabase('sqlite', site)),
  ];
  if (postgresUp) rows.push(...(await benchDatabase('postgres', site)));
  else rows.push('', 'PostgreSQL is not reachable: its rows are missing.');
  rows.push(
    '',
    `Targets: ratio ≥ 40% of the bare route's requests per second; p99 < 50 ms at 100 connections. ` +
      `${SECONDS} s per measurement, autocannon in the bench process, cloud and bare route in their own.`,
  );
  return rows.join('\n');
}
