/**
 * `hainiao-api` (and `npm run local-api -- …`): the local automation service (docs/local-api.md).
 *
 *   hainiao-api [--port 8186] [--account NAME --app_id ID --app_key KEY | --app_key-file FILE]
 *               [--return on|off] [--logs on|off] [--hide on|off] [--data DIR] [--cloud URL]
 *               [--host 127.0.0.1] [--browser-path FILE] [--ip-lookup URL] [--cookie-dir DIR]
 *               [--api-key on|off] [--compat-port 50325] [--remember-login on|off]
 *
 * The key can also come from HAINIAO_APP_KEY (the environment is not shown by `ps`, the command
 * line is). The data folder and what the service writes in it are the user's only (umask 077,
 * folders 0700, files 0600).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { CLOUD_PORT, LOCAL_API_HOST, LOCAL_API_PORT } from '@hainiao/contract';
import { ownManagerAddress } from './account/manager-address.ts';
import { rememberedLogin, type RememberedLogin } from './account/remembered.ts';
import { accountAuth, deviceId, LoginSuperseded } from './account/auth.ts';
import { buildLocalApi } from './app.ts';
import { logIn } from './domain/login.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { API_KEY_FILE, isLoopbackHost, loadOrCreateApiKey } from './http/api-key.ts';
import { cloudClient, CLOUD_TIMEOUT_MS } from './cloud/client.ts';
import { toLocalApiError } from './http/errors.ts';
import { callLog, printLine } from './logging.ts';
import { DomainError } from './model/errors.ts';
import type { BrowserRuntime } from './runtime/browser.ts';
import { chromiumRuntime } from './runtime/chromium-runtime.ts';
import { cookieFiles } from './runtime/profile/cookies.ts';
import { PROXY_CHECK_TIMEOUT_MS } from './runtime/proxy/proxy-check.ts';
import { COMPAT_PORT_REQUEST } from './adapters/adspower/compat-adspower.ts';
import { defaultDataDir } from './data-folder.ts';
import { openStore, optimizeStore } from './store/database.ts';
import { groupStore } from './store/groups.ts';

export interface LocalApiFlags {
  port: number;
  host: string;
  account?: string;
  appId?: string;
  /** --app_key, else the content of --app_key-file (trimmed), else HAINIAO_APP_KEY. */
  appKey?: string;
  echo: boolean;
  logs: boolean;
  hide: boolean;
  dataDir: string;
  cloud: string;
  /** Time limit of one cloud call (HAINIAO_CLOUD_TIMEOUT_MS). */
  cloudTimeoutMs?: number;
  /** How often cloud sync runs while logged in (HAINIAO_SYNC_INTERVAL_MS; 30 s by default). */
  syncIntervalMs?: number;
  /** Time limit of a proxy check (HAINIAO_PROXY_CHECK_TIMEOUT_MS). */
  proxyCheckTimeoutMs?: number;
  /**
   * How often the cloud is asked whether a newer client is published
   * (HAINIAO_UPDATE_CHECK_INTERVAL_MS; 6 hours by default).
   */
  updateCheckIntervalMs?: number;
  /** The browser to run (--browser-path, HAINIAO_BROWSER_PATH; else the usual locations). */
  browserPath?: string;
  /** The IP-lookup endpoint of proxy checks (--ip-lookup, HAINIAO_IP_LOOKUP). */
  ipLookupUrl?: string;
  /**
   * The only folder import-cookie reads from and export-cookie writes to (--cookie-dir,
   * HAINIAO_COOKIE_DIR); by default ~/Downloads when it exists, else <data>/cookies.
   */
  cookieDir?: string;
  /** The built environment manager served at `/` (default: the @hainiao/manager package's dist). */
  managerDir?: string | null;
  /**
   * --api-key on|off: every call must carry the key of <data>/api-key. On by default when --host
   * is not loopback, where off is refused.
   */
  apiKey?: boolean;
  /**
   * --compat-port N: also listen on N (AdsPower's is 50325) with the AdsPower-compatible calls
   * only (docs/adspower-compat.md); 0 picks a free port. Off when undefined.
   */
  compatPort?: number;
  /**
   * --remember-login on|off (HAINIAO_REMEMBER_LOGIN; on by default): the credential of the last
   * successful /login is kept in <data>/remembered-login.json (0600) and logged in with at the
   * next start, until a sign-out (account/remembered.ts).
   */
  rememberLogin?: boolean;
}

