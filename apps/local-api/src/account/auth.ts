/**
 * The account the service is logged in with, and its device lease on the cloud
 * (docs/architecture.md, "API credentials"): /login verifies the credential and takes the lease; a
 * heartbeat every `heartbeat_interval_ms` keeps it; quit, a switch of account and logout release
 * it; a crash lets the cloud time it out. A heartbeat answered -4 (lease gone: reset, deleted,
 * timed out) logs the service out.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEVICE_ID_MAX,
  DEVICE_ID_PATTERN,
  LEASE_HEARTBEAT_INTERVAL_MS,
  MainCodes,
  type Lang,
} from '@hainiao/contract';
import { CloudCallError, type CloudClient } from '../cloud/client.ts';
import { DomainError } from '../model/errors.ts';

/** The service's login, in our names (adapters/v1/account.ts answers it in the spec's). */
export interface Login {
  account: string;
  appId: string;
  /** 0 main account, 1 sub-account. */
  type: number;
  /** The account's registration and expiry dates, as the cloud gives them. */
  registrationDate: string;
  expirationDate: string;
  /** The lease token the cloud returned (library and members calls send it). */
  token: string;
  heartbeatMs: number;
  loggedInAt: number;
}

const C = MainCodes.code;

/**
 * How long a logout waits for unfinished work without a word from the cloud: an unreachable
 * cloud must not hold a quit, but an upload the cloud keeps answering (a large profile, a slow
 * machine) goes on to its end, or the profile stopped before the quit would be lost.
 */
const LOGOUT_FLUSH_QUIET_MS = 10_000;
/** And however much the cloud answers, a quit is not held longer than this. */
const LOGOUT_FLUSH_MAX_MS = 120_000;

/**
 * The device id: random, created on first start and kept in the data folder, so that it is stable
 * for one machine and data folder (a restarted service takes its own lease over) and different
 * for a second installation (which gets -12 while the first holds the credential).
 */
