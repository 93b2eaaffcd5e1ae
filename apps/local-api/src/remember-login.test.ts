/**
 * The login kept across restarts (--remember-login, issue 27): a /login is kept in
 * <data>/remembered-login.json (0600) and logged in with at the next start, with no /login call;
 * a sign-out removes it; a credential the cloud refuses is removed at start; a file readable by
 * others is not used; `--remember-login off` keeps nothing. The key never shows in what the
 * service prints or logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { programCommand } from '@hainiao/testkit/build-programs';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { REMEMBERED_LOGIN_FILE } from './account/remembered.ts';
import { call } from './test/server.ts';

const cli = programCommand('local-api');

let cloud: TestCloud;
let alice: Awaited<ReturnType<TestCloud['account']>>;
const dirs: string[] = [];
const running = new Set<ChildProcess>();
/** Everything every service of the test printed. */
let printed = '';

beforeAll(async () => {
  cloud = await startTestCloud();
  alice = await cloud.account('alice');
});
afterEach(async () => {
  await Promise.all([...running].map((child) => stop(child, 'SIGKILL')));
});
afterAll(async () => {
  await cloud?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-remember-'));
  dirs.push(dir);
  return dir;
}

/** The service on `data`, with its call echo and log file on (where a key could show). */
function start(data: string, args: string[] = []) {
  const child = spawn(
    process.execPath,
    [
      ...cli,
      '--port',
      '0',
      '--data',
      data,
      '--cloud',
      cloud.url,
      '--return',
      'on',
      '--logs',
      'on',
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let out = '';
  return new Promise<{ child: ChildProcess; port: number; output: () => string }>(
    (resolve, reject) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        printed += chunk.toString();
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (match) resolve({ child, port: Number(match[1]), output: () => out });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', () => reject(new Error(`exited early: ${out}`)));
    },
  );
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode === null && child.signalCode === null) {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await ended;
  }
  running.delete(child);
}

const account = async (port: number) =>
  (await call(port, '/manager/state', { method: 'GET' })).json().account as string | null;

async function until(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not ${what} after 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the service wrote in its log folder. */
const logs = (data: string) => {
  const dir = path.join(data, 'logs');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
        .join('\n')
    : '';
};

describe('the login kept across restarts', () => {
  test('a /login is kept (0600) and logged in with after a restart; a sign-out forgets it', async () => {
    const data = dataDir();
    const file = path.join(data, REMEMBERED_LOGIN_FILE);
    const first = await start(data);
    expect(await account(first.port)).toBe(null);
    const login = await call(first.port, '/login', { body: JSON.stringify(alice) });
    expect(login.json().status, login.text).toBe(0);
    expect(first.output()).toContain('/login');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      account: 'alice',
      appId: alice.APP_ID,
      appKey: alice.APP_KEY,
      cloud: cloud.url,
    });
    // No temp file is left beside it.
    expect(fs.readdirSync(data).filter((name) => name.includes(REMEMBERED_LOGIN_FILE))).toEqual([
      REMEMBERED_LOGIN_FILE,
    ]);
    await stop(first.child);
    expect(fs.existsSync(file)).toBe(true);

    // A new service on the same folder: logged in as alice, and no /login was called.
    const second = await start(data);
    expect(second.output()).toContain('Logging in as alice (kept login)…');
    await until(async () => (await account(second.port)) === 'alice', 'logged in');
    expect(second.output()).not.toContain('/login');
    expect(second.output()).toContain('Logged in as alice (kept login)');
    const list = await call(second.port, '/api/v1/group/list', { body: '{}' });
    expect(list.json().code).toBe(0);

    // Signed out in the manager: the file is gone, and the next start is logged out.
    const out = await call(second.port, '/manager/sign-out', { body: '{}' });
    expect(out.json()).toEqual({ account: null });
    expect(fs.existsSync(file)).toBe(false);
    await stop(second.child);
    // A kept login is announced before the service says it listens: none is, so none comes.
    const third = await start(data);
    expect(third.output()).not.toContain('kept login');
    expect(await account(third.port)).toBe(null);
    await stop(third.child);

    // The key never showed in what was printed or logged.
    expect(printed).toContain('alice');
    expect(printed).not.toContain(alice.APP_KEY);
    expect(logs(data)).not.toBe('');
    expect(logs(data)).not.toContain(alice.APP_KEY);
  });

  test('a kept credential the cloud refuses: logged out, and the file is removed', async () => {
    const data = dataDir();
    const file = path.join(data, REMEMBERED_LOGIN_FILE);
    fs.writeFileSync(
      file,
      JSON.stringify({
        account: 'alice',
        appId: alice.APP_ID,
        appKey: 'revoked-key-0000000000',
        cloud: cloud.url,
      }),
      { mode: 0o600 },
    );
    const service = await start(data);
    // Said once the file is gone (the service removes it, then prints the line).
    expect(service.output()).toContain('Logging in as alice (kept login)…');
    await until(() => /kept login of alice was refused/.test(service.output()), 'refused');
    expect(fs.existsSync(file)).toBe(false);
    expect(await account(service.port)).toBe(null);
    expect(printed).not.toContain('revoked-key-0000000000');
    await stop(service.child);
  });

  test('a kept file that others may read is not used (and left as it is)', async () => {
    const data = dataDir();
    const file = path.join(data, REMEMBERED_LOGIN_FILE);
    const text = JSON.stringify({
      account: 'alice',
      appId: alice.APP_ID,
      appKey: alice.APP_KEY,
      cloud: cloud.url,
    });
    fs.writeFileSync(file, text, { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    // Said as the service starts, before it says it listens; and no login is begun.
    const service = await start(data);
    expect(service.output()).toMatch(/kept login .* is ignored: its permissions 644/);
    expect(service.output()).not.toContain('Logging in as');
    expect(await account(service.port)).toBe(null);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    await stop(service.child);

    // A symbolic link to a good file: not followed.
    fs.rmSync(file);
    const target = path.join(data, 'elsewhere.json');
    fs.writeFileSync(target, text, { mode: 0o600 });
    fs.symlinkSync(target, file);
    const again = await start(data);
    expect(again.output()).toMatch(/is ignored: it is a symbolic link/);
    expect(again.output()).not.toContain('Logging in as');
    expect(await account(again.port)).toBe(null);
    await stop(again.child);
    expect(printed).not.toContain(alice.APP_KEY);
  });

  test('--remember-login off: a /login writes no file, and a restart is logged out', async () => {
    const data = dataDir();
    const file = path.join(data, REMEMBERED_LOGIN_FILE);
    const first = await start(data, ['--remember-login', 'off']);
    const login = await call(first.port, '/login', { body: JSON.stringify(alice) });
    expect(login.json().status, login.text).toBe(0);
    expect(fs.existsSync(file)).toBe(false);
    await stop(first.child);
    const second = await start(data, ['--remember-login', 'off']);
    expect(second.output()).not.toContain('kept login');
    expect(await account(second.port)).toBe(null);
    await stop(second.child);
  });
});