export const USAGE = `usage: hainiao-api [--port 8186] [--account NAME --app_id ID --app_key KEY]
                   [--app_key-file FILE] [--return on|off] [--logs on|off] [--hide on|off]
                   [--data DIR] [--cloud URL] [--host 127.0.0.1] [--cookie-dir DIR]
                   [--browser-path FILE] [--ip-lookup URL] [--api-key on|off]
                   [--compat-port 50325] [--remember-login on|off]

  --port     listening port (8186)            --return  print each call and its answer (on)
  --account  account to log in with at start  --logs    log file in <data>/logs (on)
  --app_id   API credential id                --hide    run in the background (off)
  --app_key  API credential secret            --data    data folder (system app data)
  --app_key-file  file holding the secret (read once, trimmed); or set HAINIAO_APP_KEY:
                  neither shows in ps, --app_key does
  --cookie-dir    the only folder import-cookie reads and export-cookie writes
                  (~/Downloads when it exists, else <data>/cookies)
  --cloud    the cloud (http://localhost:8080), also the only browser origin allowed
  --browser-path  Chromium, Chrome or Edge to run (found in the usual places otherwise)
  --ip-lookup     IP-lookup endpoint of proxy checks (http://ip-api.com/json/…)
  --api-key  on: every call sends the key of <data>/api-key ("Authorization: Bearer KEY");
             off by default on 127.0.0.1, on (and required) with any other --host
  --compat-port   also listen on this port (AdsPower's is 50325) with the AdsPower-compatible
                  calls only, on the same --host and with the same guards (off)
  --remember-login  keep the login of /login in <data>/remembered-login.json (0600) and log in
                    with it at the next start, until a sign-out (on; HAINIAO_REMEMBER_LOGIN)`;

const onOff = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : /^(on|1|true|yes)$/i.test(value);

const positive = (value: string | undefined) =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

export class HelpRequested extends Error {
  constructor() {
    super(USAGE);
  }
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  account: { type: 'string' },
  app_id: { type: 'string' },
  app_key: { type: 'string' },
  'app_key-file': { type: 'string' },
  return: { type: 'string' },
  logs: { type: 'string' },
  hide: { type: 'string' },
  data: { type: 'string' },
  cloud: { type: 'string' },
  'cookie-dir': { type: 'string' },
  'api-key': { type: 'string' },
  'compat-port': { type: 'string' },
  'browser-path': { type: 'string' },
  'ip-lookup': { type: 'string' },
  'remember-login': { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** Larger key files are refused (a key is a few dozen characters). */
const KEY_FILE_MAX_BYTES = 4096;

/** The key of --app_key-file: its content, trimmed. Errors never show the content. */
function readKeyFile(file: string): string {
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    if (stat.size > KEY_FILE_MAX_BYTES) throw new Error('too large');
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `cannot read --app_key-file ${file}: ${(error as Error).message.split(',')[0]}`,
    );
  }
  const key = text.trim();
  if (!key) throw new Error(`--app_key-file ${file} is empty`);
  return key;
}

