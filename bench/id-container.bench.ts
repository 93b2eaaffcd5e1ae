/**
 * id_container's store work at 10,000 environments (issue 15 "Load": 100 ids under 5 ms p99):
 * `visibleMany` of 100 random ids — the rows, and for environments the viewer does not own the
 * share and team checks — and the brief answer's fields as JSON, as the route builds them.
 * In process, on a real store file: the HTTP bench (local-api.bench.ts) cannot send hundreds of
 * session calls a minute any more (the service limits them to 50, limits.ts).
 * The baseline is the same ids read one by one with `visible()`, in the same run.
 * `npm run bench -- id-container`
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Visible } from '@hainiao/local-api/model/environment.ts';
import { DEFAULT_SETTINGS } from '@hainiao/local-api/model/settings.ts';
import { openStore } from '@hainiao/local-api/store/database.ts';
import { environmentStore } from '@hainiao/local-api/store/environments.ts';
import { formatTime } from '@hainiao/local-api/util/time.ts';

const ENVIRONMENTS = Number(process.env.BENCH_ENVIRONMENTS ?? 10_000);
const SAMPLES = 400;
const IDS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

/** The brief (type 2) fields of an environment, as adapters/v1/views.ts answers them. */
const brief = ({ record, owned }: Visible) => ({
  Session_ID: record.id,
  Session_Name: record.name,
  Session_Desc: record.description,
  Group_Name: record.group,
  SystemOS: record.system,
  Proxy_Type: record.proxyType,
  Proxy_Ip: record.proxyIp,
  Session_CreateTime: formatTime(record.createdAt),
  Session_UpdateTime: formatTime(record.updatedAt),
  Session_Recv: owned ? 0 : 1,
  Session_Owner: record.owner,
});

export async function run(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-idc-'));
  const db = openStore(dir);
  try {
    const envs = environmentStore(db);
    // A tenth belongs to another account; half of those are shared with the viewer.
    const ids: string[] = [];
    const now = Date.now();
    for (let i = 0; i < ENVIRONMENTS; i++) {
      const id = randomBytes(16).toString('hex');
      const owner = i % 10 === 9 ? 'other' : 'bench';
      envs.insert(
        {
          id,
          owner,
          name: `shop-${i}`,
          description: i % 10 === 0 ? `note ${i}` : '',
          group: 'default',
          system: i % 5 === 0 ? 'MacIntel' : 'Windows',
          userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/156.0.0.0 Safari/537.36',
          proxyType: 'noproxy',
          proxyIp: '',
          settings: { ...DEFAULT_SETTINGS },
          cookies: [],
          createdAt: now,
          updatedAt: now + i,
        },
        [],
      );
      if (owner === 'other' && i % 20 === 19) envs.share(id, 'bench');
      ids.push(id);
    }
    const pick = () =>
      Array.from({ length: IDS }, () => ids[Math.floor(Math.random() * ids.length)] as string);

    const measure = (answer: (chosen: string[]) => string) => {
      for (let i = 0; i < 20; i++) answer(pick());
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const chosen = pick();
        const start = performance.now();
        answer(chosen);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { median: percentile(times, 0.5), p99: percentile(times, 0.99) };
    };
    const many = measure((chosen) => {
      const found = envs.visibleMany('bench', chosen);
      return JSON.stringify(chosen.map((id) => found.get(id)).map((v) => v && brief(v)));
    });
    const oneByOne = measure((chosen) =>
      JSON.stringify(chosen.map((id) => envs.visible('bench', id)).map((v) => v && brief(v))),
    );
    const ms = (value: number) => value.toFixed(2);
    return [
      `Environments: ${ENVIRONMENTS} (a tenth another account's, half of those shared). ` +
        `${IDS} random ids per call, ${SAMPLES} samples, in process.`,
      '',
      '| id_container type 2 | median ms | p99 ms | p99 < 5 ms |',
      '| --- | ---: | ---: | :---: |',
      `| visibleMany (the route) | ${ms(many.median)} | ${ms(many.p99)} | ${many.p99 < 5 ? 'yes' : 'NO'} |`,
      `| visible() per id (baseline) | ${ms(oneByOne.median)} | ${ms(oneByOne.p99)} | ${oneByOne.p99 < 5 ? 'yes' : 'NO'} |`,
    ].join('\n');
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
