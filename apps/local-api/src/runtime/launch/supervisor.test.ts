/**
 * The supervisor with real short-lived processes standing in for the browser: Node scripts that
 * answer on the DevTools pipe (file descriptor 3 in, 4 out) like Chromium, exit by themselves, or
 * quit on Browser.close.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { BrowserCodes } from '@hainiao/contract';
import {
  endPreviousRun,
  killTree,
  launchQueue,
  LaunchFailure,
  spawnBrowser,
  type BrowserProcess,
} from './supervisor.ts';

const B = BrowserCodes.code;

/** Answers every command on the pipe; Browser.close makes it quit when `closes`. */
const answering = (closes: boolean) => `
  const net = require('node:net');
  const out = new net.Socket({ fd: 4, readable: false, writable: true });
  let text = '';
  new net.Socket({ fd: 3, readable: true, writable: false }).on('data', (chunk) => {
    text += chunk;
    let end;
    while ((end = text.indexOf('\\0')) >= 0) {
      const { id, method } = JSON.parse(text.slice(0, end));
      text = text.slice(end + 1);
      if (method === 'Browser.close' && ${closes}) process.exit(0);
      out.write(JSON.stringify({ id, result: {} }) + '\\0');
    }
  });
  setInterval(() => {}, 1000);`;

/** Answers on the pipe like a browser that is up, and runs until ended. */
const ANSWERS = answering(false);
/** Quits when the service sends Browser.close through the pipe, like Chromium. */
const CLOSES_ON_REQUEST = answering(true);
/** Answers every command on the pipe and stays (a browser that does not close). */
const ANSWERS_AND_STAYS = answering(false);

/** Whether something listens on 127.0.0.1:port. */
const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let dir: string;
const started: BrowserProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-supervisor-'));
  fs.mkdirSync(path.join(dir, 'run'));
});

