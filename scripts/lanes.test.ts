/**
 * Every test file of the repository runs in exactly one lane (scripts/lanes.ts), as vitest itself
 * resolves the projects of vitest.config.ts: none is left out of `npm test`, none runs twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { lanesByFile, testFiles } from './lane-files.ts';
import { LANE_NAMES, lanesOf, type Lane } from './lanes.ts';
import { repoRoot } from './system.ts';

let byFile: Map<string, Lane[]>;
beforeAll(async () => {
  byFile = await lanesByFile();
});

test('every test file is in exactly one lane', () => {
  const files = testFiles();
  expect(files.length).toBeGreaterThan(50);
  const wrong = files
    .map((file) => ({ file, lanes: byFile.get(file) ?? [] }))
    .filter(({ lanes }) => lanes.length !== 1);
  // All misplaced files at once, each with the lanes it is in (none, or several).
  expect(wrong).toEqual([]);
  expect([...new Set([...byFile.values()].flat())].sort()).toEqual([...LANE_NAMES].sort());
});

test('files that drive Chromium are in the browser or e2e lane', () => {
  const drivesChromium =
    /from 'puppeteer-core'|from 'playwright-core'|\bhasChromium\b|\blaunchChromium\b|\bstartBrowserService\b/;
  const wrong = [...byFile]
    // This file names the markers without driving anything.
    .filter(([file]) => file !== 'scripts/lanes.test.ts')
    .filter(([file]) => drivesChromium.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')))
    .filter(([, lanes]) => !lanes.every((lane) => lane === 'browser' || lane === 'e2e'));
  expect(wrong).toEqual([]);
});

test('unit files start no server, database or browser', () => {
  const needsMore =
    /\bdescribeEachDatabase\b|\bstartTestService\b|\bstartTestCloud\b|\bstartTestSystem\b|\bbuildTestApp\b|\bopenDatabase\b|\bopenStore\b|from '@hainiao\/sqlite'|\.listen\(/;
  const wrong = [...byFile]
    .filter(([file]) => file !== 'scripts/lanes.test.ts')
    .filter(([, lanes]) => lanes.includes('unit'))
    .filter(([file]) => needsMore.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')))
    .map(([file]) => file);
  expect(wrong).toEqual([]);
});

test('--project arguments name the lanes npm test runs', () => {
  expect(lanesOf([])).toEqual(['unit', 'integration', 'browser', 'e2e']);
  expect(lanesOf(['--project', 'unit'])).toEqual(['unit']);
  expect(lanesOf(['--project=e2e', '--project', 'browser'])).toEqual(['browser', 'e2e']);
  expect(lanesOf(['apps/web/e2e/account.test.ts'])).toEqual(LANE_NAMES);
});
