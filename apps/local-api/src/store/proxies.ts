/**
 * The proxy library in the local store: each account's saved proxies on this machine (names and
 * proxies unique per account) with their last check, which of the account's environments use
 * each one (those whose proxy has the same type, host, port and user name), and each
 * environment's exit as the lookup at its last start saw it. Passwords are kept as the
 * environments' own are (the store's file is the owner's only: database.ts).
 */
import type SQLite from 'better-sqlite3';
import type { Localized } from '@hainiao/contract';

/** What makes two proxies the same one: the proxy account on its server. */
export interface ProxyIdentity {
  type: string;
  host: string;
  port: number;
  username: string;
}

/** The last check of a saved proxy. */
export type SavedProxyCheck =
  | { ok: true; at: number; ip: string; country: string; latencyMs: number }
  | { ok: false; at: number; curlCode: number; curlName: string; reason: Localized };

export interface SavedProxy extends ProxyIdentity {
  id: string;
  owner: string;
  name: string;
  password: string;
  note: string;
  createdAt: number;
  updatedAt: number;
  check?: SavedProxyCheck | undefined;
}

/** An environment's exit as its last start's lookup saw it, through the proxy of `proxy`. */
export interface StartExit {
  /** The identityKey of the proxy the start went through. */
  proxy: string;
  ip: string;
  country: string;
  at: number;
}

interface Row {
  id: string;
  owner: string;
  name: string;
  type: string;
  host: string;
  port: number;
  username: string;
  password: string;
  note: string;
  created_at: number;
  updated_at: number;
  checked_at: number | null;
  check_ok: number | null;
  check_code: number | null;
  check_name: string | null;
  check_reason: string | null;
  exit_ip: string | null;
  exit_country: string | null;
  latency_ms: number | null;
}

function toProxy(row: Row): SavedProxy {
  const proxy: SavedProxy = {
    id: row.id,
    owner: row.owner,
    name: row.name,
    type: row.type,
    host: row.host,
    port: row.port,
    username: row.username,
    password: row.password,
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.checked_at !== null) {
    proxy.check = row.check_ok
      ? {
          ok: true,
          at: row.checked_at,
          ip: row.exit_ip ?? '',
          country: row.exit_country ?? '',
          latencyMs: row.latency_ms ?? 0,
        }
      : {
          ok: false,
          at: row.checked_at,
          curlCode: row.check_code ?? 0,
          curlName: row.check_name ?? '',
          reason: JSON.parse(row.check_reason ?? '{"en":"","zh":""}') as Localized,
        };
  }
  return proxy;
}

function toRow(proxy: SavedProxy): Row {
  const c = proxy.check;
  return {
    id: proxy.id,
    owner: proxy.owner,
    name: proxy.name,
    type: proxy.type,
    host: proxy.host,
    port: proxy.port,
    username: proxy.username,
    password: proxy.password,
    note: proxy.note,
    created_at: proxy.createdAt,
    updated_at: proxy.updatedAt,
    checked_at: c?.at ?? null,
    check_ok: c ? (c.ok ? 1 : 0) : null,
    check_code: c && !c.ok ? c.curlCode : null,
    check_name: c && !c.ok ? c.curlName : null,
    check_reason: c && !c.ok ? JSON.stringify(c.reason) : null,
    exit_ip: c?.ok ? c.ip : null,
    exit_country: c?.ok ? c.country : null,
    latency_ms: c?.ok ? c.latencyMs : null,
  };
}

/** The key of an identity in maps (fields joined by a character no field can hold). */
export const identityKey = (p: ProxyIdentity) =>
  [p.type, p.host, String(p.port), p.username].join('\n');

const COLUMNS =
  'id, owner, name, type, host, port, username, password, note, created_at, updated_at, ' +
  'checked_at, check_ok, check_code, check_name, check_reason, exit_ip, exit_country, latency_ms';

/** The proxy of each environment of an owner, in the identity's terms (the port and user from its settings). */
const ENV_PROXY = `
  select e.id as id, e.proxy_type as type, e.proxy_ip as host,
    coalesce(json_extract(d.settings, '$.proxyPort'), 0) as port,
    coalesce(json_extract(d.settings, '$.proxyUsername'), '') as username
  from environment e join env_data d on d.seq = e.seq
  where e.owner = ? and e.proxy_type != 'noproxy'`;

