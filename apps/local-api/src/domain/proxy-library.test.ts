/**
 * The proxy library's commands on a real SQLite file: saving one or many proxies (all or none,
 * each refused one named), names and proxies unique per account, a change followed by every
 * environment of the account that uses the proxy (and by no other), a delete that leaves the
 * environments their proxy, and the check through real proxies on loopback (proxy-chain with basic
 * auth, an ip-api.com-like lookup) with its result kept. Exits: the newer of the saved proxy's
 * check and the environment's last start, a start through another proxy saying nothing.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { localApiMessages } from '@hainiao/contract';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DomainError, InvalidRequestError } from '../model/errors.ts';
import { DEFAULT_SETTINGS } from '../model/settings.ts';
import { startHttpProxy, startLookup } from '../test/proxies.ts';
import { openStore } from '../store/database.ts';
import { environmentStore } from '../store/environments.ts';
import { identityKey, proxyStore } from '../store/proxies.ts';
import {
  checkSavedProxies,
  createSavedProxies,
  deleteSavedProxies,
  environmentExits,
  getSavedProxy,
  listSavedProxies,
  updateSavedProxy,
  type ProxyLibraryDeps,
  type SavedProxyFields,
} from './proxy-library.ts';

let dir: string;
let db: SQLite.Database;
let deps: ProxyLibraryDeps;
let lookup: Awaited<ReturnType<typeof startLookup>>;
let good: Awaited<ReturnType<typeof startHttpProxy>>;
let other: Awaited<ReturnType<typeof startHttpProxy>>;

beforeAll(async () => {
  [lookup, good, other] = await Promise.all([
    startLookup({ query: '198.51.100.7', countryCode: 'DE', timezone: 'Europe/Berlin' }),
    startHttpProxy('puser', 'ppass'),
    startHttpProxy('quser', 'qpass'),
  ]);
});
afterAll(async () => {
  await Promise.all([lookup?.close(), good?.close(), other?.close()]);
});

beforeEach(() => {
  db?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-proxy-library-'));
  db = openStore(dir);
  deps = {
    db,
    proxies: proxyStore(db),
    envs: environmentStore(db),
    proxyCheckTimeoutMs: 3000,
    ipLookupUrl: lookup.url,
  };
});
afterAll(() => {
  db?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
const owners = new Map<string, string>();
/** An environment of `owner` with this proxy (none without one), in the store. */
function environment(
  owner: string,
  proxy?: { type: string; host: string; port: number; username?: string; password?: string },
): string {
  seq += 1;
  const id = `env${String(seq).padStart(29, '0')}`;
  const record: EnvironmentRecord = {
    id,
    owner,
    name: id,
    description: '',
    group: 'default',
    system: 'Linux',
    userAgent: 'UA',
    proxyType: proxy?.type ?? 'noproxy',
    proxyIp: proxy?.host ?? '',
    settings: {
      ...DEFAULT_SETTINGS,
      proxyPort: proxy?.port ?? 0,
      proxyUsername: proxy?.username ?? '',
      proxyPassword: proxy?.password ?? '',
    },
    cookies: [],
    createdAt: Date.now(),
    updatedAt: Date.now(),
  };
  deps.envs.insert(record, []);
  owners.set(id, owner);
  return id;
}

/** The proxy an environment has now, as stored. */
function proxyOf(id: string) {
  const { record } = deps.envs.visible(owners.get(id)!, id)!;
  const s = record.settings;
  return {
    type: record.proxyType,
    host: record.proxyIp,
    port: s.proxyPort,
    username: s.proxyUsername,
    password: s.proxyPassword,
  };
}

const http = (name: string, port: number, username = 'puser', password = 'ppass') =>
  ({
    name,
    type: 'HTTP',
    host: '127.0.0.1',
    port,
    username,
    password,
  }) satisfies SavedProxyFields;

