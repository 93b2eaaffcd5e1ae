/**
 * The proxy library (issue 27): proxies an account saves by name on this machine, the commands
 * every door calls (the /manager/proxies/* calls, the manager's Proxies page through them).
 *
 * An environment uses a saved proxy when its own proxy is the same one: the same type, host, port
 * and user name (the proxy account on its server). No link is stored: an environment keeps the
 * proxy's values as its own fields, so the spec's calls answer them as they are, a start needs
 * nothing else, a copy synced to another machine works there, and choosing a saved proxy in any
 * door (the form, a script) is sending its fields. A change of a saved proxy (a new password from
 * the vendor) is written to every environment of the account that uses it, in the same
 * transaction; deleting one leaves those environments their values, so nothing stops working.
 */
import { randomBytes } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import {
  format,
  localApiMessages,
  NO_PROXY,
  SAVED_PROXY_CHECK_PARALLEL,
  type Localized,
} from '@hainiao/contract';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DomainError, InvalidRequestError } from '../model/errors.ts';
import type { BrowserRuntime } from '../runtime/browser.ts';
import {
  checkProxy,
  DEFAULT_IP_LOOKUP_URL,
  localize,
  withReason,
} from '../runtime/proxy/proxy-check.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import {
  identityKey,
  type ProxyIdentity,
  type ProxyStore,
  type SavedProxy,
  type SavedProxyCheck,
} from '../store/proxies.ts';
import { resolve } from './access.ts';
import { applyProxy, proxyEndpointOf, type ProxyFieldNames } from './environment.ts';

const M = localApiMessages;

export interface ProxyLibraryDeps {
  db: SQLite.Database;
  proxies: ProxyStore;
  envs: EnvironmentStore;
  proxyCheckTimeoutMs: number;
  /** The configured IP-lookup endpoint (--ip-lookup), if any. */
  ipLookupUrl?: string | undefined;
}

/** A proxy to save, in our names. */
export interface SavedProxyFields {
  name: string;
  type: string;
  host: string;
  port: number;
  username?: string | undefined;
  password?: string | undefined;
  note?: string | undefined;
}

/** A change of a saved proxy: each field absent is kept. */
export type SavedProxyChanges = Partial<SavedProxyFields>;

/** How the calls spell the fields: a refused proxy's reason names them so. */
export const SAVED_PROXY_FIELD_NAMES: ProxyFieldNames = {
  type: 'Proxy_Type',
  host: 'Proxy_Ip',
  port: 'Proxy_Port',
  username: 'Proxy_Username',
  password: 'Proxy_Password',
};

/** A saved proxy and how many of the account's environments use it. */
export interface SavedProxyUse {
  proxy: SavedProxy;
  environmentCount: number;
}

const newId = () => randomBytes(8).toString('hex');

const notFound = (ids: readonly string[]) =>
  new DomainError('UNKNOWN_EXCEPTION', M.savedProxyNotFound, { ids: ids.join(', ') });

/** -104 "Proxy is invalid: …" with `reason` filled in both languages. */
const proxyInvalid = (reason: Localized, values: Record<string, string | number>) =>
  new DomainError('PROXY_INVALID', withReason(M.proxyFieldsInvalid, localize(reason, values)));

/** The identity of an environment's proxy, or undefined without one. */
export function environmentProxy(record: EnvironmentRecord): ProxyIdentity | undefined {
  if (record.proxyType === NO_PROXY) return undefined;
  return {
    type: record.proxyType,
    host: record.proxyIp,
    port: record.settings.proxyPort,
    username: record.settings.proxyUsername,
  };
}

/**
 * The proxy after the create call's rules (environment.ts applyProxy: a host name or IP address,
 * a port, credentials for the providers and SSH), applied to a record that exists only here.
 * noproxy is no proxy to save.
 */
