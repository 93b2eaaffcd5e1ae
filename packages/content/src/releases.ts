/**
 * The releases of a fresh install: the client version, the downloadable cores, the previous
 * versions, and the files they point at. The cloud serves the files from its store folder
 * (`<DATA_DIR>/releases/`) through `GET /downloads/<file>`; its seed writes them there and puts the
 * rows in its tables, and the site's build prerenders the download page from the same rows.
 * Each file is a small real zip holding a README that says what it is — the demo cloud does not
 * distribute the Windows client, and nothing here pretends to be an installer.
 */
import { strToU8, zipSync } from 'fflate';
import { CLIENT_OS_LEGACY, CLIENT_OS_MODERN, KERNEL_WIN10_ONLY_FROM } from '@hainiao/contract';

/** The current client version of a fresh install. */
export const DEMO_VERSION = '2.8.1';

/**
 * Every browser version the site offers, 95 to 106 (BROWSER_VERSION_MIN/MAX), newest first,
 * with the Chromium kernel each one runs on.
 */
const DEMO_BUILDS = [
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

/**
 * Previous client versions for historylist.php, newest first, with the kernel each package
 * bundled: its file name says so (`-chromium<core>`), and the compatible systems follow from it.
 */
const DEMO_HISTORY = [
  { version: '2.8.0', date: '2026-10-27', core: 132 },
  { version: '2.7.3', date: '2026-09-15', core: 129 },
  { version: '2.7.0', date: '2026-08-04', core: 127 },
  { version: '2.6.2', date: '2026-06-23', core: 124 },
  { version: '2.5.0', date: '2026-05-05', core: 118 },
  { version: '2.4.1', date: '2026-03-17', core: 112 },
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

// A fixed time stamp inside the archives keeps them byte-identical from run to run.
const ARCHIVE_TIME = new Date('2026-01-01T00:00:00Z');

function demoArchive(title: string, lines: string[]): Uint8Array {
  const readme = [
    title,
    '='.repeat(title.length),
    '',
    ...lines,
    '',
    'This archive is a demonstration file served by a Hainiao demo cloud. It is NOT the Windows',
    'installer: the demo server does not distribute the desktop client. It shows where release',
    "files are served from (the cloud's data/releases/ folder) and that downloads work end to end.",
    'An operator replaces these files with the real installers of the same names, or points the',
    'core list and the version history at other files.',
    '',
    '这是海鸟演示云端提供的演示文件，并不是 Windows 安装程序：演示服务器不分发桌面客户端。',
    '它用于说明发布文件的存放位置（云端的 data/releases/ 目录），并验证下载流程完整可用。',
    '运营人员可以用同名的正式安装包替换这些文件，或让内核列表和历史版本指向其他文件。',
    '',
  ].join('\r\n');
  return zipSync({ 'README.txt': [strToU8(readme), { mtime: ARCHIVE_TIME }] }, { level: 9 });
}

export interface DemoRelease {
  file: string;
  bytes: Uint8Array;
}

export interface DemoCore {
  name: string;
  name_zh: string;
  version: string;
  core: number;
  path: string;
  sort: number;
}

export interface DemoHistoryRow {
  name: string;
  size: string;
  date: string;
  url: string;
  sort: number;
}

export interface Releases {
  /** The current client version. */
  version: string;
  /** The files the rows below point at (`<DOWNLOADS_PREFIX><file>`). */
  files: DemoRelease[];
  /** The downloadable cores, in their order (`sort`). */
  cores: DemoCore[];
  /** The previous client versions, newest first (`sort`). */
  history: DemoHistoryRow[];
}

/** The releases of a fresh install and their files; pure, so any build can read them. */
export function releases(): Releases {
  const files: DemoRelease[] = [];
  const cores = DEMO_BUILDS.map(({ version, core }, index) => {
    const file = `hainiao-${DEMO_VERSION}-browser${version}-chromium${core}.zip`;
    files.push({
      file,
      bytes: demoArchive(`Hainiao ${DEMO_VERSION} - Browser ${version} (Chromium ${core} kernel)`, [
        `Client version: ${DEMO_VERSION}`,
        `Browser version: ${version}`,
        `Kernel: Chromium ${core}`,
        `Runs on: ${supportedWindows(core).join(', ')}`,
      ]),
    });
    return {
      name: `Hainiao Browser ${version}`,
      name_zh: `海鸟浏览器 ${version}`,
      version: String(version),
      core,
      path: DOWNLOADS_PREFIX + file,
      sort: index,
    };
  });
  const history = DEMO_HISTORY.map(({ version, date, core }, index) => {
    const file = `hainiao-${version}-chromium${core}.zip`;
    const bytes = demoArchive(`Hainiao ${version} (previous version, released ${date})`, [
      `Client version: ${version}`,
      `Kernel: Chromium ${core}`,
      `Runs on: ${fileSystems(file).join(', ')}`,
    ]);
    files.push({ file, bytes });
    return {
      name: file,
      size: humanSize(bytes.length),
      date,
      url: DOWNLOADS_PREFIX + file,
      sort: index,
    };
  });
  return { version: DEMO_VERSION, files, cores, history };
}
