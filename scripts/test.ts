/**
 * `npm test`: runs the test lanes (vitest projects, scripts/lanes.ts) — all of them, or those named
 * with `--project` — building the web app first when the end-to-end lane runs (it serves the real
 * build). Prints each lane's count, then ends with the plain summary line
 * `N passed, N failed, N skipped` that CI reads. Under CI=true a lane that ran no passing test
 * (dropped out) counts as a failure. Whatever the tests left behind — a process, a listening port,
 * a temp folder (scripts/leftovers.ts) — is named and counts as one failure more.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildProgramsIfStale } from '@hainiao/testkit/build-programs';
import { buildSiteAndManagerIfStale } from '@hainiao/testkit/build-site';
import { lanesByFile } from './lane-files.ts';
import { LANE_NAMES, lanesOf, type Lane } from './lanes.ts';
import {
  describeLeftovers,
  findLeftovers,
  isClean,
  readSnapshot,
  RUN_MARK,
  type Leftovers,
} from './leftovers.ts';
import { repoRoot } from './system.ts';

const args = process.argv.slice(2);
const lanes = lanesOf(args);
// Side by side (each keeps about one core busy). The programs once here rather than in each
// lane's own setup at the same moment.
await Promise.all([
  lanes.includes('e2e') ? buildSiteAndManagerIfStale() : undefined,
  lanes.some((lane) => lane !== 'unit') ? buildProgramsIfStale() : undefined,
]);

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-test-'));
const report = path.join(runDir, 'vitest.json');
// The tests' own temp folder and mark (scripts/leftovers.ts). Sticky and open to all like /tmp:
// some tests run a process as another user.
const tempDir = path.join(runDir, 'tmp');
fs.mkdirSync(tempDir);
fs.chmodSync(runDir, 0o755);
fs.chmodSync(tempDir, 0o1777);
// Windowed Chromium's audio client (PulseAudio) keeps its run-time files in XDG_RUNTIME_DIR, or
// else in a pulse-* folder of the temp folder that outlives the browser: give it the run's own.
const runtimeDir = path.join(runDir, 'xdg-runtime');
fs.mkdirSync(runtimeDir, { mode: 0o700 });
// Only processes started under the mark count, so nothing running before the run can.
const run = { id: randomUUID(), tempDir, exclude: new Set([process.pid]) };
const vitest = spawnSync(
  process.execPath,
  [
    path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/flaky-reporter.ts',
    '--reporter=./scripts/timing-reporter.ts',
    `--outputFile.json=${report}`,
    ...args,
  ],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      [RUN_MARK]: run.id,
      TMPDIR: tempDir,
      TMP: tempDir,
      TEMP: tempDir,
      XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? runtimeDir,
    },
  },
);

interface Count {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Count = { passed: 0, failed: 0, skipped: 0 };
const byLane = new Map<Lane | 'other', Count>();
if (fs.existsSync(report)) {
  const result = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
  };
  // Should vitest fail to resolve the lanes again, the files still count, under "other".
  const laneOf = await lanesByFile().catch(() => new Map<string, Lane[]>());
  for (const file of result.testResults) {
    const lane = laneOf.get(path.relative(repoRoot, file.name))?.[0] ?? 'other';
    const count = byLane.get(lane) ?? { passed: 0, failed: 0, skipped: 0 };
    byLane.set(lane, count);
    for (const { status } of file.assertionResults) {
      const key = status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'skipped';
      count[key]++;
      total[key]++;
    }
    // A file that failed outside its tests — at load (e.g. Chromium missing under CI) or in a
    // suite's hook (its tests then count as skipped) — is one failure more.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      count.failed++;
      total.failed++;
    }
  }
} else {
  total.failed = 1;
}
// What the tests left behind. A process being stopped in an afterAll may take a moment to go.
let leftovers: Leftovers = findLeftovers(readSnapshot(tempDir), run);
for (let i = 0; i < 50 && leftovers.processes.length > 0; i++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  leftovers = findLeftovers(readSnapshot(tempDir), run);
}
if (!isClean(leftovers)) {
  console.warn('\n*** the tests left these behind ***');
  for (const line of describeLeftovers(leftovers)) console.warn(`  ${line}`);
  total.failed++;
  // Ended here (ours by their mark) so that the next run starts clean.
  for (const { pid } of leftovers.processes) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
// The report and the temp folder were only for this run: leave no temporary folder behind.
fs.rmSync(runDir, { recursive: true, force: true });

// With no file filter, every lane asked for must have run. Under CI a lane without a passing test
// (all skipped, or no files) fails the run; elsewhere it is only said.
const filtered = args.some((arg, i) => !arg.startsWith('--project') && args[i - 1] !== '--project');
for (const lane of filtered ? [] : lanes) {
  const count = byLane.get(lane) ?? { passed: 0, failed: 0, skipped: 0 };
  byLane.set(lane, count);
  if (count.passed > 0) continue;
  console.warn(`*** lane ${lane} ran no passing test ***`);
  if (process.env.CI === 'true') {
    count.failed++;
    total.failed++;
  }
}

console.log('');
for (const lane of [...LANE_NAMES, 'other'] as const) {
  const count = byLane.get(lane);
  if (count) {
    console.log(
      `${lane}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`,
    );
  }
}
const status = vitest.status === 0 && total.failed === 0 && total.passed > 0 ? 0 : 1;
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(status);