function checkedProxy(
  fields: Pick<SavedProxyFields, 'type' | 'host' | 'port' | 'username' | 'password'>,
): ProxyIdentity & { password: string } {
  if (fields.type === NO_PROXY) {
    throw proxyInvalid(M.savedProxyNoProxy, { field: SAVED_PROXY_FIELD_NAMES.type });
  }
  const { type, host, port, username, password } = proxyEndpointOf(
    {
      type: fields.type,
      host: fields.host,
      port: fields.port,
      username: fields.username ?? '',
      password: fields.password ?? '',
    },
    SAVED_PROXY_FIELD_NAMES,
  );
  return { type, host, port, username, password };
}

/** The name trimmed; one of spaces only is none. */
function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new InvalidRequestError(M.savedProxyNameEmpty);
  return trimmed;
}

const nameTaken = (name: string) =>
  new DomainError('UNKNOWN_EXCEPTION', M.savedProxyNameExists, { name });
const alreadySaved = (name: string) =>
  new DomainError('UNKNOWN_EXCEPTION', M.savedProxyDuplicate, { name });

/** The owner's saved proxies by name, each with how many of its environments use it. */
export function listSavedProxies(deps: ProxyLibraryDeps, owner: string): SavedProxyUse[] {
  const usage = deps.proxies.usage(owner);
  return deps.proxies
    .list(owner)
    .map((proxy) => ({ proxy, environmentCount: usage.get(identityKey(proxy)) ?? 0 }));
}

/** One saved proxy of the owner (another account's id is not found, as an unknown one). */
export function getSavedProxy(deps: ProxyLibraryDeps, owner: string, id: string): SavedProxy {
  const proxy = deps.proxies.get(owner, id);
  if (!proxy) throw notFound([id]);
  return proxy;
}

/**
 * Saves proxies, all of them or none. A refused one is named by its place in the list (from 1)
 * and its name, with the reason of a single one.
 */
export function createSavedProxies(
  deps: ProxyLibraryDeps,
  owner: string,
  list: readonly SavedProxyFields[],
): SavedProxy[] {
  const now = Date.now();
  const names = new Set<string>();
  const identities = new Map<string, string>();
  const made = list.map((fields, index) => {
    try {
      const name = checkedName(fields.name);
      const proxy = checkedProxy(fields);
      if (names.has(name) || deps.proxies.named(owner, name)) throw nameTaken(name);
      const key = identityKey(proxy);
      const twin = identities.get(key) ?? deps.proxies.same(owner, proxy)?.name;
      if (twin !== undefined) throw alreadySaved(twin);
      names.add(name);
      identities.set(key, name);
      const saved: SavedProxy = {
        id: newId(),
        owner,
        name,
        ...proxy,
        note: fields.note?.trim() ?? '',
        createdAt: now,
        updatedAt: now,
      };
      return saved;
    } catch (error) {
      throw list.length > 1 ? itemRefused(error, index, fields.name) : error;
    }
  });
  deps.db.transaction(() => {
    for (const proxy of made) deps.proxies.insert(proxy);
  })();
  return made;
}

/** A refusal of the `index`-th proxy of a list, its message saying which one. */
function itemRefused(error: unknown, index: number, name: string): unknown {
  if (!(error instanceof DomainError)) return error;
  const own = error.reason ?? { en: error.code, zh: error.code };
  const reason = (lang: 'en' | 'zh') => format(own[lang], error.values);
  const values = { number: index + 1, name };
  const message: Localized = {
    en: format(M.savedProxyItemRefused.en, { ...values, reason: reason('en') }),
    zh: format(M.savedProxyItemRefused.zh, { ...values, reason: reason('zh') }),
  };
  return error instanceof InvalidRequestError
    ? new InvalidRequestError(message)
    : new DomainError(error.code, message);
}

/** What a change of a saved proxy did: the proxy now, and the environments that followed it. */
export interface SavedProxyUpdate {
  proxy: SavedProxy;
  environmentIds: string[];
}