export function proxyStore(db: SQLite.Database) {
  const all = db.prepare<[string], Row>(
    `select ${COLUMNS} from saved_proxy where owner = ? order by name collate nocase, name`,
  );
  const one = db.prepare<[string, string], Row>(
    `select ${COLUMNS} from saved_proxy where owner = ? and id = ?`,
  );
  const named = db.prepare<[string, string], Row>(
    `select ${COLUMNS} from saved_proxy where owner = ? and name = ?`,
  );
  const same = db.prepare<[string, string, string, number, string], Row>(
    `select ${COLUMNS} from saved_proxy
     where owner = ? and type = ? and host = ? and port = ? and username = ?`,
  );
  const insertRow = db.prepare<[Row]>(
    `insert into saved_proxy (${COLUMNS}) values (@id, @owner, @name, @type, @host, @port,
       @username, @password, @note, @created_at, @updated_at, @checked_at, @check_ok, @check_code,
       @check_name, @check_reason, @exit_ip, @exit_country, @latency_ms)`,
  );
  const updateRow = db.prepare<[Row]>(
    `update saved_proxy set name = @name, type = @type, host = @host, port = @port,
       username = @username, password = @password, note = @note, updated_at = @updated_at,
       checked_at = @checked_at, check_ok = @check_ok, check_code = @check_code,
       check_name = @check_name, check_reason = @check_reason, exit_ip = @exit_ip,
       exit_country = @exit_country, latency_ms = @latency_ms
     where owner = @owner and id = @id`,
  );
  const removeRow = db.prepare<[string, string]>(
    'delete from saved_proxy where owner = ? and id = ?',
  );
  const envProxies = db.prepare<[string], ProxyIdentity & { id: string }>(ENV_PROXY);
  const envsUsing = db.prepare<[string, string, string, number, string], { id: string }>(
    `select id from (${ENV_PROXY}) where type = ? and host = ? and port = ? and username = ?`,
  );
  const exitOf = db.prepare<[string], StartExit>(
    'select proxy, ip, country, at from env_exit where env_id = ?',
  );
  const writeExit = db.prepare<[string, string, string, string, number]>(
    `insert into env_exit (env_id, proxy, ip, country, at) values (?, ?, ?, ?, ?)
     on conflict (env_id) do update set proxy = excluded.proxy, ip = excluded.ip,
       country = excluded.country, at = excluded.at`,
  );
  const envExists = db.prepare<[string], { id: string }>('select id from environment where id = ?');

  return {
    /** The owner's saved proxies, by name. */
    list(owner: string): SavedProxy[] {
      return all.all(owner).map(toProxy);
    },
    get(owner: string, id: string): SavedProxy | undefined {
      const row = one.get(owner, id);
      return row && toProxy(row);
    },
    named(owner: string, name: string): SavedProxy | undefined {
      const row = named.get(owner, name);
      return row && toProxy(row);
    },
    /** The owner's saved proxy of this identity. */
    same(owner: string, p: ProxyIdentity): SavedProxy | undefined {
      const row = same.get(owner, p.type, p.host, p.port, p.username);
      return row && toProxy(row);
    },
    insert(proxy: SavedProxy): void {
      insertRow.run(toRow(proxy));
    },
    /** Writes every field of `proxy` (its check too). */
    save(proxy: SavedProxy): void {
      updateRow.run(toRow(proxy));
    },
    remove(owner: string, id: string): boolean {
      return removeRow.run(owner, id).changes > 0;
    },
    /** How many of the owner's environments use each identity (by identityKey). */
    usage(owner: string): Map<string, number> {
      const counts = new Map<string, number>();
      for (const env of envProxies.all(owner)) {
        const key = identityKey(env);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    },
    /** The proxy identity of each of the owner's environments that has a proxy, by id. */
    environmentProxies(owner: string): Map<string, ProxyIdentity> {
      return new Map(envProxies.all(owner).map(({ id, ...identity }) => [id, identity]));
    },
    /** The owner's environments whose proxy has this identity. */
    environmentsUsing(owner: string, p: ProxyIdentity): string[] {
      return envsUsing.all(owner, p.type, p.host, p.port, p.username).map((row) => row.id);
    },
    startExit(envId: string): StartExit | undefined {
      return exitOf.get(envId);
    },
    /** Keeps an environment's exit of its last start (nothing for one deleted meanwhile). */
    recordStartExit(envId: string, exit: StartExit): void {
      if (envExists.get(envId)) writeExit.run(envId, exit.proxy, exit.ip, exit.country, exit.at);
    },
  };
}
export type ProxyStore = ReturnType<typeof proxyStore>;