/** The spec's flags (port, account, app_id, app_key, return, logs, hide) plus data and cloud. */
export function parseFlags(argv: string[], env: NodeJS.ProcessEnv = process.env): LocalApiFlags {
  const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true });
  if (values.help) throw new HelpRequested();
  if (values.app_key !== undefined && values['app_key-file'] !== undefined)
    throw new Error('give either --app_key or --app_key-file, not both');
  const keyFile = values['app_key-file'];
  const cookieDir = values['cookie-dir'] ?? env.HAINIAO_COOKIE_DIR;
  const host = values.host ?? LOCAL_API_HOST;
  const apiKey = onOff(values['api-key'], !isLoopbackHost(host));
  if (!apiKey && !isLoopbackHost(host)) {
    throw new Error(
      `--host ${host} serves other machines: the API key cannot be off there (drop --api-key off)`,
    );
  }
  const port = Number(values.port ?? env.HAINIAO_API_PORT ?? LOCAL_API_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port}`);
  const compat = values['compat-port'];
  const compatPort = compat === undefined ? undefined : Number(compat);
  if (compatPort !== undefined && (!/^\d+$/.test(compat ?? '') || compatPort > 65535)) {
    throw new Error(`invalid --compat-port ${compat}`);
  }
  if (compatPort !== undefined && compatPort !== 0 && compatPort === port) {
    throw new Error(`--compat-port ${compat} is the --port: give another port`);
  }
  return {
    port,
    host,
    apiKey,
    account: values.account,
    appId: values.app_id,
    appKey:
      values.app_key ??
      (keyFile !== undefined ? readKeyFile(keyFile) : undefined) ??
      (env.HAINIAO_APP_KEY?.trim() || undefined),
    echo: onOff(values.return, true),
    logs: onOff(values.logs, true),
    hide: onOff(values.hide, false),
    dataDir: path.resolve(
      values.data ?? env.HAINIAO_DATA ?? defaultDataDir(env, process.platform, os.homedir()),
    ),
    cloud: (values.cloud ?? env.HAINIAO_CLOUD ?? `http://localhost:${CLOUD_PORT}`).replace(
      /\/$/,
      '',
    ),
    cloudTimeoutMs: positive(env.HAINIAO_CLOUD_TIMEOUT_MS),
    syncIntervalMs: positive(env.HAINIAO_SYNC_INTERVAL_MS),
    proxyCheckTimeoutMs: positive(env.HAINIAO_PROXY_CHECK_TIMEOUT_MS),
    updateCheckIntervalMs: positive(env.HAINIAO_UPDATE_CHECK_INTERVAL_MS),
    browserPath: values['browser-path'] ?? env.HAINIAO_BROWSER_PATH,
    ipLookupUrl: values['ip-lookup'] ?? env.HAINIAO_IP_LOOKUP,
    rememberLogin: onOff(values['remember-login'] ?? env.HAINIAO_REMEMBER_LOGIN, true),
    ...(cookieDir ? { cookieDir: path.resolve(cookieDir) } : {}),
    ...(compatPort !== undefined ? { compatPort } : {}),
  };
}

/** The cookie folder when --cookie-dir is not given: ~/Downloads if it exists, else <data>/cookies. */
export function defaultCookieDir(dataDir: string, home = os.homedir()): string {
  const downloads = path.join(home, 'Downloads');
  try {
    if (fs.statSync(downloads).isDirectory()) return downloads;
  } catch {
    // no Downloads folder
  }
  return path.join(dataDir, 'cookies');
}

/** What the service keeps at the top of the data folder; each is lowered to the owner's only. */
const DATA_FOLDERS = ['logs', 'sessions', 'trash', 'run', 'library', 'cookies'];
const DATA_FILES = ['device-id', 'hainiao-api.pid', 'cookie-exports.json'];

/**
 * The data folder and the service's own entries in it are the user's only (0700 folders, 0600
 * files) even when an earlier version or a looser umask created them; other entries (the folder
 * may be shared with other things) are left alone.
 */
function secureDataDir(dataDir: string): void {
  const lower = (target: string, mode: number) => {
    try {
      if ((fs.lstatSync(target).mode & 0o077) !== 0) fs.chmodSync(target, mode);
    } catch {
      // not there
    }
  };
  lower(dataDir, 0o700);
  for (const name of DATA_FOLDERS) lower(path.join(dataDir, name), 0o700);
  for (const name of DATA_FILES) lower(path.join(dataDir, name), 0o600);
}

