/**
 * The packaged program for Linux (`npm run package`), run as a user runs it: a fresh data folder
 * and home, a free port; it answers /status, serves the manager, logs in to a cloud, keeps
 * environments in its store (Node's built-in SQLite) across a restart, and starts a headless
 * environment on Debian's Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { call } from '@hainiao/testkit/service';
import { hasChromium } from '@hainiao/local-api/test/browser.ts';
import { createHash } from 'node:crypto';
import localApi from '@hainiao/local-api/package.json' with { type: 'json' };
import { buildPackages, publishPackages, type BuiltPackage } from './package.ts';

let root: string;
let program: string;
let built: BuiltPackage;
let cloud: TestCloud;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-program-'));
  [built] = (await buildPackages({
    outDir: path.join(root, 'out'),
    systems: ['linux-x64'],
  })) as [BuiltPackage];
  program = path.join(root, 'out', built.file);
  cloud = await startTestCloud();
}, 600_000);

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await cloud?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Starts the program; resolves once it listens, with its port and what it printed. */
function start(args: string[], home: string) {
  const child = spawn(program, ['--port', '0', '--return', 'off', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOME: home, XDG_CACHE_HOME: '', XDG_DATA_HOME: '' },
  });
  running.add(child);
  let out = '';
  return new Promise<{ child: ChildProcess; port: number; output: () => string }>(
    (resolve, reject) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (match) resolve({ child, port: Number(match[1]), output: () => out });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the program exited with ${code}:\n${out}`)));
    },
  );
}

async function quit(port: number, child: ChildProcess) {
  const ended = new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect((await call(port, '/api/v1/quit')).json().code).toBe(0);
  expect(await ended).toBe(0);
  running.delete(child);
}

const post = (port: number, urlPath: string, body: unknown = {}) =>
  call(port, urlPath, { body: JSON.stringify(body) });

describe.skipIf(!hasChromium)('the packaged program (Linux x64)', () => {
  test('answers, serves the manager, keeps environments and starts a headless browser', async () => {
    const home = fs.mkdtempSync(path.join(root, 'home-'));
    // No --data: the system's usual place in the user's home.
    const dataDir = path.join(home, '.local', 'share', 'hainiao');
    const first = await start(['--cloud', cloud.url], home);
    expect(first.output()).toContain(`(data: ${dataDir})`);
    expect((await call(first.port, '/status', { method: 'GET' })).json()).toEqual({
      code: 0,
      msg: 'success',
    });
    const manager = await call(first.port, '/', { method: 'GET' });
    expect(manager.status).toBe(200);
    expect(manager.text).toContain('<title>Hainiao</title>');

    const login = await post(
      first.port,
      '/login',
      await cloud.account(`packaged${Date.now() % 1e6}`),
    );
    expect(login.json().status, login.text).toBe(0);
    const created = await post(first.port, '/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: 'from the program',
    });
    expect(created.json().code, created.text).toBe(0);
    const id = created.json().data.Session_Id as string;

    const started = await post(first.port, '/api/v1/browser/start', {
      Session_ID: [id],
      isHeadless: 1,
    });
    const item = started.json().data.listid[0];
    expect(item.status, started.text).toBe(0);
    const version = await fetch(`http://127.0.0.1:${item.browser_CDP_Port}/json/version`);
    expect(((await version.json()) as { Browser: string }).Browser).toMatch(/Chrome\/\d+/);
    expect((await post(first.port, '/api/v1/browser/stop', { Session_ID: [id] })).json().code).toBe(
      0,
    );

    // The store and the data folder are the user's only.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'local-api.sqlite')).mode & 0o777).toBe(0o600);
    // The files it reads beside its code, unpacked once into the user's cache.
    const unpacked = fs.readdirSync(path.join(home, '.cache', 'hainiao', 'app'));
    expect(unpacked).toHaveLength(1);
    await quit(first.port, first.child);

    // Started again (kept login, same store): the environment is still there.
    const second = await start(['--cloud', cloud.url], home);
    await expect
      .poll(async () => {
        const list = await post(second.port, '/api/v1/session/listid', {});
        return list.json().data?.listid as string[] | undefined;
      })
      .toEqual([id]);
    expect(fs.readdirSync(path.join(home, '.cache', 'hainiao', 'app'))).toEqual(unpacked);
    await quit(second.port, second.child);
  }, 180_000);

  test("published into the cloud's release store: listed with its checksum, downloaded whole", async () => {
    const said = await publishPackages([built], {
      outDir: path.join(root, 'out'),
      env: { DATA_DIR: cloud.dataDir },
    });
    expect(said).toContain(path.join(cloud.dataDir, 'releases'));
    const file = `hainiao-${localApi.version}-linux-x64`;
    const history = (await (await fetch(`${cloud.url}/historylist.php`)).json()) as {
      data: { name: string; sha256: string; bytes: number; url: string }[];
    };
    expect(history.data).toEqual([
      expect.objectContaining({ name: file, sha256: built.sha256, bytes: built.size }),
    ]);
    const download = await fetch(`${cloud.url}${history.data[0]!.url}`);
    expect(download.status).toBe(200);
    const hash = createHash('sha256');
    for await (const chunk of download.body!) hash.update(chunk);
    expect(hash.digest('hex')).toBe(built.sha256);
  });
});
