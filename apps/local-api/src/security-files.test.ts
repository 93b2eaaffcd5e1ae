/**
 * Security of the service's files, driven like a user's script and a user's shell:
 * - import-cookie and export-cookie reach only the cookie folder (--cookie-dir; ~/Downloads when it
 *   exists, else <data>/cookies): no path out of it (../, absolute, symbolic links), no write
 *   through a link, no overwrite of a file the service did not write, no hidden or odd names, and
 *   no answer that shows what a refused or invalid file held;
 * - cookie values, proxy passwords, keys and script sources never reach the log file or the
 *   printed calls (--logs on, --return on);
 * - the data folder is 0700 and the store, log and state files 0600;
 * - the key can come from HAINIAO_APP_KEY or --app_key-file, and the background child of
 *   --hide on never has it on its command line.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { programCommand } from '@hainiao/testkit/build-programs';
import { scriptId, startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { call, startTestService, type TestService } from './test/server.ts';

// The command as built (its sources bundled).
const cli = programCommand('local-api');

let cloud: TestCloud;
const dirs: string[] = [];
const children: ChildProcess[] = [];
let accounts = 0;

function tempDir(prefix: string) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `hainiao-sec-${prefix}-`)));
  dirs.push(dir);
  return dir;
}

/** A fresh account with one credential (each service holds its credential's lease). */
const account = () => cloud.account(`sec${++accounts}`);