/**
 * Changes a saved proxy. When its type, host, port, user name or password change, every
 * environment of the owner that used it gets the new values (in the same transaction, queued for
 * sync as any change of theirs), and its last check is cleared: it no longer tells about it.
 */
export function updateSavedProxy(
  deps: ProxyLibraryDeps,
  owner: string,
  id: string,
  changes: SavedProxyChanges,
): SavedProxyUpdate {
  const before = getSavedProxy(deps, owner, id);
  const name = changes.name === undefined ? before.name : checkedName(changes.name);
  const proxy = checkedProxy({
    type: changes.type ?? before.type,
    host: changes.host ?? before.host,
    port: changes.port ?? before.port,
    username: changes.username ?? before.username,
    password: changes.password ?? before.password,
  });
  const other = deps.proxies.named(owner, name);
  if (other && other.id !== id) throw nameTaken(name);
  const twin = deps.proxies.same(owner, proxy);
  if (twin && twin.id !== id) throw alreadySaved(twin.name);
  const endpointChanged =
    identityKey(proxy) !== identityKey(before) || proxy.password !== before.password;
  const after: SavedProxy = {
    ...before,
    name,
    ...proxy,
    note: changes.note === undefined ? before.note : changes.note.trim(),
    updatedAt: Date.now(),
    check: endpointChanged ? undefined : before.check,
  };
  return deps.db.transaction(() => {
    deps.proxies.save(after);
    const environmentIds = endpointChanged ? deps.proxies.environmentsUsing(owner, before) : [];
    for (const envId of environmentIds) {
      const { record } = resolve(deps.envs, owner, envId, 'write');
      applyProxy(record, proxy, SAVED_PROXY_FIELD_NAMES);
      deps.envs.save(record);
    }
    return { proxy: after, environmentIds };
  })();
}

/**
 * Deletes saved proxies, all of them or none. The environments that used one keep its values as
 * their own proxy: refusing would leave the user hunting for them, and clearing their proxy would
 * expose their real address at the next start.
 */
export function deleteSavedProxies(
  deps: ProxyLibraryDeps,
  owner: string,
  ids: readonly string[],
): string[] {
  const unique = [...new Set(ids)];
  const missing = unique.filter((id) => !deps.proxies.get(owner, id));
  if (missing.length) throw notFound(missing);
  deps.db.transaction(() => {
    for (const id of unique) deps.proxies.remove(owner, id);
  })();
  return unique;
}

/** The IP-lookup endpoint of the checks: the configured one, else the documented default. */
const lookupUrlOf = (deps: ProxyLibraryDeps) =>
  deps.ipLookupUrl ?? process.env.HAINIAO_IP_LOOKUP ?? DEFAULT_IP_LOOKUP_URL;

/** Runs `work` on every item, at most `parallel` at a time; answers in the items' order. */
async function inPool<T, R>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

/** The create call's check (a real request through the proxy to the IP lookup), as a result to keep. */
async function checkOne(deps: ProxyLibraryDeps, proxy: SavedProxy): Promise<SavedProxyCheck> {
  const result = await checkProxy(proxy, deps.proxyCheckTimeoutMs, {
    lookupUrl: lookupUrlOf(deps),
  });
  const at = Date.now();
  if (!result.ok) {
    return {
      ok: false,
      at,
      curlCode: result.curlCode,
      curlName: result.curlName,
      reason: result.localized,
    };
  }
  return {
    ok: true,
    at,
    ip: result.exit?.ip ?? '',
    country: result.exit?.country ?? '',
    latencyMs: result.latencyMs ?? 0,
  };
}

/**
 * Checks saved proxies, SAVED_PROXY_CHECK_PARALLEL at a time, and keeps each result with its
 * proxy; a proxy that failed is a result, not a failure of the command. A proxy changed or
 * deleted while its check ran keeps no result (it would describe another proxy).
 */