/** Folders under sessions/ without an environment: left by a crash between a delete and its rm. */
function removeOrphanFolders(store: ReturnType<typeof openStore>, dataDir: string): void {
  const dir = path.join(dataDir, 'sessions');
  if (!fs.existsSync(dir)) return;
  const ids = new Set(
    store
      .prepare<[], { id: string }>('select id from environment')
      .all()
      .map((row) => row.id),
  );
  for (const name of fs.readdirSync(dir)) {
    if (!ids.has(name)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

export const pidFile = (dataDir: string) => path.join(dataDir, 'hainiao-api.pid');

/** Where the manager's build is (only its files are read: the service never loads its code). */
export function defaultManagerDir(): string | null {
  try {
    const manifest = createRequire(import.meta.url).resolve('@hainiao/manager/package.json');
    return path.join(path.dirname(manifest), 'dist');
  } catch {
    return null;
  }
}

/**
 * Starts the service; resolves with its URL, the login at start (when the flags carry a
 * credential), a stop function (browsers stopped, lease released, server and store closed) and a
 * promise that settles once the service has stopped (after /api/v1/quit too).
 */
/** What a program embedding the service may give besides the flags (tests, benchmarks). */
export interface EmbeddingOptions {
  /** The per-minute rate limits on a clock of the embedder's (a test's "minute later"). */
  rateLimiter?: RateLimiter;
}

export async function startLocalApi(
  flags: LocalApiFlags,
  givenRuntime?: BrowserRuntime,
  embedding: EmbeddingOptions = {},
) {
  const store = openStore(flags.dataDir);
  secureDataDir(flags.dataDir);
  removeOrphanFolders(store, flags.dataDir);
  const cookies = cookieFiles({
    dir: flags.cookieDir ?? defaultCookieDir(flags.dataDir),
    recordFile: path.join(flags.dataDir, 'cookie-exports.json'),
  });
  // Real Chromium; it first ends whatever browsers a killed previous run left.
  const runtime =
    givenRuntime ??
    chromiumRuntime({
      db: store,
      dataDir: flags.dataDir,
      browserPath: flags.browserPath,
      ipLookupUrl: flags.ipLookupUrl,
      proxyCheckTimeoutMs: flags.proxyCheckTimeoutMs,
    });
  const log = flags.logs ? callLog(flags.dataDir) : undefined;
  const say = (line: string) => {
    log?.write(line);
    if (flags.echo) printLine(line);
  };
  const cloud = cloudClient(flags.cloud, flags.cloudTimeoutMs ?? CLOUD_TIMEOUT_MS);
  const groups = groupStore(store);
  // Start-up lines of the kept login: printed whatever --return says (never the key).
  const notice = (line: string) => {
    log?.write(line);
    console.log(line);
  };
  const remember = flags.rememberLogin ?? true;
  const kept = rememberedLogin(flags.dataDir, notice);
  /** Credentials not to keep: the start-up ones (--account …, and the kept login itself). */
  const notKept = new WeakSet<object>();
  let shuttingDown = false;
  let keptRetry: NodeJS.Timeout | undefined;
  const auth = accountAuth({
    cloud,
    device: deviceId(flags.dataDir),
    log: say,
    onLoggedIn: (login, credential) => {
      if (!remember || notKept.has(credential)) return;
      kept.save({
        account: login.account,
        appId: credential.appId,
        appKey: credential.appKey,
        cloud: flags.cloud,
      });
    },
    onLoggedOut: () => {
      void runtime.stopAll();
      // A sign-out, or a lease the cloud ended: the next start is logged out too. A stop of the
      // service (SIGTERM, quit) keeps the login for the next start.
      if (!shuttingDown) kept.forget();
    },
  });

  let stopping: Promise<void> | undefined;
  let markStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  let compatServer: http.Server | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      shuttingDown = true;
      clearTimeout(keptRetry);
      await runtime.stopAll();
      await auth.logout();
      if (compatServer) {
        const server = compatServer;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await app.close();
      optimizeStore(store);
      store.close();
      markStopped();
    })());

  const app = await buildLocalApi({
    store,
    dataDir: flags.dataDir,
    cloud,
    auth,
    runtime,
    cookieFiles: cookies,
    allowedOrigins: [flags.cloud],
    ...(flags.apiKey
      ? { apiKey: loadOrCreateApiKey(flags.dataDir), anyHost: !isLoopbackHost(flags.host) }
      : {}),
    echo: flags.echo,
    log,
    proxyCheckTimeoutMs: flags.proxyCheckTimeoutMs ?? PROXY_CHECK_TIMEOUT_MS,
    ipLookupUrl: flags.ipLookupUrl,
    ...(flags.syncIntervalMs ? { syncIntervalMs: flags.syncIntervalMs } : {}),
    ...(flags.updateCheckIntervalMs ? { updateCheckIntervalMs: flags.updateCheckIntervalMs } : {}),
    managerDir: flags.managerDir === undefined ? defaultManagerDir() : flags.managerDir,
    rememberLogin: remember,
    ...(embedding.rateLimiter ? { rateLimiter: embedding.rateLimiter } : {}),
    onQuit: () => void stop(),
  });
  await app.listen({ port: flags.port, host: flags.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : flags.port;
  // Every login from here on tells the cloud where this manager is (the console links to it);
  // with --api-key on a browser cannot open the manager, so there is nothing to report.
  auth.reportManagerAt(flags.apiKey ? undefined : ownManagerAddress(flags.host, port));
  let compatPort: number | undefined;
  if (flags.compatPort !== undefined) {
    // The same app (guards, login, store) behind a second port that only the AdsPower-compatible
    // calls answer on (adapters/adspower/compat-adspower.ts refuses the others for marked requests).
    const server = http.createServer((request, response) => {
      (request as { [COMPAT_PORT_REQUEST]?: boolean })[COMPAT_PORT_REQUEST] = true;
      app.routing(request, response);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(flags.compatPort, flags.host, () => resolve());
      });
    } catch (error) {
      await stop();
      throw new Error(`--compat-port ${flags.compatPort}: ${(error as Error).message}`);
    }
    compatServer = server;
    compatPort = (server.address() as { port: number }).port;
  }

  let loginError: string | undefined;
  if (flags.account && flags.appId && flags.appKey) {
    try {
      const credential = { account: flags.account, appId: flags.appId, appKey: flags.appKey };
      notKept.add(credential);
      await logIn({ auth, groups, runtime }, credential, 'en');
    } catch (error) {
      // Told as the call would answer it: the code's number and its English message.
      const failure =
        error instanceof DomainError
          ? toLocalApiError(error)
          : (error as { code?: number; message: string });
      loginError = `${failure.message} (${failure.code ?? 'error'})`;
    }
  } else if (!remember) {
    // Off: no credential stays on disk from an earlier run with it on.
    if (fs.existsSync(kept.file)) {
      kept.forget();
      notice('--remember-login off: the kept login was removed');
    }
  } else {
    const found = kept.read();
    if (found && found.cloud !== flags.cloud) {
      notice(
        `the kept login of ${found.account} is for ${found.cloud}, not ${flags.cloud}: not used`,
      );
    } else if (found) {
      // In the background: the service answers meanwhile (logged out until the cloud says yes).
      // Said before the service says it listens: a start that does not say it is not logging in.
      notice(`Logging in as ${found.account} (kept login)…`);
      void loginKept(found);
    }
  }

  /**
   * Logs in with the kept credential. Refused by the cloud (wrong or revoked key, expired
   * account or lease): the file is removed and the service stays logged out. The cloud
   * unreachable or failing: the file stays and the login is tried again, later and later, until
   * it works, is refused, or another login or a sign-out comes first.
   */
  async function loginKept(found: RememberedLogin, attempt = 0): Promise<void> {
    if (shuttingDown || auth.current) return;
    const credential = { account: found.account, appId: found.appId, appKey: found.appKey };
    notKept.add(credential);
    try {
      const login = await logIn({ auth, groups, runtime }, credential, 'en', {
        onlyIfLoggedOut: true,
      });
      notice(`Logged in as ${login.account} (kept login)`);
    } catch (error) {
      // A /login made meanwhile is the one that counts (it has saved its own credential).
      if (error instanceof LoginSuperseded) return;
      const name = error instanceof DomainError ? error.code : undefined;
      const failure =
        error instanceof DomainError
          ? toLocalApiError(error)
          : { code: undefined, message: (error as Error).message };
      const said = `${failure.message} (${failure.code ?? 'error'})`;
      if (name && KEPT_LOGIN_REFUSED.has(name)) {
        kept.forget();
        notice(`the kept login of ${found.account} was refused: ${said}; removed, sign in again`);
      } else if (name && KEPT_LOGIN_HELD.has(name)) {
        notice(`the kept login of ${found.account} failed: ${said}; kept, sign in when it is free`);
      } else if (!shuttingDown && !auth.current) {
        const delay = KEPT_LOGIN_RETRY_MS[Math.min(attempt, KEPT_LOGIN_RETRY_MS.length - 1)]!;
        notice(
          `the kept login of ${found.account} failed: ${said}; trying again in ${delay / 1000} s`,
        );
        keptRetry = setTimeout(() => void loginKept(found, attempt + 1), delay);
        keptRetry.unref();
      }
    }
  }

  return {
    url: `http://${flags.host.includes(':') ? `[${flags.host}]` : flags.host}:${port}`,
    port,
    stop,
    stopped,
    auth,
    runtime,
    loginError,
    /** The cookie folder (its real path). */
    cookieDir: cookies.realDir,
    /** The port of --compat-port, when given. */
    compatPort,
  };
}

/** Answers of the cloud that end a kept login (the credential or the account is not good). */
const KEPT_LOGIN_REFUSED = new Set(['LOGIN_INVALID', 'PACKAGE_EXPIRED', 'LOGIN_EXPIRE']);
/** Answers that keep the credential but are not retried (another device or instance holds it). */
const KEPT_LOGIN_HELD = new Set(['APP_ID_ONLINE', 'LOGIN_OCCUPY']);
/** The waits between tries of a kept login while the cloud cannot be reached. */
const KEPT_LOGIN_RETRY_MS = [5_000, 15_000, 60_000, 300_000];

/** The command line without --app_key and --app_key-file (and their values). */
function withoutKeyFlags(argv: string[]): string[] {
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, strict: true, tokens: true });
  const dropped = new Set<number>();
  for (const token of tokens) {
    if (token.kind === 'option' && (token.name === 'app_key' || token.name === 'app_key-file')) {
      dropped.add(token.index);
      if (!token.inlineValue) dropped.add(token.index + 1);
    }
  }
  return argv.filter((_, index) => !dropped.has(index));
}

