/**
 * How fast a change reaches another machine (issue 24, "Changes arrive live"): two local-API
 * processes (an owner and an account the environment is shared with, each its own data folder)
 * against one real cloud, their sync timers set to ten minutes so that only the live watch can
 * carry a change. Each round renames the environment on the owner's machine and times until the
 * receiver's store holds the new name. The baseline, measured in the same run, is the HTTP work
 * alone: the owner's update call plus one list call. `npm run bench -- sync`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import { startTestCloud } from '@hainiao/testkit/cloud';
import { spawnLocalApi, type ServiceProcess } from '@hainiao/testkit/service-process';

const ROUNDS = 30;
/** Past this, a change did not arrive live (the table says so instead of waiting for the timer). */
const GIVE_UP_MS = 15_000;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * The environment's name in a machine's own store, read beside the service (SQLite's WAL lets a
 * reader in while the service writes): polling the service's calls would hit their rate limits.
 */
function nameReader(dataDir: string) {
  const db = openSqlite(path.join(dataDir, 'local-api.sqlite'), { readonly: true });
  const read = db.prepare<[string], { name: string }>('select name from environment where id = ?');
  return { name: (id: string) => read.get(id)?.name, close: () => db.close() };
}

export async function run(): Promise<string> {
  const cloud = await startTestCloud();
  const folders: string[] = [];
  const services: ServiceProcess[] = [];
  const readers: ReturnType<typeof nameReader>[] = [];
  try {
    const start = async (name: string) => {
      const credential = await cloud.account(name);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hainiao-bench-${name}-`));
      folders.push(dataDir);
      const service = await spawnLocalApi({
        dataDir,
        cloud: cloud.url,
        env: { HAINIAO_SYNC_INTERVAL_MS: '600000' },
      });
      services.push(service);
      readers.push(nameReader(dataDir));
      const login = await service.post('/login', credential);
      if (login.json().status !== 0) throw new Error(`login: ${login.text}`);
      return service;
    };
    const owner = await start('owner');
    await start('receiver');
    const receiver = readers[1]!;
    const created = await owner.post('/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: 'round 0',
    });
    const id = created.json().data.Session_Id as string;
    await owner.post('/api/v1/session/share', { Session_ID: id, Share_Username: 'receiver' });
    for (let t = now(); receiver.name(id) !== 'round 0';) {
      if (now() - t > GIVE_UP_MS) throw new Error('the share did not arrive');
    }

    const live: number[] = [];
    const bare: number[] = [];
    let lost = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const name = `round ${round}`;
      const began = now();
      await owner.post('/api/v1/session/update', { Session_ID: id, Session_Name: name });
      const answered = now();
      await owner.post('/api/v1/session/listid', {});
      bare.push(now() - began);
      for (;;) {
        if (receiver.name(id) === name) {
          live.push(now() - answered);
          break;
        }
        if (now() - answered > GIVE_UP_MS) {
          lost += 1;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    live.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const row = (what: string, list: number[]) =>
      `| ${what} | ${list.length} | ${quantile(list, 0.5).toFixed(0)} ms | ${quantile(list, 0.95).toFixed(0)} ms |`;
    const ratio = quantile(live, 0.5) / quantile(bare, 0.5);
    return [
      '| what | rounds | median | p95 |',
      '| --- | --- | --- | --- |',
      row('change on the owner → shown on the receiver (live watch)', live),
      row('baseline: the update call and one read, no waiting', bare),
      '',
      `Median ratio live / baseline: ${ratio.toFixed(1)}×. Rounds that did not arrive within ` +
        `${GIVE_UP_MS / 1000} s: ${lost}. Target: p95 under 5 s.`,
    ].join('\n');
  } finally {
    for (const reader of readers) reader.close();
    await Promise.all(services.map((service) => service.kill()));
    await cloud.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}
