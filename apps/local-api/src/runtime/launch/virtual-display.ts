/**
 * The service's own displays. On Linux a headless start, and a windowed one on a machine without
 * X11 or Wayland, runs as a real window on a private Xvfb display that the service starts on
 * demand: a display is exactly as large as the environments' screen (so `screen.*` is the
 * environment's resolution in every realm, natively, and its window fits inside), has the
 * environment's taskbar or menu bar outside its work area (`screen.availHeight`, `availTop`), is
 * shared by the environments with that screen and taskbar, and ends with the last of them (the
 * service's stop ends them all, so it too).
 *
 * - Xvfb picks a free display number itself (`-displayfd`), listens on no TCP port and creates no
 *   socket file (`-nolisten unix` leaves Linux's abstract socket, which Chromium uses), and lets
 *   in only clients with its cookie (`-auth`): a 0600 file under `<data>/run/`, so other users of
 *   the machine cannot watch or drive the windows.
 * - Only the browser's environment gets DISPLAY and XAUTHORITY (`lease.env`); the service's own
 *   is left alone, and a machine with a display keeps using it.
 * - A state file under `<data>/run/` names it, so the next service ends one a killed service left
 *   (supervisor.ts endPreviousRun ends what a state file's `profile` still names).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BrowserCodes, format, localApiMessages, type Localized } from '@hainiao/contract';
import { LaunchFailure } from './supervisor.ts';

const B = BrowserCodes.code;

/** Xvfb on the PATH of `env`, or undefined when it is not installed. */
export function findXvfb(env: NodeJS.ProcessEnv): string | undefined {
  return findProgram(env, 'Xvfb');
}

/** The program `name` on the PATH of `env`, or undefined. */
function findProgram(env: NodeJS.ProcessEnv, name: string): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/**
 * Whether a window can be shown here: a display, Xvfb for the service's own, or not Linux (tests
 * of windows skip otherwise, and fail under CI with the start's answer naming the package).
 */
export function canShowWindows(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): boolean {
  return platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY || findXvfb(env));
}

/**
 * An X authority file with one MIT-MAGIC-COOKIE-1 entry for any address and display number
 * (family 0xffff, empty number), so it holds before Xvfb has chosen its number.
 */
export function xauthority(cookie: Buffer): Buffer {
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const family = Buffer.from([0xff, 0xff]);
  const none = Buffer.alloc(0);
  return Buffer.concat([
    family,
    field(none),
    field(none),
    field(Buffer.from('MIT-MAGIC-COOKIE-1')),
    field(cookie),
  ]);
}

const both = (message: Localized, values?: Record<string, string | number>) =>
  `${format(message.en, values)} | ${format(message.zh, values)}`;

interface Server {
  child: ChildProcess;
  /** ':N' */
  display: string;
  authFile: string;
  exited: Promise<void>;
}

/** Ends Xvfb: SIGTERM (it removes its lock file), SIGKILL if it lingers. */
async function terminate(server: Pick<Server, 'child' | 'exited'>, timeoutMs = 5000) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return server.exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await server.exited;
  clearTimeout(timer);
}

/** A display's size in device pixels, and the strips its taskbar or menu bar takes. */
export interface ScreenSize {
  width: number;
  height: number;
  insetTop?: number;
  insetBottom?: number;
}

/**
 * Tells the browsers on `display` where the taskbar is not: the root window's `_NET_WORKAREA`
 * (EWMH), which Chromium reads for `screen.availHeight`/`availTop` as a desktop's window manager
 * sets it. Set with xprop (Debian's x11-utils); without it the work area is the whole screen.
 */
