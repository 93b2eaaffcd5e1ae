/**
 * The browser processes: spawning one with its two DevTools channels, reading its DevTools port,
 * noticing an exit nobody asked for (-12), closing or killing it, and the crash safety around it.
 *
 * - The browser gets `--remote-debugging-pipe` (file descriptors 3 and 4) and no DevTools port:
 *   the service talks to it over the pipe, and the user's Puppeteer, Playwright or Selenium reach
 *   it through the service's DevTools proxy on a port of its own (devtools-proxy.ts), which only
 *   the machine user the service runs as may use.
 * - A closed pipe makes Chromium quit, so a killed service takes its browsers along; each running
 *   browser also has a state file under `<data>/run/`, and a new service ends whatever a previous
 *   one left there (endPreviousRun).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { BrowserCodes } from '@hainiao/contract';
import { CdpConnection } from '../devtools/cdp.ts';
import { serveDevTools, type DevToolsProxyOptions } from '../devtools/devtools-proxy.ts';
import { removeSingletonFiles } from './singleton-folder.ts';

const B = BrowserCodes.code;

/** A start that failed, with the BrowserCodes status the caller gets. */
export class LaunchFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const isWindows = process.platform === 'win32';

/** Ends a process tree: the process group on Linux and macOS, taskkill /T on Windows. */
export function killTree(pid: number): void {
  try {
    if (isWindows) execFileSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    else process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Process ids whose command line names `marker` (Linux; elsewhere the state files suffice). */
function processesWith(marker: string): number[] {
  if (process.platform !== 'linux') return [];
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker))
        found.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/** What a state file under `<data>/run/` holds (`profile`: a flag of the browser's command line). */
interface StateFile {
  pid: number;
  profile: string;
}

/**
 * Ends the browsers a previous (killed) service left, and forgets their state files: each state
 * file's process when its command line still names the same profile (the pid may have been
 * reused), then on Linux any process whose command line holds a profile under `envsDir`.
 */
export function endPreviousRun(runDir: string, envsDir: string): void {
  fs.mkdirSync(runDir, { recursive: true });
  for (const name of fs.readdirSync(runDir)) {
    const file = path.join(runDir, name);
    try {
      const state = JSON.parse(fs.readFileSync(file, 'utf8')) as StateFile;
      if (state.pid && alive(state.pid)) {
        const cmdline =
          process.platform === 'linux'
            ? fs.readFileSync(`/proc/${state.pid}/cmdline`, 'utf8')
            : state.profile;
        if (cmdline.includes(state.profile)) killTree(state.pid);
      }
    } catch {
      // unreadable state: nothing to end
    }
    fs.rmSync(file, { force: true });
  }
  for (const pid of processesWith(`--user-data-dir=${envsDir}${path.sep}`)) killTree(pid);
}

/** Runs `task` with at most `limit` at once; the others wait for a slot in order. */
export function launchQueue(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async function <T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      queue.shift()?.();
    }
  };
}

export interface SpawnOptions {
  executable: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** `<data>/run/<id>.json`: removed again by dispose. */
  stateFile: string;
  /** A flag of the command line that names this browser (its `--user-data-dir=…`). */
  marker: string;
  /** Its profile folder: what a killed browser left of its single-instance files goes at exit. */
  profile: string;
}

export interface BrowserProcess {
  readonly child: ChildProcess;
  /** The service's own DevTools connection (the pipe). */
  readonly cdp: CdpConnection;
  /** Settles when the process has exited. */
  readonly exited: Promise<void>;
  /** Set while the service itself ends the browser (stop, kill, quit, a failed start). */
  ending: boolean;
  hasExited(): boolean;
  /**
   * Once the browser answers on its pipe, opens the DevTools proxy and gives its port: the
   * caller's own `--remote-debugging-port=N` (`userPort`), or a free one. A port that is taken is
   * -11; no answer in `timeoutMs` is -18; an exit meanwhile is -2. The proxy closes with the pipe;
   * the other options are its own (devtools-proxy.ts).
   */
  devToolsPort(timeoutMs: number, options?: DevToolsOptions): Promise<number>;
  /**
   * Calls `listener` once the process exits: with -12 for an exit nobody asked for, undefined when
   * the service ended it or the user closed the last window (a clean exit).
   */
  onExit(listener: (condition: number | undefined) => void): void;
  /** Browser.close through the pipe; whether the process exited within `timeoutMs`. */
  close(timeoutMs: number): Promise<boolean>;
  /** Ends the process tree; whether the process exited within `timeoutMs`. */
  kill(timeoutMs: number): Promise<boolean>;
  /** Closes the pipe, ends whatever is left of the tree and removes the state file. */
  dispose(): void;
}

