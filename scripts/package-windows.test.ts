/**
 * The packaged program for Windows x64 (`npm run package`), under Wine (Debian's wine64): it
 * starts on a fresh data folder, answers /status, serves the manager, logs in to a cloud and
 * creates an environment in its store (Node's built-in SQLite). Browser starts on Windows use an
 * installed Chrome or Edge and are not run here. Its output goes to a file: a Windows program
 * under Wine cannot write to a pipe.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { call } from '@hainiao/testkit/service';
import { buildPackages } from './package.ts';

const WINE = '/usr/lib/wine/wine64';
const hasWine = fs.existsSync(WINE);
if (!hasWine) {
  const said = `*** No Wine at ${WINE} (apt-get install --no-install-recommends wine64): the Windows program's test`;
  if (process.env.CI === 'true') throw new Error(`${said} fails under CI=true ***`);
  console.warn(`${said} is SKIPPED ***`);
}

let root: string;
let program: string;
let cloud: TestCloud;
let wineEnv: NodeJS.ProcessEnv;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!hasWine) return;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-windows-'));
  const [built] = await buildPackages({ outDir: path.join(root, 'out'), systems: ['windows-x64'] });
  program = path.join(root, 'out', built!.file);
  // A Wine prefix of the test's own, set to Windows 10 (Node.js 22 needs 10 or later), and a temp
  // folder of its own (Wine leaves a wine-* folder in it).
  const temp = path.join(root, 'tmp');
  fs.mkdirSync(temp);
  wineEnv = {
    ...process.env,
    WINEPREFIX: path.join(root, 'wine'),
    WINEDEBUG: '-all',
    TMPDIR: temp,
  };
  execFileSync(WINE, ['wineboot', '--init'], { env: wineEnv, stdio: 'ignore' });
  execFileSync(WINE, ['winecfg', '-v', 'win10'], { env: wineEnv, stdio: 'ignore' });
  cloud = await startTestCloud();
}, 600_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  // Wine's server for the prefix, and every process of it.
  if (wineEnv) execFileSync('/usr/lib/wine/wineserver', ['-k'], { env: wineEnv, stdio: 'ignore' });
  await cloud?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const post = (port: number, urlPath: string, body: unknown = {}) =>
  call(port, urlPath, { body: JSON.stringify(body) });

describe.skipIf(!hasWine)('the packaged program (Windows x64, under Wine)', () => {
  test('answers, serves the manager, logs in and keeps an environment in its store', async () => {
    const output = path.join(root, 'output.log');
    const out = fs.openSync(output, 'w');
    const dataDir = path.join(root, 'data');
    // Z: is Wine's drive for the host's root folder.
    child = spawn(
      WINE,
      [
        program,
        '--port',
        '0',
        '--data',
        `Z:${dataDir.replaceAll('/', '\\')}`,
        '--cloud',
        cloud.url,
      ],
      { env: wineEnv, stdio: ['ignore', out, out] },
    );
    fs.closeSync(out);
    let port = 0;
    await expect
      .poll(
        () => {
          const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(
            fs.readFileSync(output, 'utf8'),
          );
          port = Number(match?.[1] ?? 0);
          return port;
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    const printed = fs.readFileSync(output, 'utf8');
    expect(printed).toContain(`(data: Z:${dataDir.replaceAll('/', '\\')})`);
    // Node.js's "SQLite is experimental" is not the user's business.
    expect(printed).not.toContain('ExperimentalWarning');

    expect((await call(port, '/status', { method: 'GET' })).json()).toEqual({
      code: 0,
      msg: 'success',
    });
    const manager = await call(port, '/', { method: 'GET' });
    expect(manager.text).toContain('<title>Hainiao</title>');
    const login = await post(port, '/login', await cloud.account(`windows${Date.now() % 1e6}`));
    expect(login.json().status, `${login.text}\n${fs.readFileSync(output, 'utf8')}`).toBe(0);
    const created = await post(port, '/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: 'on Windows',
    });
    expect(created.json().code, created.text).toBe(0);
    const list = await post(port, '/api/v1/session/listid', {});
    expect(list.json().data.listid).toEqual([created.json().data.Session_Id]);
    // The store is a file in the data folder.
    expect(fs.existsSync(path.join(dataDir, 'local-api.sqlite'))).toBe(true);

    const ended = new Promise((resolve) => child!.once('exit', resolve));
    expect((await call(port, '/api/v1/quit')).json().code).toBe(0);
    await ended;
  }, 240_000);
});