export async function checkSavedProxies(
  deps: ProxyLibraryDeps,
  owner: string,
  ids: readonly string[],
): Promise<SavedProxy[]> {
  const unique = [...new Set(ids)];
  const proxies = unique.map((id) => deps.proxies.get(owner, id));
  const missing = unique.filter((_, i) => !proxies[i]);
  if (missing.length) throw notFound(missing);
  return inPool(proxies as SavedProxy[], SAVED_PROXY_CHECK_PARALLEL, async (proxy) => {
    const check = await checkOne(deps, proxy);
    const now = deps.proxies.get(owner, proxy.id);
    if (!now) return { ...proxy, check };
    if (identityKey(now) !== identityKey(proxy) || now.password !== proxy.password) return now;
    const checked = { ...now, check };
    deps.proxies.save(checked);
    return checked;
  });
}

/** Where an environment last went out, and from which source. */
export interface KnownExit {
  ip: string;
  country: string;
  at: number;
  /** The last check of its saved proxy, or its own last start's lookup. */
  from: 'check' | 'start';
}

export interface EnvironmentExit {
  id: string;
  /** The saved proxy the environment uses, if any. */
  proxy?: { id: string; name: string } | undefined;
  exit?: KnownExit | undefined;
}

/**
 * Each visible environment's saved proxy and last known exit: the newer of its saved proxy's last
 * passed check and its own last start's lookup through the proxy it has now. IDs the account
 * cannot see are left out (a list may hold one deleted meanwhile).
 */
export function environmentExits(
  deps: Pick<ProxyLibraryDeps, 'proxies' | 'envs'>,
  owner: string,
  ids: readonly string[],
): EnvironmentExit[] {
  const visible = deps.envs.visibleMany(owner, [...new Set(ids)]);
  const saved = new Map(deps.proxies.list(owner).map((p) => [identityKey(p), p]));
  return [...visible.values()].map(({ record }) => {
    const identity = environmentProxy(record);
    const key = identity && identityKey(identity);
    const proxy = key === undefined ? undefined : saved.get(key);
    const candidates: KnownExit[] = [];
    if (proxy?.check?.ok && proxy.check.ip) {
      const { ip, country, at } = proxy.check;
      candidates.push({ ip, country, at, from: 'check' });
    }
    const started = deps.proxies.startExit(record.id);
    // An exit seen through another proxy than the one it has now says nothing of it.
    if (started && started.proxy === (key ?? NO_PROXY)) {
      const { ip, country, at } = started;
      candidates.push({ ip, country, at, from: 'start' });
    }
    const exit = candidates.sort((a, b) => b.at - a.at)[0];
    return {
      id: record.id,
      ...(proxy ? { proxy: { id: proxy.id, name: proxy.name } } : {}),
      ...(exit ? { exit } : {}),
    };
  });
}

/**
 * The runtime with each start's exit kept (the lookup at start, when one ran and answered), so
 * that the environments list shows it after the browser has ended. Every door's start goes
 * through it: the v1 calls, the AdsPower-compatible ones, the MCP tools, the self-check.
 */
export function keepingStartExits(runtime: BrowserRuntime, proxies: ProxyStore): BrowserRuntime {
  return {
    ...runtime,
    running: (id) => runtime.running(id),
    runningIds: () => runtime.runningIds(),
    condition: (id) => runtime.condition(id),
    stop: (id) => runtime.stop(id),
    kill: (id) => runtime.kill(id),
    stopAll: () => runtime.stopAll(),
    pushCookies: (id, change) => runtime.pushCookies(id, change),
    async start(plan) {
      const result = await runtime.start(plan);
      const exit = result.running?.exit;
      if (exit?.ip) {
        const identity = environmentProxy(plan.environment);
        proxies.recordStartExit(plan.environment.id, {
          proxy: identity ? identityKey(identity) : NO_PROXY,
          ip: exit.ip,
          country: exit.country,
          at: result.running?.startedAt ?? Date.now(),
        });
      }
      return result;
    },
  };
}
