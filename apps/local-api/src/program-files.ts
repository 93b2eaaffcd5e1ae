/**
 * The files the packaged program reads beside its code — the page scripts, the manager's built
 * files, the fingerprint generator's data — carried in the executable as assets (`npm run
 * package`) and written once per build into the user's cache folder, at the paths they have in a
 * checkout, where the bundled modules look for them (`globalThis.__hainiaoFile`, which the
 * package's bundler puts where a module named its own location). The first module the program
 * runs: nothing reads a file before they are in place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The asset listing the others: the build's hash and each file's path. */
export const FILES_ASSET = 'files.json';

/** The user's cache folder (files that can be made again from the program). */
export function cacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') {
    return path.win32.join(
      env.LOCALAPPDATA || path.win32.join(home, 'AppData', 'Local'),
      'Hainiao',
      'Cache',
    );
  }
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'Hainiao');
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : '';
  return path.join(xdg || path.join(home, '.cache'), 'hainiao');
}

function unpack(): string {
  const sea = process.getBuiltinModule('node:sea');
  const listing = JSON.parse(sea.getAsset(FILES_ASSET, 'utf8')) as {
    hash: string;
    files: string[];
  };
  const root = path.join(
    cacheDir(process.env, process.platform, os.homedir()),
    'app',
    listing.hash,
  );
  const done = path.join(root, '.complete');
  if (fs.existsSync(done)) return root;
  // Written aside and renamed into place: a program started twice at once, or stopped half-way,
  // never runs on half the files.
  const temp = `${root}.${process.pid}.tmp`;
  fs.rmSync(temp, { recursive: true, force: true });
  for (const file of listing.files) {
    const target = path.join(temp, ...file.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    fs.writeFileSync(target, new Uint8Array(sea.getRawAsset(file) as ArrayBuffer), { mode: 0o600 });
  }
  fs.writeFileSync(path.join(temp, '.complete'), listing.hash, { mode: 0o600 });
  try {
    fs.renameSync(temp, root);
  } catch (error) {
    // Another start put the same files in place first.
    fs.rmSync(temp, { recursive: true, force: true });
    if (!fs.existsSync(done)) throw error;
  }
  return root;
}

const sea = process.getBuiltinModule?.('node:sea');
if (sea?.isSea()) {
  const root = unpack();
  const file = (relative: string) => path.join(root, ...relative.split('/'));
  Object.assign(globalThis, {
    __hainiaoFile: file,
    __hainiaoUrl: (relative: string) => pathToFileURL(file(relative)).href,
  });
}