/** The environment variable naming the file through which `--hide` hands the key to the child. */
const KEY_TRANSFER_ENV = 'HAINIAO_APP_KEY_TRANSFER';
const KEY_TRANSFER_NAME = /^\.app_key-[0-9a-f]{16}$/;

/**
 * The environment the flags are read from. In the background child of `--hide`, the key handed
 * over in a 0600 file of the data folder: read, then deleted at once. The key variables are
 * removed from this process's environment, so the browsers it starts do not inherit them.
 */
function flagEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  const transfer = env[KEY_TRANSFER_ENV];
  delete env[KEY_TRANSFER_ENV];
  if (
    env.HAINIAO_API_DETACHED === '1' &&
    transfer &&
    KEY_TRANSFER_NAME.test(path.basename(transfer))
  ) {
    try {
      env.HAINIAO_APP_KEY = fs.readFileSync(transfer, 'utf8');
    } catch {
      // gone: the service starts without logging in
    } finally {
      fs.rmSync(transfer, { force: true });
    }
  }
  delete process.env.HAINIAO_APP_KEY;
  delete process.env[KEY_TRANSFER_ENV];
  return env;
}

/**
 * `--hide on`: starts the service again as a detached background process (its console output goes
 * to <data>/logs/console.log), waits until it listens, prints its URL and PID, and returns.
 */
