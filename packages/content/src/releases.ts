/**
 * The releases of a fresh install: the browser cores the download page lists (versions 95 to 106)
 * and the helpers that describe release files. The programs themselves are not here: the cloud
 * offers what `npm run package` published into its release store (apps/cloud release-catalog.ts),
 * and a fresh install without one says that nothing is published.
 */
import { CLIENT_OS_LEGACY, CLIENT_OS_MODERN, KERNEL_WIN10_ONLY_FROM } from '@hainiao/contract';

/**
 * Every browser version the site offers, 95 to 106 (BROWSER_VERSION_MIN/MAX), newest first,
 * with the Chromium kernel each one runs on.
 */
const BROWSER_BUILDS = [
  { version: 106, core: 132 },
  { version: 105, core: 131 },
  { version: 104, core: 129 },
  { version: 103, core: 127 },
  { version: 102, core: 124 },
  { version: 101, core: 122 },
  { version: 100, core: 118 },
  { version: 99, core: 116 },
  { version: 98, core: 112 },
  { version: 97, core: 111 },
  { version: 96, core: 110 },
  { version: 95, core: 109 },
] as const;

/** Where the cloud serves release files (its download route). */
export const DOWNLOADS_PREFIX = '/downloads/';

export function supportedWindows(core: number): readonly string[] {
  return core >= KERNEL_WIN10_ONLY_FROM ? CLIENT_OS_MODERN : CLIENT_OS_LEGACY;
}

/**
 * The Chromium kernel a release file bundles, from its file name (`…-chromium132.zip`, a path or
 * URL is fine), if it says.
 */
export function kernelOfFile(file: string): number | undefined {
  const match = /-chromium(\d{2,4})(?=[.-])[^/]*$/i.exec(file);
  return match ? Number(match[1]) : undefined;
}

/**
 * The Windows versions a previous-version file runs on (the download page's compatible-OS column):
 * those of the kernel its file name carries; a file that names no kernel is the client alone,
 * which runs on all four.
 */
export function fileSystems(file: string): string[] {
  const core = kernelOfFile(file);
  return [...(core === undefined ? CLIENT_OS_LEGACY : supportedWindows(core))];
}

/** 1536 → "1.5 KB". */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export interface BrowserCore {
  name: string;
  name_zh: string;
  version: string;
  core: number;
  path: string;
  sort: number;
}

export interface Releases {
  /** The browser cores the download page lists, in their order (`sort`). */
  cores: BrowserCore[];
}

/**
 * The cores of a fresh install; pure, so any build can read them. Their `path` is empty: every
 * core comes with the client program, which the cloud offers once `npm run package` has published
 * one (the cloud's release catalog), and no file stands in for it before.
 */
export function releases(): Releases {
  const cores = BROWSER_BUILDS.map(({ version, core }, index) => ({
    name: `Hainiao Browser ${version}`,
    name_zh: `海鸟浏览器 ${version}`,
    version: String(version),
    core,
    path: '',
    sort: index,
  }));
  return { cores };
}
