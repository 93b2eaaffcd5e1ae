/**
 * The command as a user runs it: flags, login at start, /api/v1/quit (lease released, store
 * closed), kill -9 at any moment without losing acknowledged writes, --hide (detached, PID file)
 * and --logs (a log file with secrets masked).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { programCommand } from '@hainiao/testkit/build-programs';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { call } from './test/server.ts';

// The command as built (its sources bundled), the service itself as the spawned process.
const cli = programCommand('local-api');

let cloud: TestCloud;
let alice: Awaited<ReturnType<TestCloud['account']>>;
const dirs: string[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  alice = await cloud.account('alice');
});
afterAll(async () => {
  await cloud?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-cli-'));
  dirs.push(dir);
  return dir;
}

/** Spawns the command; resolves once it listens, with its port and everything it printed. */
function start(
  args: string[],
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [...cli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (
        match &&
        /Logged in as|Login failed|--no-login--/.test(
          out + (args.includes('--account') ? '' : '--no-login--'),
        )
      ) {
        resolve({ child, port: Number(match[1]), output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => reject(new Error(`exited early: ${out}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const credentialFlags = () => [
  '--account',
  alice.Account,
  '--app_id',
  alice.APP_ID,
  '--app_key',
  alice.APP_KEY,
];

async function credentialStatus() {
  const token = await cloud.consoleToken('alice');
  return (await cloud.call('apiorderlist', { token })).data[0].status as number;
}

test('logs in from its flags, answers, and /api/v1/quit releases the lease and exits cleanly', async () => {
  const data = dataDir();
  const { child, port, output } = await start([
    '--data',
    data,
    '--cloud',
    cloud.url,
    '--return',
    'off',
    ...credentialFlags(),
  ]);
  expect(output()).toContain('Logged in as alice');
  const list = await call(port, '/api/v1/group/list', { body: '{}' });
  expect(list.json().code).toBe(0);
  expect(await credentialStatus()).toBe(1);

  const quit = await call(port, '/api/v1/quit');
  expect(quit.json()).toEqual({ message: 'APISERVER shut down.', code: 0, data: true });
  expect(await exited(child)).toBe(0);
  // The lease is released at once (not left to time out), and the store was closed cleanly.
  expect(await credentialStatus()).toBe(0);
  expect(fs.existsSync(path.join(data, 'local-api.sqlite'))).toBe(true);
  expect(fs.existsSync(path.join(data, 'local-api.sqlite-wal'))).toBe(false);
  // --logs is on by default: every call is in the log file, with the key masked.
  const log = fs.readFileSync(path.join(data, 'logs', 'local-api.log'), 'utf8');
  expect(log).toContain('POST /api/v1/group/list');
});

test('a wrong credential at start is reported and the service keeps running', async () => {
  const data = dataDir();
  const { child, port, output } = await start([
    '--data',
    data,
    '--cloud',
    cloud.url,
    '--account',
    'alice',
    '--app_id',
    alice.APP_ID,
    '--app_key',
    'wrong',
  ]);
  expect(output()).toMatch(/Login failed: Login failed: invalid App_ID or App_KEY \(-1\)/);
  const res = await call(port, '/login', { body: JSON.stringify(alice) });
  expect(res.json().status).toBe(0);
  // --return on (the default) prints each call with its answer; the key never appears.
  await expect.poll(output).toContain('POST /login');
  expect(output()).not.toContain(alice.APP_KEY);
  child.kill('SIGTERM');
  expect(await exited(child)).toBe(0);
});

test('kill -9 loses nothing that was acknowledged; a restart takes the lease over', async () => {
  const data = dataDir();
  const first = await start([
    '--data',
    data,
    '--cloud',
    cloud.url,
    '--return',
    'off',
    '--logs',
    'off',
    ...credentialFlags(),
  ]);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await call(first.port, '/api/v1/session/create', {
      body: JSON.stringify({ Automatic_Configure: 0, Session_Name: `durable ${i}` }),
    });
    ids.push(res.json().data.Session_Id);
  }
  const update = await call(first.port, '/api/v1/session/update', {
    body: JSON.stringify({ Session_ID: ids[0], Session_Desc: 'acknowledged' }),
  });
  expect(update.json().code).toBe(0);
  // A delete whose folder removal never happens (the process dies right after) leaves an orphan.
  fs.mkdirSync(path.join(data, 'sessions', 'orphan-from-a-crash'), { recursive: true });
  first.child.kill('SIGKILL');
  await exited(first.child);
  expect(fs.existsSync(path.join(data, 'local-api.sqlite-wal'))).toBe(true);

  const second = await start([
    '--data',
    data,
    '--cloud',
    cloud.url,
    '--return',
    'off',
    '--logs',
    'off',
    ...credentialFlags(),
  ]);
  try {
    expect(second.output()).toContain('Logged in as alice');
    const list = await call(second.port, '/api/v1/session/listid', { body: '{}' });
    expect(list.json().data.total).toBe(20);
    const env = await call(second.port, '/api/v1/session/id_container', {
      body: JSON.stringify({ Session_ID: ids[0], Session_container_type: 2 }),
    });
    expect(env.json().data.listcontainer[0]).toMatchObject({ Session_Desc: 'acknowledged' });
    expect(fs.existsSync(path.join(data, 'sessions', 'orphan-from-a-crash'))).toBe(false);
    expect(fs.existsSync(path.join(data, 'sessions', ids[1]!))).toBe(true);
  } finally {
    second.child.kill('SIGTERM');
    await exited(second.child);
  }
});

test('--hide on detaches, writes a PID file, and quits cleanly', async () => {
  const data = dataDir();
  const parent = spawn(process.execPath, [...cli, '--port', '0', '--data', data, '--hide', 'on'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  parent.stdout.on('data', (c: Buffer) => (out += c.toString()));
  parent.stderr.on('data', (c: Buffer) => (out += c.toString()));
  expect(await exited(parent)).toBe(0);
  const match = /listening on http:\/\/127\.0\.0\.1:(\d+) in the background \(pid (\d+)/.exec(out);
  expect(match, out).not.toBeNull();
  const port = Number(match![1]);
  const pid = Number(match![2]);
  const pidFile = path.join(data, 'hainiao-api.pid');
  expect(fs.readFileSync(pidFile, 'utf8').trim()).toBe(String(pid));
  try {
    // Not logged in (no credential at start): quit still stops it.
    const res = await call(port, '/api/v1/quit');
    expect(res.json()).toEqual({ message: 'APISERVER shut down.', code: 0, data: true });
    await expect.poll(() => fs.existsSync(pidFile), { timeout: 15_000 }).toBe(false);
  } finally {
    if (fs.existsSync(pidFile)) process.kill(pid, 'SIGTERM');
  }
  await expect.poll(() => fs.existsSync(pidFile)).toBe(false);
  expect(fs.readFileSync(path.join(data, 'logs', 'console.log'), 'utf8')).toContain('listening on');
});
