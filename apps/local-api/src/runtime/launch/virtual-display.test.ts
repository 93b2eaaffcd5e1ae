/**
 * The service's own display (virtual-display.ts), with real Xvfb and real Chromium, on a machine
 * without a display (the services run with no DISPLAY, whatever the test run has): a windowed
 * start runs on it and its screen is the environment's; one Xvfb serves every window of that
 * screen size, lets in only clients with its cookie, and ends with the last environment on it,
 * with the service's stop
 * (SIGTERM), and — after a kill -9 — with the next service's start; without Xvfb a windowed
 * start answers -2 naming the package in both languages.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { localApiMessages } from '@hainiao/contract';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { exited, spawnLocalApi, type ServiceProcess } from '@hainiao/testkit/service-process';
import { hasChromium } from '../../test/browser.ts';
import { findXvfb, virtualDisplay, type DisplayLease } from './virtual-display.ts';

const execFileAsync = promisify(execFile);

const hasXvfb = findXvfb(process.env) !== undefined;
// Under CI the display is mandatory; elsewhere its tests skip, said once.
if (!hasXvfb && process.env.CI === 'true') {
  throw new Error('Xvfb is required under CI=true but is not installed: apt-get install xvfb');
}
if (!hasXvfb) console.warn('*** virtual-display: Xvfb is not installed (apt-get install xvfb) ***');

/** A machine without a display, whatever this test run has. */
const NO_DISPLAY = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined, XAUTHORITY: undefined };

