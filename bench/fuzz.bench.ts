/**
 * The long fuzz run (issue 15 "Bad input"): the cloud's and the local API's fuzz tests with many
 * more cases per call than CI's bounded run, and a fresh seed unless FUZZ_SEED is given (the
 * table names it, so a failure can be replayed with `FUZZ_SEED=<seed> FUZZ_RUNS=<runs>`).
 * `npm run bench -- fuzz` (BENCH_FUZZ_RUNS cases per call, 1000 by default).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILES = ['apps/cloud/src/fuzz.test.ts', 'apps/local-api/src/fuzz.test.ts'];

export function run(): Promise<string> {
  const runs = process.env.BENCH_FUZZ_RUNS ?? '1000';
  const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  const rows = [
    '| file | cases per call | seed | passed | failed | seconds |',
    '|---|---|---|---|---|---|',
  ];
  const failures: string[] = [];
  for (const file of FILES) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-fuzz-'));
    try {
      const report = path.join(dir, 'report.json');
      const started = performance.now();
      spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--project',
          'integration',
          '--reporter=json',
          `--outputFile.json=${report}`,
          file,
        ],
        {
          cwd: root,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
        },
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const result = fs.existsSync(report)
        ? (JSON.parse(fs.readFileSync(report, 'utf8')) as {
            testResults: {
              assertionResults: { status: string; title: string; failureMessages: string[] }[];
            }[];
          })
        : { testResults: [] };
      const tests = result.testResults.flatMap((r) => r.assertionResults);
      const failed = tests.filter((t) => t.status === 'failed');
      for (const t of failed)
        failures.push(`- ${t.title}: ${(t.failureMessages[0] ?? '').split('\n')[0]}`);
      rows.push(
        `| ${file} | ${runs} | ${seed} | ${tests.length - failed.length} | ${tests.length === 0 ? 'did not run' : failed.length} | ${seconds} |`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return Promise.resolve([...rows, '', ...failures].join('\n'));
}