export function deviceId(dataDir: string): string {
  const file = path.join(dataDir, 'device-id');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length <= DEVICE_ID_MAX && DEVICE_ID_PATTERN.test(stored)) return stored;
  } catch {
    // first start
  }
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9-]/g, '')
      .slice(0, 24) || 'host';
  const id = `${host}-${randomBytes(12).toString('hex')}`;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${id}\n`, { mode: 0o600 });
  return id;
}

/** A login asked to happen only while logged out, overtaken by another login. */
export class LoginSuperseded extends Error {
  override name = 'LoginSuperseded';
  constructor() {
    super('another login came first');
  }
}

/** A cloud failure as the local API answers it (a main code, MainCodes of the contract). */
export function cloudFailure(error: unknown, during: 'login' | 'call'): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof CloudCallError) {
    if (error.kind === 'timeout') {
      return new DomainError(during === 'login' ? 'LOGIN_TIMEOUT' : 'LOGIN_SERVER_ERROR');
    }
    if (error.kind === 'answer' && error.code !== undefined) {
      const main = MainCodes.get(error.code);
      if (main && error.code !== 0) return new DomainError(main.name);
      // Form validation of the cloud (code 1): the credential fields were not acceptable.
      if (error.code === 1 && during === 'login') return new DomainError('LOGIN_INVALID');
      return new DomainError('UNKNOWN_EXCEPTION', { en: error.message, zh: error.message });
    }
  }
  return new DomainError('LOGIN_SERVER_ERROR');
}

export function accountAuth(options: {
  cloud: CloudClient;
  device: string;
  /** Called when the login ends for any reason but a new login replacing it. */
  onLoggedOut?: (reason: 'logout' | 'expired') => void;
  /** Called after each successful login, with the credential it was made with. */
  onLoggedIn?: (
    login: Login,
    credential: { account: string; appId: string; appKey: string },
  ) => void;
  log?: (line: string) => void;
}) {
  const { cloud, device } = options;
  let current: Login | null = null;
  /** This service's manager address, told to the cloud at each login (known once it listens). */
  let managerUrl: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flushHooks: (() => Promise<void>)[] = [];
  const switchHooks: ((leaving: Login) => Promise<void>)[] = [];
  const changeListeners: ((login: Login | null) => void)[] = [];

  /**
   * Waits for `work` while the cloud answers: until it ends, LOGOUT_FLUSH_QUIET_MS pass without
   * an answer, or LOGOUT_FLUSH_MAX_MS in all.
   */
  const bounded = (work: Promise<void>) =>
    new Promise<void>((resolve) => {
      const since = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        const now = Date.now();
        const quiet = now - Math.max(since, cloud.answeredAt());
        if (quiet >= LOGOUT_FLUSH_QUIET_MS || now - since >= LOGOUT_FLUSH_MAX_MS) return resolve();
        const left = Math.min(LOGOUT_FLUSH_QUIET_MS - quiet, LOGOUT_FLUSH_MAX_MS - (now - since));
        timer = setTimeout(check, left);
        timer.unref();
      };
      check();
      void work
        .catch(() => undefined)
        .then(() => {
          clearTimeout(timer);
          resolve();
        });
    });
  function become(login: Login | null): void {
    current = login;
    for (const listener of changeListeners) listener(login);
  }

  function stopHeartbeat() {
    if (timer) clearTimeout(timer);
    timer = undefined;
  }

  /** One heartbeat, then the next one scheduled (it never throws). */
  async function beat(login: Login): Promise<void> {
    if (current !== login) return;
    try {
      await cloud.heartbeat(login.token, device, 'en');
    } catch (error) {
      if (error instanceof CloudCallError && error.code === C.LOGIN_EXPIRE) {
        if (current === login) {
          become(null);
          options.log?.(`lease of ${login.account} ended by the cloud: logged out`);
          options.onLoggedOut?.('expired');
        }
        return;
      }
      // The cloud is unreachable for now: keep trying; it ends the lease if this goes on.
      options.log?.(`heartbeat failed: ${(error as Error).message}`);
    }
    if (current === login) scheduleHeartbeat(login);
  }

  function scheduleHeartbeat(login: Login) {
    stopHeartbeat();
    timer = setTimeout(() => void beat(login), login.heartbeatMs);
    timer.unref();
  }

  async function release(login: Login): Promise<void> {
    try {
      await cloud.logout(login.token, device, 'en');
    } catch (error) {
      // The lease times out on the cloud anyway.
      options.log?.(`logout of ${login.account} failed: ${(error as Error).message}`);
    }
  }

  let loginQueue: Promise<unknown> = Promise.resolve();

  async function loginNow(
    input: { account: string; appId: string; appKey: string },
    lang: Lang,
    opts: { onlyIfLoggedOut?: boolean },
  ): Promise<{ login: Login; previous: Login | null }> {
    // A login made meanwhile (the user's /login while the kept one waited its turn) wins.
    if (opts.onlyIfLoggedOut && current) throw new LoginSuperseded();
    let answer;
    try {
      answer = await cloud.login(
        {
          Account: input.account,
          APP_ID: input.appId,
          APP_KEY: input.appKey,
          device,
          ...(managerUrl ? { manager_url: managerUrl } : {}),
        },
        lang,
      );
    } catch (error) {
      throw cloudFailure(error, 'login');
    }
    const previous = current;
    // Leaving an account: its browsers end and its changes go up under its own lease first,
    // while it still holds it (what is left waits for its next login here).
    if (previous && previous.account !== answer.Account) {
      for (const hook of switchHooks) await bounded(hook(previous));
    }
    const login: Login = {
      account: answer.Account,
      appId: input.appId,
      type: answer.type,
      registrationDate: answer.account_reg_date,
      expirationDate: answer.account_expire_date,
      token: answer.token,
      heartbeatMs:
        answer.heartbeat_interval_ms > 0
          ? answer.heartbeat_interval_ms
          : LEASE_HEARTBEAT_INTERVAL_MS,
      loggedInAt: Date.now(),
    };
    become(login);
    scheduleHeartbeat(login);
    options.onLoggedIn?.(login, input);
    // The same credential on the same device: the cloud already moved its lease to the new login.
    if (previous && previous.appId !== login.appId) await release(previous);
    return { login, previous };
  }

  /** A lease the cloud reports gone (-4 on a call): the service is logged out. */
  function expired(): void {
    if (!current) return;
    become(null);
    stopHeartbeat();
    options.onLoggedOut?.('expired');
  }

  return {
    device,
    get current(): Login | null {
      return current;
    },

    /**
     * Where this service's environment manager is (`http://127.0.0.1:PORT/`, account/
     * manager-address.ts), sent with every later login so that the API console can link to it.
     */
    reportManagerAt(url: string | undefined): void {
      managerUrl = url;
    },

    /**
     * Logs in (or switches to) `account`. On failure the current login stays as it was; on success
     * a previous login of another credential is released.
     */
    login(
      input: { account: string; appId: string; appKey: string },
      lang: Lang,
      opts: { onlyIfLoggedOut?: boolean } = {},
    ): Promise<{ login: Login; previous: Login | null }> {
      // One login at a time: the cloud moves a credential's lease to its newest login, so two
      // running at once could leave this service holding the token the cloud just replaced.
      const run = loginQueue.then(() => loginNow(input, lang, opts));
      loginQueue = run.catch(() => undefined);
      return run;
    },

    /**
     * Work to finish while still logged in, before a logout (quit, shutdown) releases the lease:
     * the changes waiting to upload (domain/sync.ts), each while the cloud answers (`bounded`).
     */
    beforeLogout(hook: () => Promise<void>): void {
      flushHooks.push(hook);
    },

    /** Work to finish under an account before a login of another account replaces it. */
    beforeSwitch(hook: (leaving: Login) => Promise<void>): void {
      switchHooks.push(hook);
    },

    /** Called whenever the login changes (a login, a switch, a logout, an expiry). */
    onChange(listener: (login: Login | null) => void): void {
      changeListeners.push(listener);
    },

    /** Ends the login and releases the lease (quit, shutdown). */
    async logout(): Promise<void> {
      if (current) {
        for (const hook of flushHooks) await bounded(hook());
      }
      const login = current;
      become(null);
      stopHeartbeat();
      if (login) {
        await release(login);
        options.onLoggedOut?.('logout');
      }
    },

    expired,

    /**
     * A call to the cloud under the login: its failure as the local API answers it
     * (cloudFailure), and a lease the cloud reports gone logs the service out.
     */
    async call<T>(work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (error) {
        const failure = cloudFailure(error, 'call');
        if (failure.code === 'LOGIN_EXPIRE') expired();
        throw failure;
      }
    },

    /** Stops the heartbeat without telling the cloud (the lease then times out). */
    abandon(): void {
      stopHeartbeat();
    },
  };
}
export type AccountAuth = ReturnType<typeof accountAuth>;
