/**
 * What a test run left behind (issue 15: "the suite itself leaves no process, browser, port or
 * temp folder behind"). `npm test` gives vitest a run mark and a temp folder of its own:
 * - HAINIAO_TEST_RUN=<random id> in its environment, which every process the tests start
 *   inherits (the CLI, Chromium and its helpers, chromedriver, s3rver…), so a process still
 *   carrying it afterwards is one of ours — never one that existed before or another user's or
 *   another run's;
 * - TMPDIR=<a fresh folder>, so every temp folder the tests make lands there and anything left
 *   in it is theirs (another suite running at the same time has its own).
 * After vitest exits, `findLeftovers` names the marked processes, the ports they still listen
 * on, and the entries left in the folder. The pure parts are tested in leftovers.test.ts.
 */
import fs from 'node:fs';

export const RUN_MARK = 'HAINIAO_TEST_RUN';

export interface ProcessInfo {
  pid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
  /** The raw NUL-separated environment (/proc/<pid>/environ), '' when unreadable. */
  environ: string;
}

export interface ListeningSocket {
  inode: number;
  address: string;
}

export interface Snapshot {
  processes: ProcessInfo[];
  /** Listening TCP sockets by inode. */
  listening: ListeningSocket[];
  /** Socket inodes held open by each process. */
  socketsByPid: Map<number, number[]>;
  /** Entries of the run's temp folder. */
  tempEntries: string[];
}

export interface Leftovers {
  processes: ProcessInfo[];
  ports: { pid: number; address: string }[];
  tempEntries: string[];
}

/**
 * Entries a run may leave in its temp folder that are not a test's: tsx's compile cache, and the
 * singleton sockets and shared-memory files Chromium keeps there (left by a browser killed on
 * purpose in a crash test; the browser itself, if still running, is caught as a process).
 */
const TOOL_ENTRIES = [/^tsx-\d+$/, /^\.?org\.chromium\.Chromium\.[A-Za-z0-9]+$/];

/** Whether an environment (NUL-separated) carries this run's mark. */
export function carriesMark(environ: string, runId: string): boolean {
  return environ.split('\0').includes(`${RUN_MARK}=${runId}`);
}

/** Listening sockets in a /proc/net/tcp or tcp6 table (state 0A), with readable addresses. */
export function parseListening(table: string): ListeningSocket[] {
  const sockets: ListeningSocket[] = [];
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== '0A') continue;
    const [hexAddress = '', hexPort = ''] = (fields[1] ?? '').split(':');
    sockets.push({
      inode: Number(fields[9]),
      address: `${decodeAddress(hexAddress)}:${parseInt(hexPort, 16)}`,
    });
  }
  return sockets;
}

/** The kernel's hex address (little-endian 32-bit words) as text. */
export function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((word) => (word.match(/../g) ?? []).reverse());
  const octets = bytes.map((byte) => parseInt(byte, 16));
  if (octets.length === 4) return octets.join('.');
  if (octets.slice(0, 10).every((o) => o === 0) && octets[10] === 255 && octets[11] === 255) {
    return octets.slice(12).join('.');
  }
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) {
    groups.push((((octets[i] ?? 0) << 8) | (octets[i + 1] ?? 0)).toString(16));
  }
  // The longest run of zero groups becomes '::' (RFC 5952).
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.length) best = { start: i, length: j - i };
  }
  const text =
    best.start < 0
      ? groups.join(':')
      : `${groups.slice(0, best.start).join(':')}::${groups.slice(best.start + best.length).join(':')}`;
  return `[${text}]`;
}

/**
 * What the run left: processes carrying its mark or naming its temp folder (other than those in
 * `exclude`: the runner and anything running before the run), the ports those listen on, and
 * entries of the temp folder that are not tool caches.
 */
export function findLeftovers(
  snapshot: Snapshot,
  run: { id: string; tempDir: string; exclude: ReadonlySet<number> },
): Leftovers {
  const processes = snapshot.processes.filter(
    (p) =>
      !run.exclude.has(p.pid) &&
      (carriesMark(p.environ, run.id) || p.command.includes(run.tempDir)),
  );
  const byInode = new Map(snapshot.listening.map((s) => [s.inode, s.address]));
  const ports: Leftovers['ports'] = [];
  for (const p of processes) {
    for (const inode of snapshot.socketsByPid.get(p.pid) ?? []) {
      const address = byInode.get(inode);
      if (address && !ports.some((port) => port.address === address)) {
        ports.push({ pid: p.pid, address });
      }
    }
  }
  const tempEntries = snapshot.tempEntries
    .filter((entry) => !TOOL_ENTRIES.some((pattern) => pattern.test(entry)))
    .sort();
  return { processes, ports, tempEntries };
}

export function isClean(leftovers: Leftovers): boolean {
  return (
    leftovers.processes.length === 0 &&
    leftovers.ports.length === 0 &&
    leftovers.tempEntries.length === 0
  );
}

/** The lines `npm test` prints about what was left, one per thing. */
export function describeLeftovers(leftovers: Leftovers): string[] {
  const short = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);
  return [
    ...leftovers.processes.map((p) => `process ${p.pid} still running: ${short(p.command)}`),
    ...leftovers.ports.map((p) => `port ${p.address} still listening (process ${p.pid})`),
    ...leftovers.tempEntries.map((entry) => `temp folder entry left: ${entry}`),
  ];
}

const readOr = (file: string, fallback = ''): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback; // gone meanwhile, or another user's
  }
};

/** The pids running now (Linux /proc; empty elsewhere, where the check does not apply). */
export function runningPids(): number[] {
  if (!fs.existsSync('/proc/self/environ')) return [];
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The machine as the check sees it (Linux /proc). */
export function readSnapshot(tempDir: string): Snapshot {
  const processes: ProcessInfo[] = [];
  const socketsByPid = new Map<number, number[]>();
  for (const pid of runningPids()) {
    const command = readOr(`/proc/${pid}/cmdline`).split('\0').join(' ').trim();
    if (!command) continue; // a kernel thread or a zombie
    processes.push({ pid, command, environ: readOr(`/proc/${pid}/environ`) });
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const inodes: number[] = [];
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.push(Number(match[1]));
      } catch {
        // closed meanwhile
      }
    }
    socketsByPid.set(pid, inodes);
  }
  const listening = [
    ...parseListening(readOr('/proc/net/tcp')),
    ...parseListening(readOr('/proc/net/tcp6')),
  ];
  const tempEntries = fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : [];
  return { processes, listening, socketsByPid, tempEntries };
}
