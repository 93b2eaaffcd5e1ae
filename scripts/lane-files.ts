/**
 * The test files of the repository and the lanes vitest itself puts them in (the projects of
 * vitest.config.ts), for the lane check (scripts/lanes.test.ts) and the per-lane count of npm test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createVitest } from 'vitest/node';
import type { Lane } from './lanes.ts';
import { repoRoot } from './system.ts';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'dist-ssr', 'data', '.tsbuild']);

/** Every *.test.ts(x) file under the repository, relative to its root. */
export function testFiles(dir = repoRoot): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(repoRoot, full)] : [];
  });
}

/** The lanes of each test file vitest finds (relative path → lanes; more than one is a mistake). */
export async function lanesByFile(): Promise<Map<string, Lane[]>> {
  const vitest = await createVitest('test', {
    root: repoRoot,
    config: path.join(repoRoot, 'vitest.config.ts'),
    watch: false,
  });
  try {
    const byFile = new Map<string, Lane[]>();
    for (const spec of await vitest.globTestSpecifications()) {
      const file = path.relative(repoRoot, spec.moduleId);
      byFile.set(file, [...(byFile.get(file) ?? []), spec.project.name as Lane]);
    }
    return byFile;
  } finally {
    await vitest.close();
  }
}