/** The DevTools endpoint's options: the caller's `--remote-debugging-port=N`, and the proxy's. */
export type DevToolsOptions = Omit<DevToolsProxyOptions, 'port'> & {
  userPort?: string | undefined;
};

/** Starts a browser (its own process group) and writes its state file. */
export function spawnBrowser(options: SpawnOptions): BrowserProcess {
  const child = spawn(options.executable, options.args, {
    detached: !isWindows,
    env: options.env,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const cdp = CdpConnection.overPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
  // Read without pause (a full pipe would block the browser); the tail explains a failed start.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const stderrTail = () => stderr.trim().split('\n').slice(-3).join(' ');
  fs.writeFileSync(
    options.stateFile,
    JSON.stringify({ pid: child.pid, profile: options.marker } satisfies Partial<StateFile>),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    try {
      if (child.pid) {
        removeSingletonFiles(options.profile, child.pid, options.env.TMPDIR ?? os.tmpdir());
      }
    } catch {
      // a folder that cannot be read or removed stays, as Chromium itself would leave it
    }
  });
  const exitedWithin = (timeoutMs: number) =>
    Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
    ]);
  const proc: BrowserProcess = {
    child,
    cdp,
    exited,
    ending: false,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    devToolsPort: (timeoutMs, devTools) =>
      openDevTools(child, cdp, stderrTail, timeoutMs, devTools),
    onExit(listener) {
      // A browser whose last window the user closed ends cleanly (0, no signal).
      child.once('exit', (code, signal) =>
        listener(proc.ending || (code === 0 && !signal) ? undefined : B.BROWSER_EXITED),
      );
    },
    async close(timeoutMs) {
      proc.ending = true;
      await cdp.quiet('Browser.close');
      return exitedWithin(timeoutMs);
    },
    kill(timeoutMs) {
      proc.ending = true;
      if (child.pid) killTree(child.pid);
      return exitedWithin(timeoutMs);
    },
    dispose() {
      void cdp.close();
      if (child.pid) killTree(child.pid);
      fs.rmSync(options.stateFile, { force: true });
    },
  };
  return proc;
}

async function openDevTools(
  child: ChildProcess,
  cdp: CdpConnection,
  stderrTail: () => string,
  timeoutMs: number,
  { userPort, ...proxy }: DevToolsOptions = {},
): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        done(
          new LaunchFailure(
            B.NO_RESPONSE,
            `the browser did not answer on its DevTools pipe in ${timeoutMs} ms`,
          ),
        ),
      timeoutMs,
    );
    // 'close' comes after the exit and the last of stderr, so the reason is complete.
    const onClose = (code: number | null, signal: NodeJS.Signals | null) =>
      done(
        new LaunchFailure(
          B.START_BROWSER_FAILED,
          `the browser exited at start (${code ?? signal}): ${stderrTail()}`,
        ),
      );
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.removeListener('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    child.once('close', onClose);
    child.once('error', (error) => done(new LaunchFailure(B.START_BROWSER_FAILED, error.message)));
    // A pipe that closes means the process is going: its 'close' says why.
    cdp.send('Browser.getVersion').then(
      () => done(),
      () => undefined,
    );
  });
  const port = userPort ? Number(userPort.slice('--remote-debugging-port='.length)) : 0;
  try {
    return (await serveDevTools(cdp, { ...proxy, port })).port;
  } catch (error) {
    throw new LaunchFailure(
      B.LISTEN_FAILED,
      userPort ? `${userPort}: the port is taken` : (error as Error).message,
    );
  }
}