async function setWorkArea(
  server: Pick<Server, 'display' | 'authFile'>,
  size: ScreenSize,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const top = size.insetTop ?? 0;
  const bottom = size.insetBottom ?? 0;
  const xprop = findProgram(env, 'xprop');
  if (!xprop || top + bottom === 0) return;
  // Numbers only, computed here: nothing from a request reaches the command line.
  const area = [0, top, size.width, size.height - top - bottom].map((n) => String(Math.round(n)));
  await new Promise<void>((resolve, reject) => {
    execFile(
      xprop,
      ['-root', '-f', '_NET_WORKAREA', '32c', '-set', '_NET_WORKAREA', area.join(',')],
      {
        env: { ...env, DISPLAY: server.display, XAUTHORITY: server.authFile },
        timeout: 5000,
      },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

async function startXvfb(
  runDir: string,
  env: NodeJS.ProcessEnv,
  size: ScreenSize,
  timeoutMs: number,
) {
  const xvfb = findXvfb(env);
  if (!xvfb) throw new LaunchFailure(B.START_BROWSER_FAILED, both(localApiMessages.xvfbMissing));
  fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
  const name = `xvfb-${randomBytes(6).toString('hex')}`;
  const authFile = path.join(runDir, `${name}.auth`);
  const stateFile = path.join(runDir, `${name}.json`);
  fs.writeFileSync(authFile, xauthority(randomBytes(16)), { mode: 0o600 });
  const { width, height } = size;
  const child = spawn(
    xvfb,
    [
      '-displayfd',
      '3',
      '-screen',
      '0',
      `${width}x${height}x24`,
      '-nolisten',
      'tcp',
      '-nolisten',
      'unix',
      '-auth',
      authFile,
      // No reset when the last browser disconnects: the next one may be connecting meanwhile.
      '-noreset',
    ],
    // Its own process group: a Ctrl-C in the service's terminal must not end it under the
    // browsers before the service has saved their cookies.
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true, env },
  );
  const cleanUp = () => {
    fs.rmSync(authFile, { force: true });
    fs.rmSync(stateFile, { force: true });
  };
  // A service that exits without its stop (an uncaught error) still takes it along.
  const onServiceExit = () => {
    try {
      if (child.pid) process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    cleanUp();
  };
  process.on('exit', onServiceExit);
  const exited = new Promise<void>((resolve) => {
    const done = () => {
      process.off('exit', onServiceExit);
      cleanUp();
      resolve();
    };
    child.once('exit', done);
    child.once('error', done);
  });
  if (child.pid) {
    fs.writeFileSync(stateFile, JSON.stringify({ pid: child.pid, profile: authFile }), {
      mode: 0o600,
    });
  }
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  try {
    const display = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no display within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      let written = '';
      (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
        written += chunk.toString();
        const match = /^(\d+)\n/.exec(written);
        if (match) {
          clearTimeout(timer);
          resolve(`:${match[1]}`);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        const last = said.trim().split('\n').filter(Boolean).slice(-3).join('; ');
        reject(new Error(last || `Xvfb exited (${signal ?? code})`));
      });
    });
    await setWorkArea({ display, authFile }, size, env);
    return { child, display, authFile, exited } satisfies Server;
  } catch (error) {
    await terminate({ child, exited });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new LaunchFailure(B.START_BROWSER_FAILED, both(localApiMessages.xvfbMissing));
    }
    throw new LaunchFailure(
      B.START_BROWSER_FAILED,
      both(localApiMessages.virtualDisplayFailed, { reason: (error as Error).message }),
    );
  }
}

/** One environment's use of the display. */
export interface DisplayLease {
  /** For the browser's environment only. */
  readonly env: { DISPLAY: string; XAUTHORITY: string };
  /** Xvfb's process id. */
  readonly pid: number;
  /** Ends this use (once); the last one ends the display, settled when Xvfb is gone. */
  release(): Promise<void>;
}

export interface VirtualDisplay {
  /**
   * A display of exactly this size, started if none of that size runs (LaunchFailure -2 when it
   * cannot be).
   */
  acquire(size: ScreenSize): Promise<DisplayLease>;
  /** Settles once every display whose last user has gone has ended. */
  settled(): Promise<void>;
}

export function virtualDisplay(options: {
  /** `<data>/run/`: the cookie and the state file. */
  runDir: string;
  /** The service's environment: Xvfb is looked up on its PATH and runs with it. */
  env: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
}): VirtualDisplay {
  interface Instance {
    users: number;
    server: Promise<Server>;
  }
  /** The running display of each size ('WxH'). */
  const current = new Map<string, Instance>();
  let ending: Promise<void> = Promise.resolve();
  const forget = (key: string, instance: Instance) => {
    if (current.get(key) === instance) current.delete(key);
  };

  function end(key: string, instance: Instance): Promise<void> {
    forget(key, instance);
    const done = instance.server.then(
      (server) => terminate(server),
      () => undefined,
    );
    ending = Promise.all([ending, done]).then(() => undefined);
    return done;
  }

  function open(key: string, size: ScreenSize): Instance {
    const server = startXvfb(options.runDir, options.env, size, options.startTimeoutMs ?? 10_000);
    const instance: Instance = { users: 0, server };
    // One that failed to start, or ended by itself, is not handed out again.
    const gone = () => forget(key, instance);
    server.then((s) => s.exited.then(gone), gone);
    current.set(key, instance);
    return instance;
  }

  return {
    async acquire(size) {
      // One display per screen and taskbar: its work area is part of what every page measures.
      const key = `${size.width}x${size.height}-${size.insetTop ?? 0}-${size.insetBottom ?? 0}`;
      const instance = current.get(key) ?? open(key, size);
      instance.users += 1;
      let server: Server;
      try {
        server = await instance.server;
      } catch (error) {
        instance.users -= 1;
        throw error;
      }
      let released = false;
      return {
        env: { DISPLAY: server.display, XAUTHORITY: server.authFile },
        pid: server.child.pid ?? 0,
        release() {
          if (released) return Promise.resolve();
          released = true;
          instance.users -= 1;
          return instance.users > 0 ? Promise.resolve() : end(key, instance);
        },
      };
    },
    settled: () => ending,
  };
}