/** The DomainError `run` throws (failing the test when it throws none or another). */
function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('not refused');
}
const messageOf = (error: DomainError) =>
  (error.reason?.en ?? error.code).replace(/\{(\w+)\}/g, (_, key: string) =>
    String(error.values[key] ?? `{${key}}`),
  );

describe('saving', () => {
  test('one or many, by name; names and proxies unique per account; all or none', () => {
    const made = createSavedProxies(deps, 'alice', [
      { ...http('  US 1 ', 1001), note: ' renews monthly ' },
      http('US 2', 1002, 'other'),
    ]);
    expect(made.map((p) => [p.name, p.note])).toEqual([
      ['US 1', 'renews monthly'],
      ['US 2', ''],
    ]);
    expect(new Set(made.map((p) => p.id)).size).toBe(2);
    // Another account has its own names and proxies.
    expect(createSavedProxies(deps, 'bob', [http('US 1', 1001)])).toHaveLength(1);

    const taken = refusal(() => createSavedProxies(deps, 'alice', [http('US 1', 2000)]));
    expect(taken.code).toBe('UNKNOWN_EXCEPTION');
    expect(messageOf(taken)).toBe('A saved proxy named “US 1” already exists');
    // The same proxy account on the same server under another name.
    const twin = refusal(() => createSavedProxies(deps, 'alice', [http('again', 1001)]));
    expect(messageOf(twin)).toBe(
      'This proxy (the same type, host, port and user name) is already saved as “US 1”',
    );
    // A list: the refused one is named by its place, and nothing of the list is saved.
    const list = refusal(() =>
      createSavedProxies(deps, 'alice', [
        http('fine', 3001),
        { ...http('bad host', 3002), host: 'not a host' },
      ]),
    );
    expect(list.code).toBe('PROXY_INVALID');
    expect(messageOf(list)).toBe(
      'Proxy 2 of the list (“bad host”): Proxy is invalid: "not a host" is not a host name or IP address',
    );
    const inList = refusal(() =>
      createSavedProxies(deps, 'alice', [http('x', 3003), http('x', 3004)]),
    );
    expect(messageOf(inList)).toBe(
      'Proxy 2 of the list (“x”): A saved proxy named “x” already exists',
    );
    expect(listSavedProxies(deps, 'alice').map((p) => p.proxy.name)).toEqual(['US 1', 'US 2']);
  });

  test("the create call's rules of a proxy: providers need credentials, noproxy is none, a name is more than spaces", () => {
    const provider = refusal(() =>
      createSavedProxies(deps, 'alice', [
        { name: 'gw', type: 'smartproxy', host: 'gate.example.com', port: 7000 },
      ]),
    );
    expect(provider.code).toBe('PROXY_INVALID');
    expect(messageOf(provider)).toBe('Proxy is invalid: Proxy_Username is required for smartproxy');
    const none = refusal(() =>
      createSavedProxies(deps, 'alice', [{ name: 'n', type: 'noproxy', host: 'h', port: 1 }]),
    );
    expect(messageOf(none)).toBe('Proxy is invalid: Proxy_Type noproxy is no proxy to save');
    const blank = refusal(() => createSavedProxies(deps, 'alice', [http('   ', 1)]));
    expect(blank).toBeInstanceOf(InvalidRequestError);
    expect(listSavedProxies(deps, 'alice')).toEqual([]);
  });

  test("another account's id is not found, as an unknown one", () => {
    const [mine] = createSavedProxies(deps, 'alice', [http('mine', 1)]);
    const error = refusal(() => getSavedProxy(deps, 'bob', mine!.id));
    expect(messageOf(error)).toBe(`Saved proxy not found: ${mine!.id}`);
    expect(() => updateSavedProxy(deps, 'bob', mine!.id, { name: 'x' })).toThrow(DomainError);
    expect(() => deleteSavedProxies(deps, 'bob', [mine!.id])).toThrow(DomainError);
    expect(getSavedProxy(deps, 'alice', mine!.id).name).toBe('mine');
  });
});

