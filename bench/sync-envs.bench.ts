/**
 * Environment sync (issue 13, "Benchmark"): 1,000 environments with 30 cookies each are pushed by
 * one machine's sync engine to a real cloud and pulled by a second machine's (each its own local
 * store), against the baseline of a whole-zip upload and download of the first machine's data
 * folder (its store) through the same cloud. Ratios are sync / zip, measured in the same run.
 * `npm run bench -- sync`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestCloud } from '@hainiao/testkit/cloud';
import { accountAuth } from '@hainiao/local-api/account/auth.ts';
import { chunkClient } from '@hainiao/local-api/cloud/chunks.ts';
import { cloudClient } from '@hainiao/local-api/cloud/client.ts';
import { syncEngine } from '@hainiao/local-api/domain/sync.ts';
import type { StoredCookie } from '@hainiao/local-api/model/cookie.ts';
import { DEFAULT_SETTINGS } from '@hainiao/local-api/model/settings.ts';
import { openStore } from '@hainiao/local-api/store/database.ts';
import { environmentStore } from '@hainiao/local-api/store/environments.ts';
import { syncStore } from '@hainiao/local-api/store/sync.ts';
import { zipDownload, zipUpload } from './zip-baseline.ts';

const ENVIRONMENTS = 1000;
const COOKIES = 30;

function cookies(i: number): StoredCookie[] {
  return Array.from({ length: COOKIES }, (_, k) => ({
    name: `c${k}`,
    value: randomBytes(24).toString('base64url'),
    domain: `.shop${(i + k) % 50}.example.com`,
    path: '/',
    expires: 1_900_000_000 + k,
    httpOnly: k % 2 === 0,
    secure: true,
  }));
}

function machine(
  root: string,
  name: string,
  cloud: ReturnType<typeof cloudClient>,
  auth: ReturnType<typeof accountAuth>,
) {
  const dataDir = path.join(root, name);
  const db = openStore(dataDir);
  const envs = environmentStore(db);
  const store = syncStore(db);
  const engine = syncEngine({ store, envs, cloud, auth, isRunning: () => false, log: () => {} });
  return { dataDir, db, envs, store, engine };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export async function run(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-sync-'));
  const cloud = await startTestCloud();
  try {
    const account = await cloud.account('bench');
    const client = cloudClient(cloud.url);
    const auth = accountAuth({ cloud: client, device: 'bench-pc' });
    await auth.login({ account: 'bench', appId: account.APP_ID, appKey: account.APP_KEY }, 'en');

    const a = machine(root, 'a', client, auth);
    const now = Date.now();
    for (let i = 0; i < ENVIRONMENTS; i += 1) {
      a.envs.insert(
        {
          id: randomBytes(16).toString('hex'),
          owner: 'bench',
          name: `shop ${i}`,
          description: `seller account ${i}`,
          group: 'default',
          system: 'Windows',
          userAgent:
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
          proxyType: 'noproxy',
          proxyIp: '',
          settings: { ...DEFAULT_SETTINGS },
          cookies: cookies(i),
          createdAt: now,
          updatedAt: now + i,
        },
        [{ url: `https://shop${i % 50}.example.com/orders`, flag: 1 }],
      );
    }
    const pushBytes = a.store
      .outbox()
      .reduce((sum, e) => sum + JSON.stringify(a.store.snapshot(e.envId)!.snapshot).length, 0);
    let start = process.hrtime.bigint();
    await a.engine.syncNow();
    const pushMs = since(start);
    if (a.store.outbox().length !== 0) throw new Error('the push left changes behind');

    const b = machine(root, 'b', client, auth);
    start = process.hrtime.bigint();
    await b.engine.syncNow();
    const pullMs = since(start);
    const pulled = b.envs.list('bench', { offset: 0, limit: 5000 }).total;
    if (pulled !== ENVIRONMENTS) throw new Error(`pulled ${pulled} of ${ENVIRONMENTS}`);

    // A day's work: one environment's cookies change (its browser ran); only it goes up.
    const one = a.envs.list('bench', { offset: 0, limit: 1 }).ids[0]!;
    const changed = a.envs.visible('bench', one)!.record;
    changed.cookies = cookies(ENVIRONMENTS + 1);
    a.envs.save(changed);
    const oneBytes = JSON.stringify(a.store.snapshot(one)!.snapshot).length;
    start = process.hrtime.bigint();
    await a.engine.syncNow();
    const oneMs = since(start);

    // The baseline: the first machine's store, zipped, up and down.
    a.db.pragma('wal_checkpoint(TRUNCATE)');
    const chunks = chunkClient({ base: cloud.url, token: () => auth.current!.token });
    start = process.hrtime.bigint();
    const zip = await zipUpload(chunks, {
      'local-api.sqlite': fs.readFileSync(path.join(a.dataDir, 'local-api.sqlite')),
    });
    const zipUpMs = since(start);
    start = process.hrtime.bigint();
    const down = await zipDownload(chunks, zip.hashes, path.join(root, 'zip'));
    const zipDownMs = since(start);
    a.db.close();
    b.db.close();
    await auth.logout();

    const row = (what: string, bytes: number, ms: number, baseBytes: number, baseMs: number) =>
      `| ${what} | ${mb(bytes)} | ${ms.toFixed(0)} ms | ${mb(baseBytes)} | ${baseMs.toFixed(0)} ms | ${(bytes / baseBytes).toFixed(2)} | ${(ms / baseMs).toFixed(2)} |`;
    return [
      `${ENVIRONMENTS} environments, ${COOKIES} cookies each; sync sends JSON snapshots (uncompressed), the zip is of the whole store.`,
      '',
      '| step | sync bytes | sync time | zip bytes | zip time | bytes ratio | time ratio |',
      '|---|---|---|---|---|---|---|',
      row('push (first upload of all)', pushBytes, pushMs, zip.bytesSent, zipUpMs),
      row('pull (a new machine)', pushBytes, pullMs, down.bytesReceived, zipDownMs),
      row('push after one environment changed', oneBytes, oneMs, zip.bytesSent, zipUpMs),
    ].join('\n');
  } finally {
    await cloud.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
