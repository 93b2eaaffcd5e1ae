/**
 * Finds the Chromium-family browser the environments run on, its version (the "core"), and the
 * chromedriver that matches it (for Selenium). Order: `--browser-path`, then HAINIAO_BROWSER_PATH
 * (or CHROME_PATH / CHROMIUM_PATH), then the usual Chrome, Chromium and Edge locations of Windows,
 * macOS and Linux, then the PATH.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface BrowserInstall {
  /** The executable that is launched (Debian's /usr/bin/chromium shell wrapper is skipped). */
  path: string;
  /** '156.0.8078.79' */
  version: string;
  major: number;
  /** A chromedriver of the same major, or ''. */
  driver: string;
}

export class BrowserNotFound extends Error {}

const LINUX = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/opt/google/chrome/chrome',
  '/usr/bin/microsoft-edge-stable',
  '/usr/bin/microsoft-edge',
  '/opt/microsoft/msedge/msedge',
];

const MAC = [
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
];

function windowsCandidates(env: NodeJS.ProcessEnv): string[] {
  const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(
    (root): root is string => Boolean(root),
  );
  return roots.flatMap((root) => [
    path.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
    path.join(root, 'Chromium', 'Application', 'chrome.exe'),
    path.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
  ]);
}

export function candidatePaths(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const list =
    platform === 'win32'
      ? windowsCandidates(env)
      : platform === 'darwin'
        ? [...MAC, ...MAC.map((file) => path.join(os.homedir(), file))]
        : LINUX;
  const names =
    platform === 'win32'
      ? ['chrome.exe', 'msedge.exe']
      : ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => names.map((name) => path.join(dir, name)));
  return [...list, ...onPath];
}

const executable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Debian and Ubuntu ship a shell script that adds flags (and Google API keys): run the binary. */
function unwrap(file: string): string {
  try {
    // Only the head: the file may be the browser binary itself (hundreds of MB, seconds to read).
    const fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(4096);
    let length: number;
    try {
      length = fs.readSync(fd, buffer, 0, buffer.length, 0);
    } finally {
      fs.closeSync(fd);
    }
    const head = buffer.toString('utf8', 0, length);
    if (!head.startsWith('#!')) return file;
    const lib = /LIBDIR=(\S+)/.exec(head)?.[1];
    const app = /APPNAME=(\S+)/.exec(head)?.[1];
    if (lib && app) {
      const binary = path.join(lib.replace('$APPNAME', app), app);
      if (executable(binary)) return binary;
    }
  } catch {
    // unreadable: launch it as it is
  }
  return file;
}

async function versionOf(file: string): Promise<string> {
  if (process.platform === 'win32') {
    // chrome.exe --version prints nothing on Windows; the version is the name of a sibling folder.
    const folder = fs
      .readdirSync(path.dirname(file))
      .filter((name) => /^\d+\.\d+\.\d+\.\d+$/.test(name))
      .sort()
      .pop();
    if (folder) return folder;
  }
  const { stdout } = await run(file, ['--version'], { timeout: 15_000 });
  const match = /(\d+\.\d+\.\d+\.\d+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`unexpected --version output: ${stdout.trim()}`);
  return match[1];
}

async function driverFor(browser: string, major: number, env: NodeJS.ProcessEnv): Promise<string> {
  const name = process.platform === 'win32' ? 'chromedriver.exe' : 'chromedriver';
  const candidates = [
    env.HAINIAO_CHROMEDRIVER_PATH,
    path.join(path.dirname(browser), name),
    '/usr/bin/chromedriver',
    '/usr/lib/chromium/chromedriver',
    ...(env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
  ].filter((file): file is string => Boolean(file));
  for (const file of new Set(candidates)) {
    if (!executable(file)) continue;
    try {
      const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
      if (Number(/ChromeDriver (\d+)\./.exec(stdout)?.[1]) === major) return file;
    } catch {
      // not a working chromedriver
    }
  }
  return '';
}

export const INSTALL_HINT =
  'Install Chromium or Google Chrome (Debian/Ubuntu: apt-get install chromium chromium-driver; ' +
  'Windows/macOS: Google Chrome or Microsoft Edge), or point --browser-path (or ' +
  'HAINIAO_BROWSER_PATH) at its executable';

/** The browser to run, its version and driver; BrowserNotFound says what to install. */
export async function discoverBrowser(
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BrowserInstall> {
  const chosen = explicit || env.HAINIAO_BROWSER_PATH || env.CHROME_PATH || env.CHROMIUM_PATH;
  const candidates = chosen ? [chosen] : candidatePaths(process.platform, env);
  for (const candidate of candidates) {
    if (!executable(candidate)) continue;
    const file = unwrap(candidate);
    let version: string;
    try {
      version = await versionOf(file);
    } catch {
      continue;
    }
    const major = Number(version.split('.')[0]);
    return { path: file, version, major, driver: await driverFor(file, major, env) };
  }
  throw new BrowserNotFound(
    chosen
      ? `No runnable browser at ${chosen}. ${INSTALL_HINT}`
      : `No browser found. ${INSTALL_HINT}`,
  );
}