describe('environments use a saved proxy by its fields', () => {
  test('a new password reaches every environment of the account using it, and no other', () => {
    const [saved] = createSavedProxies(deps, 'alice', [http('shared', good.port)]);
    const oldFields = { type: 'HTTP', host: '127.0.0.1', port: good.port, username: 'puser' };
    const using = [
      environment('alice', { ...oldFields, password: 'ppass' }),
      // Its own old password: the same proxy account, so it follows too.
      environment('alice', { ...oldFields, password: 'older' }),
    ];
    const elsewhere = environment('alice', { ...oldFields, username: 'someone-else' });
    const none = environment('alice');
    const bobs = environment('bob', { ...oldFields, password: 'ppass' });
    expect(listSavedProxies(deps, 'alice')[0]!.environmentCount).toBe(2);

    const { proxy, environmentIds } = updateSavedProxy(deps, 'alice', saved!.id, {
      password: 'rotated',
    });
    expect(proxy.password).toBe('rotated');
    expect([...environmentIds].sort()).toEqual([...using].sort());
    for (const id of using) expect(proxyOf(id)).toEqual({ ...oldFields, password: 'rotated' });
    expect(proxyOf(elsewhere).username).toBe('someone-else');
    expect(proxyOf(none).type).toBe('noproxy');
    expect(proxyOf(bobs).password).toBe('ppass');

    // A new server: they move with it, and still use it.
    const moved = updateSavedProxy(deps, 'alice', saved!.id, {
      port: other.port,
      username: 'quser',
    });
    expect(moved.environmentIds.sort()).toEqual([...using].sort());
    expect(proxyOf(using[0]!)).toEqual({
      ...oldFields,
      port: other.port,
      username: 'quser',
      password: 'rotated',
    });
    expect(listSavedProxies(deps, 'alice')[0]!.environmentCount).toBe(2);
    // A new name alone changes no environment.
    expect(updateSavedProxy(deps, 'alice', saved!.id, { name: 'renamed' }).environmentIds).toEqual(
      [],
    );
  });

  test('a change to a taken name or proxy is refused and changes nothing', () => {
    const [a, b] = createSavedProxies(deps, 'alice', [http('a', 1), http('b', 2)]);
    const env = environment('alice', {
      type: 'HTTP',
      host: '127.0.0.1',
      port: 1,
      username: 'puser',
    });
    expect(messageOf(refusal(() => updateSavedProxy(deps, 'alice', a!.id, { name: 'b' })))).toBe(
      'A saved proxy named “b” already exists',
    );
    expect(messageOf(refusal(() => updateSavedProxy(deps, 'alice', a!.id, { port: 2 })))).toMatch(
      /already saved as “b”/,
    );
    expect(refusal(() => updateSavedProxy(deps, 'alice', b!.id, { port: 0 })).code).toBe(
      'PROXY_INVALID',
    );
    expect(proxyOf(env).port).toBe(1);
    expect(getSavedProxy(deps, 'alice', a!.id)).toMatchObject({ name: 'a', port: 1 });
  });

  test('a delete leaves the environments their proxy; all or none', () => {
    const [saved] = createSavedProxies(deps, 'alice', [http('gone', 4000)]);
    const env = environment('alice', {
      type: 'HTTP',
      host: '127.0.0.1',
      port: 4000,
      username: 'puser',
      password: 'ppass',
    });
    expect(refusal(() => deleteSavedProxies(deps, 'alice', [saved!.id, 'nope'])).values).toEqual({
      ids: 'nope',
    });
    expect(listSavedProxies(deps, 'alice')).toHaveLength(1);
    expect(deleteSavedProxies(deps, 'alice', [saved!.id, saved!.id])).toEqual([saved!.id]);
    expect(listSavedProxies(deps, 'alice')).toEqual([]);
    expect(proxyOf(env)).toMatchObject({ port: 4000, password: 'ppass' });
    expect(environmentExits(deps, 'alice', [env])).toEqual([{ id: env }]);
  });
});