async function detach(flags: LocalApiFlags, argv: string[], respawn: string[]): Promise<number> {
  fs.mkdirSync(flags.dataDir, { recursive: true, mode: 0o700 });
  const logs = path.join(flags.dataDir, 'logs');
  fs.mkdirSync(logs, { recursive: true, mode: 0o700 });
  const consoleFile = path.join(logs, 'console.log');
  const out = fs.openSync(consoleFile, 'a', 0o600);
  const start = fs.statSync(consoleFile).size;
  fs.rmSync(pidFile(flags.dataDir), { force: true });
  // The key never goes on the child's command line (anyone can read it with ps): a 0600 file in
  // the 0700 data folder that the child deletes once read.
  const env: NodeJS.ProcessEnv = { ...process.env, HAINIAO_API_DETACHED: '1' };
  delete env.HAINIAO_APP_KEY;
  let keyFile: string | undefined;
  if (flags.appKey) {
    keyFile = path.join(flags.dataDir, `.app_key-${randomBytes(8).toString('hex')}`);
    fs.writeFileSync(keyFile, flags.appKey, { mode: 0o600, flag: 'wx' });
    env[KEY_TRANSFER_ENV] = keyFile;
  }
  try {
    return await runDetached(
      flags,
      [...respawn, ...withoutKeyFlags(argv)],
      env,
      out,
      consoleFile,
      start,
    );
  } finally {
    if (keyFile) fs.rmSync(keyFile, { force: true });
  }
}

