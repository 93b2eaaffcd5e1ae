import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The site `npm run build -w apps/web` makes: the web package's dist folder (Vite's output). */
export function builtSite(): string {
  return path.join(packageDir('@hainiao/web'), 'dist');
}

/** The environment manager `npm run build -w apps/manager` makes (the local API serves it). */
export function builtManager(): string {
  return path.join(packageDir('@hainiao/manager'), 'dist');
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

interface Build {
  workspace: string;
  label: string;
  /** What the output is made from. */
  sources: () => string[];
  /** The file the build writes last: older than a source means stale. */
  marker: () => string;
}

/**
 * The site: the web app's sources, the contract and the content it prerenders, and the API docs'
 * example files (the repository's docs/examples, beside the apps).
 */
const SITE: Build = {
  workspace: '@hainiao/web',
  label: 'the web app',
  sources: () => {
    const web = packageDir('@hainiao/web');
    return [
      path.join(web, 'src'),
      path.join(web, 'scripts'),
      path.join(web, 'index.html'),
      path.join(web, 'public'),
      path.join(packageDir('@hainiao/contract'), 'src'),
      path.join(packageDir('@hainiao/content'), 'src'),
      path.join(web, '../../docs/examples'),
    ];
  },
  marker: () => path.join(builtSite(), '404.html'),
};

/** The manager: its sources and the contract it imports. */
const MANAGER: Build = {
  workspace: '@hainiao/manager',
  label: 'the environment manager',
  sources: () => {
    const manager = packageDir('@hainiao/manager');
    return [
      path.join(manager, 'src'),
      path.join(manager, 'public'),
      path.join(manager, 'index.html'),
      path.join(manager, 'vite.config.ts'),
      path.join(packageDir('@hainiao/contract'), 'src'),
    ];
  },
  marker: () => path.join(builtManager(), 'index.html'),
};

function isStale(build: Build): boolean {
  const marker = build.marker();
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const newest = Math.max(
    ...build
      .sources()
      .map((s) => (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs)),
  );
  return built < newest;
}

const npmArgs = (build: Build) => ['run', 'build', '--workspace', build.workspace];
// The build users get, whoever asks: inside vitest NODE_ENV is "test", and Vite then bundles
// React's and Ant Design's development code (their warnings reach the pages' consoles).
const buildEnv = () => ({ ...process.env, NODE_ENV: 'production' });
const repoRoot = () => path.join(packageDir('@hainiao/web'), '../..');

function buildIfStale(build: Build): void {
  if (!isStale(build)) return;
  console.log(`Building ${build.label}…`);
  execFileSync('npm', npmArgs(build), { cwd: repoRoot(), stdio: 'inherit', env: buildEnv() });
}

/** Builds the site when its output is missing or older than what it is made from; answers its folder. */
export function buildSiteIfStale(): string {
  buildIfStale(SITE);
  return builtSite();
}

/** Builds the environment manager when it is missing or stale; answers its folder. */
export function buildManagerIfStale(): string {
  buildIfStale(MANAGER);
  return builtManager();
}

/**
 * The site and the manager, each when stale, side by side: each build keeps one core busy for
 * most of its time, and `npm start` and `npm test` need both before anything else.
 */
export async function buildSiteAndManagerIfStale(): Promise<void> {
  await Promise.all(
    [SITE, MANAGER].filter(isStale).map(
      (build) =>
        new Promise<void>((resolve, reject) => {
          console.log(`Building ${build.label}…`);
          const child = spawn('npm', npmArgs(build), {
            cwd: repoRoot(),
            stdio: 'inherit',
            env: buildEnv(),
          });
          child.once('error', reject);
          child.once('exit', (code, signal) =>
            code === 0
              ? resolve()
              : reject(new Error(`npm ${npmArgs(build).join(' ')} ended with ${code ?? signal}`)),
          );
        }),
    ),
  );
}