/** Running (a zombie has ended: only its exit status is left to collect). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A process's environment variables (/proc/<pid>/environ). */
function environOf(pid: number): Record<string, string> {
  return Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** Processes whose command line has an argument that names `text`, and that argument list. */
function processesNaming(text: string): { pid: number; args: string[] }[] {
  const found: { pid: number; args: string[] }[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (args.some((arg) => arg.includes(text))) found.push({ pid: Number(name), args });
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/** The Xvfb whose command line names this authority file. */
function xvfbWith(authFile: string): number | undefined {
  return processesNaming(authFile).find(
    ({ args }) => path.basename(args[0] ?? '') === 'Xvfb' && args.includes(authFile),
  )?.pid;
}

/**
 * The first byte of an X server's answer to a connection setup (1 accepted, 0 refused), with
 * `cookie` as MIT-MAGIC-COOKIE-1 or no authorization. Over the display's abstract socket, which
 * Node 20 cannot connect to: Python (a dependency of CI's python3-requests) does.
 */
async function xSetup(display: string, cookie?: Buffer): Promise<number> {
  const pad = (bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)]);
  const name = cookie ? Buffer.from('MIT-MAGIC-COOKIE-1') : Buffer.alloc(0);
  const data = cookie ?? Buffer.alloc(0);
  const head = Buffer.alloc(12);
  head.write('l', 0); // little-endian
  head.writeUInt16LE(11, 2);
  head.writeUInt16LE(0, 4);
  head.writeUInt16LE(name.length, 6);
  head.writeUInt16LE(data.length, 8);
  const request = Buffer.concat([head, pad(name), pad(data)]);
  const script = [
    'import socket, sys',
    's = socket.socket(socket.AF_UNIX)',
    "s.connect('\\0/tmp/.X11-unix/X' + sys.argv[1])",
    's.sendall(bytes.fromhex(sys.argv[2]))',
    'print(s.recv(1)[0])',
  ].join('\n');
  // Not synchronous: the service in this process keeps reading what Xvfb writes meanwhile.
  const { stdout } = await execFileAsync(
    'python3',
    ['-c', script, display.slice(1), request.toString('hex')],
    { encoding: 'utf8', timeout: 60_000 },
  );
  return Number(stdout.trim());
}

describe.skipIf(!hasXvfb)('the virtual display', () => {
  test('one Xvfb per screen size for all its users, only with its cookie, ended by the last; a new one after', async () => {
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-display-'));
    const display = virtualDisplay({ runDir, env: { ...process.env, ...NO_DISPLAY } });
    const leases: DisplayLease[] = [];
    const acquire = async (width = 1366, height = 768) => {
      const lease = await display.acquire({ width, height });
      leases.push(lease);
      return lease;
    };
    try {
      const serviceEnv = { ...process.env };
      const [a, b, other] = await Promise.all([acquire(), acquire(), acquire(1920, 1080)]);
      expect(b.pid).toBe(a.pid);
      expect(b.env).toEqual(a.env);
      // Another screen size is another display, of that size.
      expect(other.pid).not.toBe(a.pid);
      expect(other.env.DISPLAY).not.toBe(a.env.DISPLAY);
      await other.release();
      expect(alive(other.pid)).toBe(false);
      expect(a.env.DISPLAY).toMatch(/^:\d+$/);
      expect(path.dirname(a.env.XAUTHORITY)).toBe(runDir);
      expect(fs.statSync(a.env.XAUTHORITY).mode & 0o777).toBe(0o600);
      // The caller's environment is not the browser's.
      expect(process.env).toEqual(serviceEnv);

      // Its cookie lets a client in; none, or another, does not. No socket file either.
      const cookie = fs.readFileSync(a.env.XAUTHORITY).subarray(-16);
      expect(await xSetup(a.env.DISPLAY, cookie)).toBe(1);
      expect(await xSetup(a.env.DISPLAY)).toBe(0);
      expect(await xSetup(a.env.DISPLAY, randomBytes(16))).toBe(0);
      expect(fs.existsSync(`/tmp/.X11-unix/X${a.env.DISPLAY.slice(1)}`)).toBe(false);

      await a.release();
      await a.release(); // a second release of the same use changes nothing
      expect(alive(a.pid)).toBe(true);
      await b.release();
      expect(alive(a.pid)).toBe(false);
      expect(fs.readdirSync(runDir)).toEqual([]);

      const c = await acquire();
      expect(c.pid).not.toBe(a.pid);
      expect(alive(c.pid)).toBe(true);
      await c.release();
      expect(alive(c.pid)).toBe(false);
      await display.settled();
      expect(fs.readdirSync(runDir)).toEqual([]);
    } finally {
      // Nothing left should an assertion fail midway.
      await Promise.all(leases.map((lease) => lease.release()));
      fs.rmSync(runDir, { recursive: true, force: true });
    }
  });

  describe.skipIf(!hasChromium)('through the service', () => {
    let cloud: TestCloud;
    let dataDir: string;
    let binDir: string;
    let account: Awaited<ReturnType<TestCloud['account']>>;
    const services: ServiceProcess[] = [];

    beforeAll(async () => {
      cloud = await startTestCloud();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-display-'));
      binDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bin-'));
      account = await cloud.account('display');
    }, 60_000);

    /** What a test that failed midway left running on the shared data folder: not the next's. */
    async function endLeftovers() {
      for (const service of services.splice(0)) {
        service.child.kill('SIGKILL');
        await exited(service.child);
      }
      // A killed service leaves its displays and browsers.
      for (const { pid } of dataDir ? processesNaming(dataDir) : []) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }
    }
    afterEach(endLeftovers, 60_000);

    afterAll(async () => {
      await endLeftovers();
      await cloud?.stop();
      for (const dir of [dataDir, binDir]) {
        if (dir) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      }
    }, 60_000);

    /** A service on `dataDir` without a display, logged in to the cloud. */
    async function startService(env: NodeJS.ProcessEnv = {}) {
      const service = await spawnLocalApi({
        dataDir,
        cloud: cloud.url,
        env: { ...NO_DISPLAY, ...env },
      });
      services.push(service);
      expect((await service.post('/login', account)).json().status).toBe(0);
      return service;
    }

    async function create(service: ServiceProcess, resolution = '1366x768'): Promise<string> {
      const res = await service.post('/api/v1/session/create', {
        Automatic_Configure: 0,
        resolution,
      });
      expect(res.json().code).toBe(0);
      return res.json().data.Session_Id as string;
    }

    async function startWindowed(service: ServiceProcess, ids: string[]) {
      const res = await service.post('/api/v1/browser/start', { Session_ID: ids, isHeadless: 0 });
      expect(res.json().code).toBe(0);
      return res.json().data.listid as {
        status: number;
        message?: string;
        Session_ProcessID: number;
        browser_CDP_Port: number;
      }[];
    }

    test('a window on a machine without a display: the service’s Xvfb, ended with the last environment and with the service', async () => {
      const service = await startService();
      const ids = [await create(service), await create(service)];
      const items = await startWindowed(service, ids);
      expect(items.map((item) => item.status)).toEqual([0, 0]);

      // Both browsers on one display of the service's, with its cookie.
      const [first, second] = items.map((item) => environOf(item.Session_ProcessID));
      expect(first!.DISPLAY).toMatch(/^:\d+$/);
      expect(second!.DISPLAY).toBe(first!.DISPLAY);
      expect(path.dirname(first!.XAUTHORITY!)).toBe(path.join(dataDir, 'run'));
      const xvfb = xvfbWith(first!.XAUTHORITY!)!;
      expect(alive(xvfb)).toBe(true);

      // The window's screen is the environment's, and the window fits inside it.
      const browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${items[0]!.browser_CDP_Port}`,
        defaultViewport: null,
      });
      try {
        const page = await browser.newPage();
        const [width, height, outerWidth, outerHeight] = (await page.evaluate(
          '[screen.width, screen.height, outerWidth, outerHeight]',
        )) as number[];
        expect([width, height]).toEqual([1366, 768]);
        expect(outerWidth).toBeLessThanOrEqual(width!);
        expect(outerHeight).toBeLessThanOrEqual(height!);
      } finally {
        await browser.disconnect();
      }

      // The display stays while one environment uses it, and ends with the last.
      const stop = (id: string) => service.post('/api/v1/browser/stop', { Session_ID: [id] });
      expect((await stop(ids[0]!)).json().data.listid[0].status).toBe(0);
      expect(alive(xvfb)).toBe(true);
      expect((await stop(ids[1]!)).json().data.listid[0].status).toBe(0);
      await expect.poll(() => alive(xvfb)).toBe(false);
      // Its cookie and state file go when the service hears it exit, a moment after it has.
      await expect.poll(() => fs.readdirSync(path.join(dataDir, 'run'))).toEqual([]);

      // A new one for the next window; the service's stop (SIGTERM) ends it before the service.
      const [again] = await startWindowed(service, [ids[0]!]);
      expect(again!.status).toBe(0);
      const next = xvfbWith(environOf(again!.Session_ProcessID).XAUTHORITY!)!;
      expect(next).not.toBe(xvfb);
      expect(alive(next)).toBe(true);
      service.child.kill('SIGTERM');
      await exited(service.child);
      expect(alive(next)).toBe(false);
      expect(alive(again!.Session_ProcessID)).toBe(false);
    }, 180_000);

    test('a service stopped while it starts windows ends them and its display: nothing outlives it', async () => {
      // CI once stopped a service in the middle of a 20-environment start: its Xvfb stayed.
      const service = await startService();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push(await create(service, '1280x720'));
      const answer = service
        .post('/api/v1/browser/start', { Session_ID: ids, isHeadless: 0 })
        .catch(() => undefined);
      // Stopped once the first browser has come up, with the others still to launch.
      await expect
        .poll(() => processesNaming(path.join(dataDir, 'sessions')).length, { timeout: 60_000 })
        .toBeGreaterThan(0);
      service.child.kill('SIGTERM');
      await exited(service.child);
      await answer;
      expect(processesNaming(dataDir)).toEqual([]);
    }, 180_000);

    test('a service killed with -9 leaves its display to the next one, which ends it at start', async () => {
      const killed = await startService();
      const [item] = await startWindowed(killed, [await create(killed)]);
      expect(item!.status).toBe(0);
      const xvfb = xvfbWith(environOf(item!.Session_ProcessID).XAUTHORITY!)!;
      await killed.kill();
      expect(alive(xvfb)).toBe(true);

      const next = await startService();
      await expect.poll(() => alive(xvfb)).toBe(false);
      await next.quit();
    }, 180_000);

    test('without Xvfb a window answers -2 naming the package, in both languages', async () => {
      // This machine's PATH, less Xvfb.
      for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
        if (!dir || !fs.existsSync(dir)) continue;
        for (const name of fs.readdirSync(dir)) {
          if (name === 'Xvfb') continue;
          try {
            fs.symlinkSync(path.join(dir, name), path.join(binDir, name));
          } catch {
            // the name came earlier on the PATH
          }
        }
      }
      const service = await startService({ PATH: binDir });
      const [item] = await startWindowed(service, [await create(service)]);
      expect(item!.status).toBe(-2);
      expect(item!.message).toContain('apt-get install xvfb');
      expect(item!.message).toContain(localApiMessages.xvfbMissing.en);
      expect(item!.message).toContain(localApiMessages.xvfbMissing.zh);
      await service.quit();
    }, 120_000);
  });
});
