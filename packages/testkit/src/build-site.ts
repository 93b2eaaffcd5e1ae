import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The site `npm run build -w apps/web` makes: the web package's dist folder (Vite's output). */
export function builtSite(): string {
  return path.join(packageDir('@hainiao/web'), 'dist');
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the site when its output is missing or older than what it is made from, and answers
 * its folder: the web app's sources, the contract and the content it prerenders, and the API
 * docs' example files (the repository's docs/examples, beside the apps).
 */
export function buildSiteIfStale(): string {
  const web = packageDir('@hainiao/web');
  const sources = [
    path.join(web, 'src'),
    path.join(web, 'scripts'),
    path.join(web, 'index.html'),
    path.join(web, 'public'),
    path.join(packageDir('@hainiao/contract'), 'src'),
    path.join(packageDir('@hainiao/content'), 'src'),
    path.join(web, '../../docs/examples'),
  ];
  const marker = path.join(builtSite(), '404.html');
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const newest = Math.max(
    ...sources.map((s) => (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs)),
  );
  if (built < newest) {
    console.log('Building the web app…');
    execFileSync('npm', ['run', 'build', '--workspace', '@hainiao/web'], {
      cwd: path.join(web, '../..'),
      stdio: 'inherit',
    });
  }
  return builtSite();
}

/** The environment manager `npm run build -w apps/manager` makes (the local API serves it). */
export function builtManager(): string {
  return path.join(packageDir('@hainiao/manager'), 'dist');
}

/**
 * Builds the environment manager when its output is missing or older than what it is made from
 * (its sources and the contract it imports), and answers its folder.
 */
export function buildManagerIfStale(): string {
  const manager = packageDir('@hainiao/manager');
  const sources = [
    path.join(manager, 'src'),
    path.join(manager, 'public'),
    path.join(manager, 'index.html'),
    path.join(manager, 'vite.config.ts'),
    path.join(packageDir('@hainiao/contract'), 'src'),
  ];
  const marker = path.join(builtManager(), 'index.html');
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const newest = Math.max(
    ...sources.map((s) => (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs)),
  );
  if (built < newest) {
    console.log('Building the environment manager…');
    execFileSync('npm', ['run', 'build', '--workspace', '@hainiao/manager'], {
      cwd: path.join(manager, '../..'),
      stdio: 'inherit',
    });
  }
  return builtManager();
}