beforeAll(async () => {
  cloud = await startTestCloud();
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await cloud?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

const extensionCookie = (value: string, name = 'sid') => ({
  domain: '.example.com',
  expirationDate: 4102444800,
  hostOnly: false,
  httpOnly: true,
  name,
  path: '/',
  sameSite: 'lax',
  secure: true,
  session: false,
  value,
});

describe('cookie files stay in the cookie folder', () => {
  let service: TestService;
  let home: string;
  let folder: string;
  let outside: string;
  let id: string;

  const exportTo = (file: string, headers: Record<string, string> = {}) =>
    service.post(
      '/api/v1/session/export-cookie',
      { Session_ID: id, Export_Cookie_File: file },
      headers,
    );
  const importFrom = (file: string, session = id) =>
    service.post('/api/v1/session/import-cookie', { Session_ID: session, Cookie_File: file });
  const info = async (session: string) =>
    (
      await service.post('/api/v1/session/id_container', {
        Session_ID: session,
        Session_container_type: 1,
      })
    ).text;
  const create = async () =>
    (await service.post('/api/v1/session/create', { Automatic_Configure: 0 })).json().data
      .Session_Id as string;

  beforeAll(async () => {
    // A temporary home: its Downloads folder is the cookie folder, its dotfiles are outside.
    home = tempDir('home');
    folder = path.join(home, 'Downloads');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(home, '.bashrc'), '# the user shell\n');
    outside = tempDir('outside');
    service = await startTestService({ cloud: cloud.url, cookieDir: folder });
    expect((await service.post('/login', await account())).json().status).toBe(0);
    id = await create();
    fs.writeFileSync(
      path.join(folder, 'start.json'),
      JSON.stringify([extensionCookie('a$(id)b', 'x')]),
    );
    expect((await importFrom('start.json')).json().code).toBe(0);
  });
  afterAll(async () => {
    await service?.dispose();
  });

  test('an export to a dotfile outside the folder is refused and the file is unchanged', async () => {
    const bashrc = path.join(home, '.bashrc');
    for (const target of [bashrc, '../.bashrc', `${folder}/../.bashrc`]) {
      const res = await exportTo(target);
      expect(res.json(), target).toMatchObject({
        code: -15,
        data: null,
        message: `Export Cookie failed: the file must be inside the cookie folder ${folder} (links leading out of it are refused)`,
      });
    }
    expect(fs.readFileSync(bashrc, 'utf8')).toBe('# the user shell\n');
    const zh = await exportTo(bashrc, { 'accept-language': 'zh-CN' });
    expect(zh.json().message).toBe(
      `Cookie 导出失败：文件必须位于 Cookie 目录 ${folder} 之内（指向目录之外的链接会被拒绝）`,
    );
  });

  test('exports through ../, an absolute path or a link leading outside are refused', async () => {
    fs.symlinkSync(outside, path.join(folder, 'out-link'));
    fs.writeFileSync(path.join(outside, 'target.json'), 'ORIGINAL');
    fs.symlinkSync(path.join(outside, 'target.json'), path.join(folder, 'evil.json'));
    fs.symlinkSync(path.join(outside, 'created.json'), path.join(folder, 'dangling.json'));
    const refused: [string, RegExp][] = [
      ['../escape.json', /must be inside the cookie folder/],
      ['sub/../../escape.json', /must be inside the cookie folder/],
      [path.join(outside, 'absolute.json'), /must be inside the cookie folder/],
      ['/etc/cron.d/x.json', /must be inside the cookie folder/],
      ['out-link/through-dir.json', /must be inside the cookie folder/],
      ['evil.json', /evil\.json is a symbolic link; links are never written through$/],
      ['dangling.json', /dangling\.json is a symbolic link/],
      ['.profile.json', /no part of the path .* may start with a dot$/],
      ['sub/.config/x.json', /may start with a dot/],
      ['run.sh', /the file name must end in \.json or \.txt$/],
      ['noextension', /must end in \.json or \.txt/],
      ['missing-folder/x.json', /^Export Cookie failed: cannot write missing-folder\/x\.json$/],
    ];
    for (const [target, message] of refused) {
      const res = await exportTo(target);
      expect(res.json().code, `${target}: ${res.text}`).toBe(-15);
      expect(res.json().message, target).toMatch(message);
    }
    expect(fs.readFileSync(path.join(outside, 'target.json'), 'utf8')).toBe('ORIGINAL');
    expect(fs.readdirSync(outside).sort()).toEqual(['target.json']);
    expect(fs.readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  test('an existing file is overwritten only while it is the one this service wrote', async () => {
    const users = path.join(folder, 'users.json');
    fs.writeFileSync(users, 'USER DATA');
    const refused = await exportTo('users.json');
    expect(refused.json()).toMatchObject({
      code: -15,
      message:
        'Export Cookie failed: users.json already exists and was not written by this service; choose a new file name',
    });
    expect(fs.readFileSync(users, 'utf8')).toBe('USER DATA');

    // A new file: created 0600; exported again: replaced (the service wrote it, nobody changed it).
    const first = await exportTo('mine.json');
    expect(first.json()).toMatchObject({
      code: 0,
      data: { Export_Cookie_File: path.join(folder, 'mine.json'), Cookie_Count: 1 },
    });
    const mine = path.join(folder, 'mine.json');
    expect(mode(mine)).toBe(0o600);
    fs.writeFileSync(path.join(folder, 'more.json'), JSON.stringify([extensionCookie('2', 'y')]));
    expect((await importFrom('more.json')).json().code).toBe(0);
    const again = await exportTo(mine);
    expect(again.json()).toMatchObject({ code: 0, data: { Cookie_Count: 2 } });
    expect(JSON.parse(fs.readFileSync(mine, 'utf8'))).toHaveLength(2);

    // Changed by someone else, or replaced by another file of that name: no longer overwritten.
    fs.appendFileSync(mine, ' ');
    expect((await exportTo(mine)).json().code).toBe(-15);
    fs.rmSync(mine);
    fs.writeFileSync(mine, 'SOMEONE ELSE');
    expect((await exportTo(mine)).json().message).toMatch(/already exists/);
    expect(fs.readFileSync(mine, 'utf8')).toBe('SOMEONE ELSE');
    // A folder of that name is refused too.
    fs.mkdirSync(path.join(folder, 'folder.json'));
    expect((await exportTo('folder.json')).json().message).toBe(
      'Export Cookie failed: folder.json exists and is not a regular file',
    );
  });

  test('an import from outside the folder is refused and shows none of the file', async () => {
    const secret = path.join(outside, 'other-program-cookies.json');
    fs.writeFileSync(secret, JSON.stringify([extensionCookie('OUTSIDE-SECRET-VALUE')]));
    fs.symlinkSync(secret, path.join(folder, 'link-to-secret.json'));
    fs.writeFileSync(
      path.join(outside, 'cookies.txt'),
      'example.com\tFALSE\t/\tFALSE\t0\ta\tOUT-2',
    );
    const session = await create();
    for (const file of [
      secret,
      '../../' + path.relative(path.dirname(path.dirname(folder)), secret),
      'link-to-secret.json',
      'out-link/cookies.txt',
      '/etc/passwd',
    ]) {
      const res = await importFrom(file, session);
      expect(res.json(), file).toMatchObject({
        code: -14,
        data: null,
        message: `Import Cookie failed: the file must be inside the cookie folder ${folder} (links leading out of it are refused)`,
      });
      expect(res.text).not.toMatch(/OUTSIDE-SECRET|OUT-2|root:/);
    }
    const env = await info(session);
    expect(env).not.toMatch(/OUTSIDE-SECRET|OUT-2/);
    expect(JSON.parse(env).data.listcontainer[0].Cookie).toEqual([]);
  });

  test('an invalid file inside the folder fails without echoing its content', async () => {
    const session = await create();
    const invalid: [string, string][] = [
      ['name.json', '[{"name":"LEAK-NAME bad","value":"LEAK-V1","domain":"example.com"}]'],
      ['domain.json', '[{"name":"a","value":"LEAK-V2","domain":"LEAK-DOMAIN..com"}]'],
      ['samesite.json', '[{"name":"a","value":"v","domain":"example.com","sameSite":"LEAK-SS"}]'],
      ['value.json', '[{"name":"a","value":"LEAK;V3","domain":"example.com"}]'],
      ['partial.json', `[${JSON.stringify(extensionCookie('LEAK-GOOD'))},{"name":"LEAK b"}]`],
      ['passwd.txt', 'root:x:0:0:LEAK-ROOT:/root:/bin/bash\n'],
      ['fields.txt', 'LEAK-LINE\tTRUE\t/\n'],
      ['json.json', '[{"LEAK-JSON": '],
    ];
    for (const [name, content] of invalid) {
      fs.writeFileSync(path.join(folder, name), content);
      const res = await importFrom(name, session);
      expect(res.json().code, `${name}: ${res.text}`).toBe(-112);
      expect(res.json().message).toMatch(/^Cookie file is invalid: /);
      expect(res.text, name).not.toContain('LEAK');
    }
    expect(await info(session)).not.toContain('LEAK');
    // Neither a folder nor a FIFO (which would hang a plain read) is read.
    execFileSync('mkfifo', [path.join(folder, 'pipe.json')]);
    fs.mkdirSync(path.join(folder, 'dir.json'));
    for (const name of ['pipe.json', 'dir.json']) {
      expect((await importFrom(name, session)).json()).toMatchObject({
        code: -14,
        message: `Import Cookie failed: ${name} is not a regular file`,
      });
    }
    expect((await importFrom('nope.json', session)).json()).toMatchObject({
      code: -14,
      message: 'Import Cookie failed: cannot read nope.json',
    });
  });

  test('a round trip inside the folder works, with relative names and sub-folders', async () => {
    fs.mkdirSync(path.join(folder, 'shop01'));
    for (const name of ['round.txt', 'shop01/round.JSON', path.join(folder, 'abs.json')]) {
      const exported = await exportTo(name);
      const file = path.resolve(folder, name);
      expect(exported.json(), exported.text).toEqual({
        message: 'Export Cookie Success',
        code: 0,
        data: { Session_ID: id, Export_Cookie_File: file, Cookie_Count: 2 },
      });
      expect(mode(file)).toBe(0o600);
      const copy = await create();
      expect((await importFrom(name, copy)).json()).toMatchObject({
        code: 0,
        data: { Cookie_Count: 2, Cookie_Total: 2 },
      });
      const cookies = JSON.parse(await info(copy)).data.listcontainer[0].Cookie;
      expect(cookies.map((c: { value: string }) => c.value).sort()).toEqual(['2', 'a$(id)b']);
    }
    // A folder reached through a link that stays inside is fine.
    fs.symlinkSync(path.join(folder, 'shop01'), path.join(folder, 'alias'));
    expect((await exportTo('alias/via-alias.json')).json().data.Export_Cookie_File).toBe(
      path.join(folder, 'shop01', 'via-alias.json'),
    );
    expect((await importFrom('alias/via-alias.json')).json().code).toBe(0);
    // The record of written files is the owner's only.
    expect(mode(path.join(service.dataDir, 'cookie-exports.json'))).toBe(0o600);
  });
});

/** Spawns the command; resolves once it listens (and logged in, when it has a credential). */
function start(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  loginExpected = false,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [...cli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match && (!loginExpected || /Logged in as|Login failed/.test(out))) {
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

async function quit(port: number, child: ChildProcess) {
  const res = await call(port, '/api/v1/quit');
  if (res.json().code !== 0) child.kill('SIGTERM');
  await exited(child);
}

const post = (port: number, urlPath: string, body: unknown) =>
  call(port, urlPath, { body: JSON.stringify(body) });

/** The pids of `pid` and its descendants (the service's own children, if any). */
function processTree(pid: number): number[] {
  const found = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(...processTree(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** The command line of a process ('' once it ended: short-lived helpers come and go). */
function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The command lines of the service's processes. */
function serviceCommandLines(pid: number): string[] {
  const lines = processTree(pid).map(cmdline);
  expect(lines.filter((line) => line.includes(cli.at(-1)!)).length).toBeGreaterThanOrEqual(1);
  return lines;
}
const environ = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8');

describe('secrets stay secret', () => {
  test('cookies, proxy passwords, keys and script sources are in neither the log nor the console', async () => {
    const credential = await account();
    const data = tempDir('data');
    const cookieDir = tempDir('cookies');
    const { child, port, output } = await start([
      '--data',
      data,
      '--cloud',
      cloud.url,
      '--cookie-dir',
      cookieDir,
      '--return',
      'on',
      '--logs',
      'on',
    ]);
    try {
      expect((await post(port, '/login', credential)).json().status).toBe(0);
      const created = await post(port, '/api/v1/session/create', {
        Automatic_Configure: 0,
        Cookie: [{ name: 'sid', value: 'SECRET-COOKIE-123', domain: '.example.com', path: '/' }],
        Proxy_Type: 'SOCKS5',
        Proxy_Ip: '203.0.113.10',
        Proxy_Port: '1080',
        Proxy_Username: 'proxy-user',
        Proxy_Password: 'SECRET-PROXY-PW-456',
      });
      expect(created.json().code, created.text).toBe(0);
      const id = created.json().data.Session_Id as string;
      // The cookie list as JSON text, and a new proxy password.
      const updated = await post(port, '/api/v1/session/update', {
        Session_ID: id,
        Cookie: JSON.stringify([
          { name: 'sid', value: 'SECRET-COOKIE-123', domain: '.example.com' },
          { name: 'tok', value: 'SECRET-COOKIE-789', domain: '.example.com' },
        ]),
      });
      expect(updated.json().code, updated.text).toBe(0);
      const proxy = await post(port, '/api/v1/session/proxy/update', {
        Session_ID: id,
        Proxy_Type: 'SOCKS5',
        Proxy_Ip: '203.0.113.10',
        Proxy_Port: '1080',
        Proxy_Username: 'proxy-user',
        Proxy_Password: 'SECRET-PROXY-PW-999',
      });
      expect(proxy.json().code, proxy.text).toBe(0);

      // Read back: the answers carry them (the caller's own data)…
      const read = await post(port, '/api/v1/session/id_container', {
        Session_ID: id,
        Session_container_type: 1,
      });
      expect(read.text).toContain('SECRET-COOKIE-789');
      expect(read.text).toContain('SECRET-PROXY-PW-999');
      expect((await post(port, '/api/v1/session/listid', {})).json().code).toBe(0);

      // …a script's source too…
      const added = await post(port, '/api/v1/session/id_script_add', {
        Session_ID: id,
        Script_ID: [scriptId('scroll-to-bottom')],
      });
      expect(added.json().code, added.text).toBe(0);
      const listed = await post(port, '/api/v1/session/id_script_list', { Session_ID: id });
      const encoded = listed.json().data.UnActived_script_list[0].UnActived_script_encode as string;
      expect(encoded.length).toBeGreaterThan(40);
      const source = Buffer.from(encoded, 'base64').toString('utf8').trim();

      // …and an export and an import of that cookie file.
      const exported = await post(port, '/api/v1/session/export-cookie', {
        Session_ID: id,
        Export_Cookie_File: 'saved.json',
      });
      expect(exported.json().code, exported.text).toBe(0);
      expect(fs.readFileSync(path.join(cookieDir, 'saved.json'), 'utf8')).toContain(
        'SECRET-COOKIE-789',
      );
      const imported = await post(port, '/api/v1/session/import-cookie', {
        Session_ID: id,
        Cookie_File: 'saved.json',
      });
      expect(imported.json().code, imported.text).toBe(0);

      // The last call is written to the log and printed: everything before it is there.
      const logFile = path.join(data, 'logs', 'local-api.log');
      await expect.poll(() => fs.readFileSync(logFile, 'utf8')).toContain('import-cookie');
      await expect.poll(output).toContain('import-cookie');
      const log = fs.readFileSync(logFile, 'utf8');
      const printed = output();
      for (const [where, text] of [
        ['log', log],
        ['console', printed],
      ] as const) {
        // Every call is there, with its secrets masked.
        for (const route of ['/login', 'session/create', 'id_container', 'id_script_list']) {
          expect(text, where).toContain(route);
        }
        expect(text, where).toContain('"Proxy_Password":"***"');
        expect(text, where).toContain('"name":"sid"');
        for (const secret of [
          'SECRET-COOKIE-123',
          'SECRET-COOKIE-789',
          'SECRET-PROXY-PW-456',
          'SECRET-PROXY-PW-999',
          credential.APP_KEY,
          encoded.slice(0, 40),
          source.slice(0, 40),
        ]) {
          expect(text, `${where} shows ${secret}`).not.toContain(secret);
        }
      }

      // Modes: the folder and everything the service keeps there are the owner's only.
      expect(mode(data)).toBe(0o700);
      expect(mode(path.join(data, 'logs'))).toBe(0o700);
      for (const file of [
        'local-api.sqlite',
        'local-api.sqlite-wal',
        'logs/local-api.log',
        'device-id',
        'cookie-exports.json',
      ]) {
        expect(mode(path.join(data, file)), file).toBe(0o600);
      }
      expect(mode(path.join(data, 'sessions', id))).toBe(0o700);
      expect(mode(path.join(cookieDir, 'saved.json'))).toBe(0o600);
    } finally {
      await quit(port, child);
    }
  });

  test('a data folder with loose modes is tightened at start; the default cookie folder', async () => {
    const data = tempDir('loose');
    const home = tempDir('home-without-downloads');
    fs.chmodSync(data, 0o755);
    fs.mkdirSync(path.join(data, 'logs'), { mode: 0o755 });
    fs.writeFileSync(path.join(data, 'logs', 'local-api.log'), 'old line\n', { mode: 0o644 });
    fs.writeFileSync(path.join(data, 'local-api.sqlite'), '', { mode: 0o644 });
    fs.writeFileSync(path.join(data, 'unrelated.txt'), 'not ours', { mode: 0o644 });
    fs.chmodSync(path.join(data, 'logs', 'local-api.log'), 0o644);
    fs.chmodSync(path.join(data, 'local-api.sqlite'), 0o644);
    fs.chmodSync(path.join(data, 'unrelated.txt'), 0o644);
    const { child } = await start(['--data', data, '--cloud', cloud.url, '--return', 'off'], {
      HOME: home,
    });
    try {
      expect(mode(data)).toBe(0o700);
      expect(mode(path.join(data, 'logs'))).toBe(0o700);
      expect(mode(path.join(data, 'logs', 'local-api.log'))).toBe(0o600);
      expect(mode(path.join(data, 'local-api.sqlite'))).toBe(0o600);
      expect(mode(path.join(data, 'unrelated.txt'))).toBe(0o644);
      // Without ~/Downloads, the cookie folder is <data>/cookies, created 0700.
      expect(mode(path.join(data, 'cookies'))).toBe(0o700);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });

  test('with ~/Downloads, that is the cookie folder: ~/.bashrc is out of reach', async () => {
    const credential = await account();
    const home = tempDir('home-downloads');
    fs.mkdirSync(path.join(home, 'Downloads'));
    fs.writeFileSync(path.join(home, '.bashrc'), '# shell\n');
    const { child, port } = await start(
      ['--data', tempDir('data'), '--cloud', cloud.url, '--return', 'off', '--logs', 'off'],
      { HOME: home },
    );
    try {
      expect((await post(port, '/login', credential)).json().status).toBe(0);
      const id = (await post(port, '/api/v1/session/create', { Automatic_Configure: 0 })).json()
        .data.Session_Id;
      for (const target of [path.join(home, '.bashrc'), '../.bashrc', '~/.bashrc']) {
        const res = await post(port, '/api/v1/session/export-cookie', {
          Session_ID: id,
          Export_Cookie_File: target,
        });
        expect(res.json().code, res.text).toBe(-15);
      }
      expect(fs.readFileSync(path.join(home, '.bashrc'), 'utf8')).toBe('# shell\n');
      const ok = await post(port, '/api/v1/session/export-cookie', {
        Session_ID: id,
        Export_Cookie_File: 'shop.json',
      });
      expect(ok.json().data.Export_Cookie_File).toBe(path.join(home, 'Downloads', 'shop.json'));
    } finally {
      await quit(port, child);
    }
  });
});

describe('the key stays off command lines', () => {
  test('--app_key from HAINIAO_APP_KEY logs in, and is in no command line', async () => {
    const credential = await account();
    const { child, port, output } = await start(
      [
        '--data',
        tempDir('data'),
        '--cloud',
        cloud.url,
        '--account',
        credential.Account,
        '--app_id',
        credential.APP_ID,
      ],
      { HAINIAO_APP_KEY: credential.APP_KEY },
      true,
    );
    try {
      expect(output()).toContain(`Logged in as ${credential.Account}`);
      for (const line of serviceCommandLines(child.pid!)) {
        expect(line).not.toContain(credential.APP_KEY);
      }
    } finally {
      await quit(port, child);
    }
  });

  test('--app_key-file is read once, trimmed, and logs in', async () => {
    const credential = await account();
    const keyDir = tempDir('key');
    const keyFile = path.join(keyDir, 'app_key');
    fs.writeFileSync(keyFile, `  ${credential.APP_KEY}\n`, { mode: 0o600 });
    const { child, port, output } = await start(
      [
        '--data',
        tempDir('data'),
        '--cloud',
        cloud.url,
        '--account',
        credential.Account,
        '--app_id',
        credential.APP_ID,
        '--app_key-file',
        keyFile,
      ],
      {},
      true,
    );
    try {
      expect(output()).toContain(`Logged in as ${credential.Account}`);
      expect(output()).not.toContain(credential.APP_KEY);
      for (const line of serviceCommandLines(child.pid!)) {
        expect(line).not.toContain(credential.APP_KEY);
      }
      // The user's file is left as it was.
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(`  ${credential.APP_KEY}\n`);
    } finally {
      await quit(port, child);
    }
    // A missing or empty file stops the command at once (without showing any content).
    fs.writeFileSync(keyFile, ' \n');
    for (const file of [keyFile, path.join(keyDir, 'missing')]) {
      const bad = spawn(process.execPath, [...cli, '--app_key-file', file], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(bad);
      let err = '';
      bad.stderr.on('data', (c: Buffer) => (err += c.toString()));
      expect(await exited(bad)).toBe(2);
      expect(err).toMatch(/--app_key-file .* (is empty|cannot read|ENOENT)/);
    }
  });

  test('--hide on: the background child is not given the key on its command line', async () => {
    const credential = await account();
    const data = tempDir('hidden');
    const parent = spawn(
      process.execPath,
      [
        ...cli,
        '--port',
        '0',
        '--data',
        data,
        '--cloud',
        cloud.url,
        '--hide',
        'on',
        '--account',
        credential.Account,
        '--app_id',
        credential.APP_ID,
        `--app_key=${credential.APP_KEY}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(parent);
    let out = '';
    parent.stdout.on('data', (c: Buffer) => (out += c.toString()));
    parent.stderr.on('data', (c: Buffer) => (out += c.toString()));
    expect(await exited(parent)).toBe(0);
    const match = /listening on http:\/\/127\.0\.0\.1:(\d+) in the background \(pid (\d+)/.exec(
      out,
    );
    expect(match, out).not.toBeNull();
    const port = Number(match![1]);
    const pid = Number(match![2]);
    try {
      // It logged in with the key…
      const printed = fs.readFileSync(path.join(data, 'logs', 'console.log'), 'utf8');
      expect(printed).toContain(`Logged in as ${credential.Account}`);
      expect((await post(port, '/api/v1/group/list', {})).json().code).toBe(0);
      // …which is neither on its command line nor in its environment, nor left in a file.
      expect(cmdline(pid)).toContain('--hide');
      expect(cmdline(pid)).not.toContain(credential.APP_KEY);
      expect(environ(pid)).not.toContain(credential.APP_KEY);
      expect(fs.readdirSync(data).filter((name) => name.startsWith('.app_key'))).toEqual([]);
      expect(mode(path.join(data, 'hainiao-api.pid'))).toBe(0o600);
      expect(mode(path.join(data, 'logs', 'console.log'))).toBe(0o600);
      expect((await call(port, '/api/v1/quit')).json().code).toBe(0);
    } finally {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    const pidFile = path.join(data, 'hainiao-api.pid');
    await expect.poll(() => fs.existsSync(pidFile)).toBe(false);
  });
});
