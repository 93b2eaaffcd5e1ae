import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './system.ts';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its output is missing or older than its sources or the contract. */
export function buildWebIfStale(): void {
  const marker = path.join(repoRoot, 'apps/web/dist/404.html');
  const sources = [
    'apps/web/src',
    'apps/web/scripts',
    'apps/web/index.html',
    'apps/web/public',
    'packages/contract/src',
    // The build prerenders the download and FAQ pages from the seeded content.
    'apps/cloud/src/modules/content',
    // The API docs' example page shows these files.
    'docs/examples',
  ];
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const newest = Math.max(
    ...sources.map((s) => {
      const full = path.join(repoRoot, s);
      return fs.statSync(full).isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    }),
  );
  if (built >= newest) return;
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '--workspace', '@hainiao/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