afterEach(() => {
  for (const proc of started.splice(0)) proc.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

function fake(script: string, id = 'e1'): BrowserProcess {
  const profile = path.join(dir, 'sessions', id, 'profile');
  const marker = `--user-data-dir=${profile}`;
  const proc = spawnBrowser({
    executable: process.execPath,
    args: ['-e', script, '--', marker],
    env: process.env,
    stateFile: path.join(dir, 'run', `${id}.json`),
    marker,
    profile,
  });
  started.push(proc);
  return proc;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have failed'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(LaunchFailure);
      return error as LaunchFailure;
    },
  );

describe('a browser process', () => {
  test('its DevTools endpoint opens once the pipe answers; the state file names it until dispose', async () => {
    const proc = fake(ANSWERS);
    const port = await proc.devToolsPort(10_000);
    expect(await connects(port)).toBe(true);
    const stateFile = path.join(dir, 'run', 'e1.json');
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toEqual({
      pid: proc.child.pid,
      profile: `--user-data-dir=${path.join(dir, 'sessions', 'e1', 'profile')}`,
    });
    proc.dispose();
    await proc.exited;
    expect(fs.existsSync(stateFile)).toBe(false);
    expect(proc.hasExited()).toBe(true);
    // The endpoint goes with the pipe.
    await expect.poll(() => connects(port)).toBe(false);
  });

  test('an exit at start, no answer in time, and a taken caller port each say why', async () => {
    const crashed = await failure(
      fake(`process.stderr.write('no GPU\\nbad profile\\n'); process.exit(3);`).devToolsPort(
        10_000,
      ),
    );
    expect(crashed.status).toBe(B.START_BROWSER_FAILED);
    expect(crashed.message).toBe('the browser exited at start (3): no GPU bad profile');

    const silent = await failure(fake('setInterval(() => {}, 1000);', 'e2').devToolsPort(300));
    expect(silent.status).toBe(B.NO_RESPONSE);
    expect(silent.message).toBe('the browser did not answer on its DevTools pipe in 300 ms');

    // The caller's own port, taken by another program.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as net.AddressInfo).port;
    try {
      const taken = await failure(
        fake(ANSWERS, 'e3').devToolsPort(10_000, { userPort: `--remote-debugging-port=${busy}` }),
      );
      expect(taken.status).toBe(B.LISTEN_FAILED);
      expect(taken.message).toBe(`--remote-debugging-port=${busy}: the port is taken`);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
    const own = fake(ANSWERS, 'e4');
    expect(await own.devToolsPort(10_000, { userPort: `--remote-debugging-port=${busy}` })).toBe(
      busy,
    );
  });

  test('an exit nobody asked for is -12; a clean one and an asked-for one are not', async () => {
    const conditions: (number | undefined)[] = [];
    const crash = fake(`setTimeout(() => process.exit(1), 200);`, 'crash');
    crash.onExit((condition) => conditions.push(condition));
    const closed = fake(`setTimeout(() => process.exit(0), 200);`, 'closed');
    closed.onExit((condition) => conditions.push(condition));
    await Promise.all([crash.exited, closed.exited]);
    expect(conditions.sort()).toEqual([B.BROWSER_EXITED, undefined]);

    const killed = fake(ANSWERS, 'killed');
    await killed.devToolsPort(10_000);
    let condition: number | undefined = -1;
    killed.onExit((value) => (condition = value));
    expect(await killed.kill(5000)).toBe(true);
    expect(condition).toBeUndefined();
    expect(alive(killed.child.pid!)).toBe(false);
  });

  test('close asks through the pipe; one that answers but stays is not closed', async () => {
    const polite = fake(CLOSES_ON_REQUEST, 'polite');
    await polite.devToolsPort(10_000);
    expect(await polite.close(5000)).toBe(true);
    expect(polite.child.exitCode).toBe(0);

    const stubborn = fake(ANSWERS_AND_STAYS, 'stubborn');
    await stubborn.devToolsPort(10_000);
    expect(await stubborn.close(300)).toBe(false);
    expect(stubborn.hasExited()).toBe(false);
  });
});

test('killTree ends the whole process group', async () => {
  // A detached parent (its own group) with a child of its own that prints its pid.
  const parent = spawn(
    process.execPath,
    [
      '-e',
      `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       process.stdout.write(String(c.pid) + '\\n'); setInterval(() => {}, 1000);`,
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const grandchild = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  expect(alive(grandchild)).toBe(true);
  killTree(parent.pid!);
  await expect.poll(() => alive(grandchild)).toBe(false);
  await expect.poll(() => alive(parent.pid!)).toBe(false);
});

test("a new service ends what a killed one left: the state files' browsers and strays", async () => {
  const envsDir = path.join(dir, 'sessions');
  // One with a state file, as a running service keeps it.
  const listed = fake(ANSWERS, 'listed');
  // One whose state file is gone (it names a profile under the sessions folder all the same).
  const stray = fake(ANSWERS, 'stray');
  await Promise.all([listed.devToolsPort(10_000), stray.devToolsPort(10_000)]);
  fs.rmSync(path.join(dir, 'run', 'stray.json'));
  // A state file whose pid now belongs to another program: that program is left alone.
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  fs.writeFileSync(
    path.join(dir, 'run', 'reused.json'),
    JSON.stringify({ pid: other.pid, profile: `--user-data-dir=${envsDir}/reused/profile` }),
  );
  fs.writeFileSync(path.join(dir, 'run', 'garbage.json'), '{');

  endPreviousRun(path.join(dir, 'run'), envsDir);
  await Promise.all([listed.exited, stray.exited]);
  expect(fs.readdirSync(path.join(dir, 'run'))).toEqual([]);
  expect(alive(other.pid!)).toBe(true);
  other.kill('SIGKILL');
});

test('the launch queue runs at most its limit at once, the others in order', async () => {
  const queue = launchQueue(2);
  let active = 0;
  let most = 0;
  const order: number[] = [];
  const task = (n: number) => async () => {
    active += 1;
    most = Math.max(most, active);
    await new Promise((resolve) => setTimeout(resolve, 30));
    order.push(n);
    active -= 1;
    return n;
  };
  const results = await Promise.all([1, 2, 3, 4, 5].map((n) => queue(task(n))));
  expect(results).toEqual([1, 2, 3, 4, 5]);
  expect(most).toBe(2);
  expect(order).toEqual([1, 2, 3, 4, 5]);
  // A failing task frees its slot.
  await expect(queue(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
  expect(await queue(async () => 'next')).toBe('next');
});
