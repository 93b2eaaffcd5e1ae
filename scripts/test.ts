/**
 * `npm test`: builds the web app (the end-to-end tests serve the real build), runs the whole vitest
 * suite, and ends with the plain summary line `N passed, N failed, N skipped` that CI reads.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from './build-if-stale.ts';
import { repoRoot } from './system.ts';

buildWebIfStale();

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-test-')), 'vitest.json');
const vitest = spawnSync(
  process.execPath,
  [
    path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: repoRoot, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(report)) {
  const result = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { status: string; assertionResults: unknown[] }[];
  };
  passed = result.numPassedTests;
  // A file that fails to load has no test results of its own: count it as a failure.
  failed =
    result.numFailedTests +
    result.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0)
      .length;
  skipped = result.numPendingTests + result.numTodoTests;
} else {
  failed = 1;
}
// The report was only for this count: leave no temporary folder behind.
fs.rmSync(path.dirname(report), { recursive: true, force: true });
const status = vitest.status === 0 && failed === 0 && passed > 0 ? 0 : 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status);