describe('the check, through real proxies on loopback', () => {
  test('the exit and latency of a working proxy, curl’s code and the reason of a failing one, kept', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const [works, wrong, gone] = createSavedProxies(deps, 'alice', [
      http('works', good.port),
      http('wrong password', other.port, 'quser', 'nope'),
      http('gone', closedPort),
    ]);
    const before = good.hosts.length;
    const checked = await checkSavedProxies(deps, 'alice', [works!.id, wrong!.id, gone!.id]);
    expect(checked.map((p) => p.id)).toEqual([works!.id, wrong!.id, gone!.id]);
    // The request went through the proxy to the lookup.
    expect(good.hosts.slice(before)).toContain(new URL(lookup.url).host);
    expect(checked[0]!.check).toMatchObject({ ok: true, ip: '198.51.100.7', country: 'DE' });
    expect(checked[0]!.check?.ok && checked[0]!.check.latencyMs).toBeGreaterThan(0);
    expect(checked[1]!.check).toMatchObject({ ok: false, curlCode: 97, curlName: 'CURLE_PROXY' });
    expect(checked[1]!.check?.ok === false && checked[1]!.check.reason).toEqual({
      en: localApiMessages.proxyCredentialsRefused.en,
      zh: localApiMessages.proxyCredentialsRefused.zh,
    });
    expect(checked[2]!.check).toMatchObject({ ok: false, curlCode: 7 });
    // Kept: the list reads them back from the file.
    const kept = new Map(listSavedProxies(deps, 'alice').map((u) => [u.proxy.id, u.proxy.check]));
    expect(kept.get(works!.id)).toEqual(checked[0]!.check);
    expect(kept.get(wrong!.id)).toEqual(checked[1]!.check);

    // A new password: the check no longer tells about it.
    updateSavedProxy(deps, 'alice', wrong!.id, { password: 'qpass' });
    expect(getSavedProxy(deps, 'alice', wrong!.id).check).toBeUndefined();
    const again = await checkSavedProxies(deps, 'alice', [wrong!.id]);
    expect(again[0]!.check).toMatchObject({ ok: true, ip: '198.51.100.7' });
  });

  test("an environment's exit: the newer of its proxy's check and its last start through that proxy", async () => {
    const [saved] = createSavedProxies(deps, 'alice', [http('exit', good.port)]);
    const fields = { type: 'HTTP', host: '127.0.0.1', port: good.port, username: 'puser' };
    const env = environment('alice', { ...fields, password: 'ppass' });
    expect(environmentExits(deps, 'alice', [env])).toEqual([
      { id: env, proxy: { id: saved!.id, name: 'exit' } },
    ]);
    const [checked] = await checkSavedProxies(deps, 'alice', [saved!.id]);
    const at = checked!.check!.at;
    expect(environmentExits(deps, 'alice', [env, 'not-there'])).toEqual([
      {
        id: env,
        proxy: { id: saved!.id, name: 'exit' },
        exit: { ip: '198.51.100.7', country: 'DE', at, from: 'check' },
      },
    ]);
    // A later start through the same proxy saw another exit (a rotating proxy).
    const proxy = identityKey(fields);
    deps.proxies.recordStartExit(env, { proxy, ip: '203.0.113.5', country: 'FR', at: at + 1000 });
    expect(environmentExits(deps, 'alice', [env])[0]!.exit).toEqual({
      ip: '203.0.113.5',
      country: 'FR',
      at: at + 1000,
      from: 'start',
    });
    // One through another proxy says nothing of the one it has now.
    deps.proxies.recordStartExit(env, {
      proxy: identityKey({ ...fields, port: 1 }),
      ip: '192.0.2.1',
      country: 'US',
      at: at + 2000,
    });
    expect(environmentExits(deps, 'alice', [env])[0]!.exit?.from).toBe('check');
    // Bob cannot see Alice's environment.
    expect(environmentExits(deps, 'bob', [env])).toEqual([]);
  });
});