async function runDetached(
  flags: LocalApiFlags,
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: number,
  consoleFile: string,
  start: number,
): Promise<number> {
  const child = spawn(process.execPath, argv, {
    detached: true,
    stdio: ['ignore', out, out],
    env,
  });
  child.unref();
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const output = fs.readFileSync(consoleFile, 'utf8').slice(start);
    const listening = /listening on (\S+)/.exec(output);
    if (listening && fs.existsSync(pidFile(flags.dataDir))) {
      console.log(
        `Hainiao local API listening on ${listening[1]} in the background ` +
          `(pid ${child.pid}, output in ${consoleFile}, pid file ${pidFile(flags.dataDir)})`,
      );
      return 0;
    }
    if (exited !== null) {
      console.error(`the background service exited with ${exited}:\n${output}`);
      return 1;
    }
  }
  console.error(`the background service did not start in time; see ${consoleFile}`);
  return 1;
}

/**
 * The command: parses `argv` (the arguments after the program), runs the service until it stops,
 * and exits. `respawn` is how `--hide on` starts the same program again in the background;
 * `onListening` is told where the service answers once it does.
 */
export async function main(
  argv: string[],
  respawn: string[],
  onListening?: (url: string, flags: LocalApiFlags) => void,
): Promise<never> {
  // Everything the service creates (store, logs, PID and state files, profiles) is the user's only.
  process.umask(0o077);
  let flags: LocalApiFlags;
  try {
    flags = parseFlags(argv, flagEnvironment());
  } catch (error) {
    if (error instanceof HelpRequested) {
      console.log(USAGE);
      process.exit(0);
    }
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (flags.hide && process.env.HAINIAO_API_DETACHED !== '1') {
    process.exit(await detach(flags, argv, respawn));
  }
  const api = await startLocalApi(flags);
  console.log(`Hainiao local API listening on ${api.url} (data: ${flags.dataDir})`);
  onListening?.(api.url, flags);
  if (flags.apiKey) {
    console.log(
      `API key required: send the key in ${path.join(flags.dataDir, API_KEY_FILE)} as "Authorization: Bearer KEY"`,
    );
  }
  if (api.auth.current) console.log(`Logged in as ${api.auth.current.account}`);
  if (flags.hide) fs.writeFileSync(pidFile(flags.dataDir), `${process.pid}\n`, { mode: 0o600 });
  if (api.loginError) console.error(`Login failed: ${api.loginError}`);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => void api.stop());
  }
  // The browser environments run on (found in the background at start).
  (api.runtime as { browser?: () => Promise<{ path: string; version: string; driver: string }> })
    .browser?.()
    .then(
      (found) =>
        console.log(
          `Browser core ${found.version} (${found.path})` +
            (found.driver ? `, chromedriver ${found.driver}` : ''),
        ),
      (error: Error) => console.error(`Browser: ${error.message}`),
    );
  await api.stopped;
  if (flags.hide) fs.rmSync(pidFile(flags.dataDir), { force: true });
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Not a top-level await: the packaged program is a CommonJS bundle (scripts/package.ts).
  void main(process.argv.slice(2), [...process.execArgv, process.argv[1]!]);
}
