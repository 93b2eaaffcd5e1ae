/**
 * Environments ("sessions") in the local store, always seen through an account: an account sees
 * the environments it owns and those shared with it, and changes only its own
 * — a team's main account also sees and changes its sub-accounts' (env_team, from the cloud).
 * Every read and write of the routes goes through `visible()` / `visibleMany()`.
 */
import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { cookieSites, type StoredCookie } from '../model/cookie.ts';
import type {
  AssignedScript,
  EnvironmentRecord,
  InstalledPlugin,
  ListFilters,
  RunnableScript,
  ScriptToAdd,
  StartPage,
  Visible,
} from '../model/environment.ts';
import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../model/settings.ts';
import { optimizeStore } from './database.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Row {
  seq: number;
  id: string;
  owner: string;
  name: string;
  description: string;
  group_name: string;
  system: string;
  user_agent: string;
  proxy_type: string;
  proxy_ip: string;
  created_at: number;
  updated_at: number;
}

interface DataRow {
  settings: string;
  cookies: string;
}

/** A record whose JSON columns are read and parsed when first used (a brief answer reads only the settings, for its tags). */
function toRecord(row: Row, load: (seq: number) => DataRow | undefined): EnvironmentRecord {
  let data: DataRow | undefined;
  let settings: EnvironmentSettings | undefined;
  let cookies: StoredCookie[] | undefined;
  const json = () => (data ??= load(row.seq) ?? { settings: '{}', cookies: '[]' });
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    description: row.description,
    group: row.group_name,
    system: row.system,
    userAgent: row.user_agent,
    proxyType: row.proxy_type,
    proxyIp: row.proxy_ip,
    get settings() {
      return (settings ??= {
        ...DEFAULT_SETTINGS,
        ...(JSON.parse(json().settings) as Partial<EnvironmentSettings>),
      });
    },
    set settings(value) {
      settings = value;
    },
    get cookies() {
      return (cookies ??= JSON.parse(json().cookies) as StoredCookie[]);
    },
    set cookies(value) {
      cookies = value;
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(record: EnvironmentRecord): Omit<Row, 'seq'> {
  return {
    id: record.id,
    owner: record.owner,
    name: record.name,
    description: record.description,
    group_name: record.group,
    system: record.system,
    user_agent: record.userAgent,
    proxy_type: record.proxyType,
    proxy_ip: record.proxyIp,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

const toData = (record: EnvironmentRecord): DataRow => ({
  settings: JSON.stringify(record.settings),
  cookies: JSON.stringify(record.cookies),
});

/** The columns listid may order by (an allow-list: nothing of the request reaches the SQL). */
const SORT_COLUMNS: Record<NonNullable<ListFilters['sort']>['by'], string> = {
  name: 'e.name collate nocase',
  group: 'e.group_name collate nocase',
  system: 'e.system',
  proxy: 'e.proxy_type, e.proxy_ip',
  created: 'e.created_at, e.seq',
  updated: 'e.updated_at',
};

/** ORDER BY of a listid: the asked order, ties (and no order) last updated first. */
function orderOf(sort: ListFilters['sort']): string {
  const latest = 'e.updated_at desc, e.seq desc';
  if (!sort) return latest;
  const direction = sort.order === 'desc' ? 'desc' : 'asc';
  const columns = SORT_COLUMNS[sort.by]
    .split(', ')
    .map((column) => `${column} ${direction}`)
    .join(', ');
  return `${columns}, ${latest}`;
}

const likeEscape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function environmentStore(db: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  /** Prepared once per SQL text (listid builds a handful of shapes). */
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  // Statistics follow the table's growth (see optimizeStore): refreshed every 1,000 writes.
  let writes = 0;
  const wrote = (count = 1) => {
    writes += count;
    if (writes >= 1000) {
      writes = 0;
      optimizeStore(db);
    }
  };

  // Update times only grow, so that "newest update first" is exact even within a millisecond.
  let lastTime =
    (db.prepare('select max(updated_at) as t from environment').get() as { t: number | null }).t ??
    0;
  // Every write moves the generation on; a listid total is reused while it stays the same
  // (paging through a filter counts its matches once).
  let generation = 0;
  const totals = new Map<string, { generation: number; total: number }>();
  const tick = () => {
    generation += 1;
    return (lastTime = Math.max(Date.now(), lastTime + 1));
  };

  const ownedCount = db.prepare<[string], { n: number }>(
    'select count(*) as n from environment where owner = ?',
  );
  const byId = db.prepare<[string], Row>('select * from environment where id = ?');
  const byIds = db.prepare<[string], Row>(
    'select * from environment where id in (select value from json_each(?))',
  );
  const sharedWith = db.prepare<[string, string], { n: number }>(
    'select 1 as n from env_share where env_id = ? and to_account = ?',
  );
  const hasReceived = db.prepare<[string, string], { n: number }>(
    `select 1 as n from env_share where to_account = ?
     union all select 1 from env_team where account = ? limit 1`,
  );
  // A team's main account manages its sub-accounts' environments (pulled from the cloud).
  const teamView = db.prepare<[string, string], { n: number }>(
    'select 1 as n from env_team where env_id = ? and account = ?',
  );
  const insertRow = db.prepare<Omit<Row, 'seq'>>(`
    insert into environment (id, owner, name, description, group_name, system, user_agent,
      proxy_type, proxy_ip, created_at, updated_at)
    values (@id, @owner, @name, @description, @group_name, @system, @user_agent,
      @proxy_type, @proxy_ip, @created_at, @updated_at)`);
  const updateRow = db.prepare<Omit<Row, 'seq'>>(`
    update environment set name = @name, description = @description, group_name = @group_name,
      system = @system, user_agent = @user_agent, proxy_type = @proxy_type, proxy_ip = @proxy_ip,
      updated_at = @updated_at
    where id = @id`);
  const dataOf = db.prepare<[number], DataRow>(
    'select settings, cookies from env_data where seq = ?',
  );
  const insertData = db.prepare<[number, string, string]>(
    'insert into env_data (seq, settings, cookies) values (?, ?, ?)',
  );
  const updateData = db.prepare<[string, string, string]>(
    'update env_data set settings = ?, cookies = ? where seq = (select seq from environment where id = ?)',
  );
  const load = (seq: number) => dataOf.get(seq);
  const cookiesOf = db.prepare<[string], { cookies: string }>(
    'select d.cookies from env_data d join environment e on e.seq = d.seq where e.id = ?',
  );
  const updateCookies = db.prepare<[string, string]>(
    'update env_data set cookies = ? where seq = (select seq from environment where id = ?)',
  );
  const touchRow = db.prepare<[number, string]>(
    'update environment set updated_at = ? where id = ?',
  );
  const deleteRow = db.prepare<[string]>('delete from environment where id = ?');
  const deleteSites = db.prepare<[string]>('delete from env_site where env_id = ?');
  const insertSite = db.prepare<[string, string]>(
    'insert or ignore into env_site (env_id, site) values (?, ?)',
  );
  const sites = db.prepare<[string], { site: string }>(
    'select site from env_site where env_id = ? order by site',
  );
  const pages = db.prepare<[string], StartPage>(
    'select url, flag from env_start_page where env_id = ? order by position',
  );
  const deletePages = db.prepare<[string]>('delete from env_start_page where env_id = ?');
  const insertPage = db.prepare<[string, number, string, number]>(
    'insert into env_start_page (env_id, position, url, flag) values (?, ?, ?, ?)',
  );
  const plugins = db.prepare<[string], InstalledPlugin>(
    `select plugin_id as pluginId, name, version from env_plugin where env_id = ?
     order by installed_at, plugin_id`,
  );
  const upsertPlugin = db.prepare<[string, string, string, string, number]>(`
    insert into env_plugin (env_id, plugin_id, name, version, installed_at) values (?, ?, ?, ?, ?)
    on conflict (env_id, plugin_id) do update set name = excluded.name, version = excluded.version`);
  const deletePlugin = db.prepare<[string, string]>(
    'delete from env_plugin where env_id = ? and plugin_id = ?',
  );
  const scripts = db.prepare<[string], Omit<AssignedScript, 'active'> & { active: number }>(
    `select script_id as scriptId, name, version, active from env_script where env_id = ?
     order by added_at, script_id`,
  );
  const insertScript = db.prepare<[string, string, string, string, number, string]>(`
    insert into env_script (env_id, script_id, name, version, active, added_at, source_hash)
    values (?, ?, ?, ?, 0, ?, ?)
    on conflict (env_id, script_id) do update set name = excluded.name, version = excluded.version,
      source_hash = excluded.source_hash`);
  const deactivateAll = db.prepare<[string]>(
    'update env_script set active = 0 where env_id = ? and active = 1',
  );
  const activate = db.prepare<[string, string]>(
    'update env_script set active = 1 where env_id = ? and script_id = ?',
  );
  const deleteScript = db.prepare<[string, string]>(
    'delete from env_script where env_id = ? and script_id = ?',
  );
  const shares = db.prepare<[string], { to_account: string }>(
    'select to_account from env_share where env_id = ? order by created_at, to_account',
  );
  const insertShare = db.prepare<[string, string, number]>(
    'insert or ignore into env_share (env_id, to_account, created_at) values (?, ?, ?)',
  );
  const insertBlob = db.prepare<[string, string]>(
    'insert or ignore into script_blob (hash, source) values (?, ?)',
  );
  const scriptSource = db.prepare<[string, string], { source: string }>(
    `select b.source from env_script s join script_blob b on b.hash = s.source_hash
     where s.env_id = ? and s.script_id = ?`,
  );
  const activeScript = db.prepare<
    [string],
    { scriptId: string; name: string; version: string; hash: string; library: string | null }
  >(
    `select s.script_id as scriptId, s.name, s.version, s.source_hash as hash, l.sha256 as library
     from env_script s left join library_script l
       on l.script_id = s.script_id and l.version = s.version
     where s.env_id = ? and s.active = 1`,
  );
  const blobOf = db.prepare<[string], { source: string }>(
    'select source from script_blob where hash = ?',
  );
  const upsertLibrary = db.prepare<[string, string, string]>(
    `insert into library_script (script_id, version, sha256) values (?, ?, ?)
     on conflict (script_id, version) do update set sha256 = excluded.sha256`,
  );

  function writeSites(id: string, cookies: readonly StoredCookie[]) {
    deleteSites.run(id);
    for (const site of cookieSites(cookies)) insertSite.run(id, site);
  }

  function writePages(id: string, list: readonly StartPage[]) {
    deletePages.run(id);
    list.forEach((page, position) => insertPage.run(id, position, page.url, page.flag));
  }

  function visible(viewer: string, id: string): Visible | undefined {
    const row = byId.get(id);
    if (!row) return undefined;
    if (row.owner === viewer || teamView.get(id, viewer)) {
      return { record: toRecord(row, load), owned: true };
    }
    if (sharedWith.get(id, viewer)) return { record: toRecord(row, load), owned: false };
    return undefined;
  }

  /** The scope of one account: its own environments, and those shared with it if any. */
  function scope(viewer: string, params: Record<string, unknown>): string {
    params.me = viewer;
    return hasReceived.get(viewer, viewer)
      ? `(e.owner = @me or e.id in (select env_id from env_share where to_account = @me)
          or e.id in (select env_id from env_team where account = @me))`
      : 'e.owner = @me';
  }

  return {
    tick,
    visible,

    /** How many environments `owner` has (new ones take their default screen in turn). */
    countOwned(owner: string): number {
      return ownedCount.get(owner)?.n ?? 0;
    },

    /** Visible environments among `ids` (missing ones are absent from the map). */
    visibleMany(viewer: string, ids: readonly string[]): Map<string, Visible> {
      const found = new Map<string, Visible>();
      for (const row of byIds.all(JSON.stringify(ids))) {
        if (row.owner === viewer || teamView.get(row.id, viewer)) {
          found.set(row.id, { record: toRecord(row, load), owned: true });
        } else if (sharedWith.get(row.id, viewer)) {
          found.set(row.id, { record: toRecord(row, load), owned: false });
        }
      }
      return found;
    },

    insert(record: EnvironmentRecord, startPages: readonly StartPage[]): void {
      generation += 1;
      db.transaction(() => {
        const { lastInsertRowid } = insertRow.run(toRow(record));
        const data = toData(record);
        insertData.run(Number(lastInsertRowid), data.settings, data.cookies);
        writeSites(record.id, record.cookies);
        writePages(record.id, startPages);
      })();
      wrote();
    },

    /** Saves every column of `record` (its updated_at is set here) and its web accounts. */
    save(record: EnvironmentRecord, options: { startPages?: readonly StartPage[] } = {}): void {
      record.updatedAt = tick();
      db.transaction(() => {
        updateRow.run(toRow(record));
        const data = toData(record);
        updateData.run(data.settings, data.cookies, record.id);
        writeSites(record.id, record.cookies);
        if (options.startPages) writePages(record.id, options.startPages);
      })();
    },

    /** The cookies stored for `id` now (not those of a record read earlier). */
    cookies(id: string): StoredCookie[] {
      const row = cookiesOf.get(id);
      return row ? (JSON.parse(row.cookies) as StoredCookie[]) : [];
    },

    /**
     * Writes the cookies of `id` alone (and its web accounts): a change of its other fields made
     * meanwhile (a sync, another call) is kept.
     */
    saveCookies(id: string, cookies: readonly StoredCookie[]): void {
      db.transaction(() => {
        updateCookies.run(JSON.stringify(cookies), id);
        writeSites(id, cookies);
        touchRow.run(tick(), id);
      })();
    },

    touch(id: string): void {
      touchRow.run(tick(), id);
    },

    remove(id: string): boolean {
      generation += 1;
      wrote();
      return deleteRow.run(id).changes > 0;
    },

    /** The tags of the environments `viewer` sees, each with how many carry it, A to Z. */
    tags(viewer: string): { tag: string; count: number }[] {
      const params: Record<string, unknown> = {};
      const clause = scope(viewer, params);
      return prepare(
        `select t.value as tag, count(*) as count
         from environment e join env_data d on d.seq = e.seq, json_each(d.settings, '$.tags') t
         where ${clause} group by t.value order by t.value collate nocase, t.value`,
      ).all(params) as { tag: string; count: number }[];
    },

    /** Every environment the account owns (delete all). */
    ownedIds(owner: string): string[] {
      return prepare('select id from environment where owner = ? order by seq')
        .all(owner)
        .map((row) => (row as { id: string }).id);
    },

    /** Ids of the account's (own and received) environments that match, newest update first. */
    list(viewer: string, f: ListFilters): { ids: string[]; total: number } {
      const params: Record<string, unknown> = {};
      const where: string[] = [];
      if (f.received || f.receivedFrom !== undefined) {
        params.me = viewer;
        where.push(
          'e.owner <> @me and e.id in (select env_id from env_share where to_account = @me)',
        );
        if (f.receivedFrom !== undefined) {
          where.push('e.owner = @receivedFrom');
          params.receivedFrom = f.receivedFrom;
        }
      } else {
        where.push(scope(viewer, params));
      }
      if (f.sent || f.sentTo !== undefined) {
        where.push('e.owner = @me');
        if (f.sentTo !== undefined) {
          where.push(
            'exists (select 1 from env_share s where s.env_id = e.id and s.to_account = @sentTo)',
          );
          params.sentTo = f.sentTo;
        } else {
          where.push('exists (select 1 from env_share s where s.env_id = e.id)');
        }
      }
      const like = (column: string, key: string, value: string | undefined) => {
        if (value === undefined || value === '') return;
        where.push(`${column} like @${key} escape '\\'`);
        params[key] = likeEscape(value);
      };
      const equal = (column: string, key: string, value: unknown) => {
        if (value === undefined) return;
        where.push(`${column} = @${key}`);
        params[key] = value;
      };
      const range = (column: string, key: string, op: string, value: number | undefined) => {
        if (value === undefined) return;
        where.push(`${column} ${op} @${key}`);
        params[key] = value;
      };
      like('e.name', 'name', f.name);
      equal('e.group_name', 'group', f.group);
      equal('e.owner', 'owner', f.owner);
      range('e.created_at', 'createdFrom', '>=', f.createdFrom);
      range('e.created_at', 'createdTo', '<=', f.createdTo);
      range('e.updated_at', 'updatedFrom', '>=', f.updatedFrom);
      range('e.updated_at', 'updatedTo', '<=', f.updatedTo);
      like('e.user_agent', 'userAgent', f.userAgent);
      equal('e.proxy_ip', 'proxyIp', f.proxyIp);
      equal('e.proxy_type', 'proxyType', f.proxyType);
      like('e.description', 'comment', f.comment);
      if (f.tag !== undefined) {
        where.push(
          `exists (select 1 from env_data d, json_each(d.settings, '$.tags') t
                   where d.seq = e.seq and t.value = @tag)`,
        );
        params.tag = f.tag;
      }
      if (f.webAccount !== undefined) {
        where.push('e.id in (select env_id from env_site where site = @site)');
        params.site = f.webAccount;
      } else if (f.withWebAccount) {
        where.push('exists (select 1 from env_site w where w.env_id = e.id)');
      }
      if (f.pluginId !== undefined) {
        where.push('e.id in (select env_id from env_plugin where plugin_id = @pluginId)');
        params.pluginId = f.pluginId;
      } else if (f.withPlugins) {
        where.push('exists (select 1 from env_plugin p where p.env_id = e.id)');
      }
      if (f.scriptId !== undefined) {
        where.push(
          'e.id in (select env_id from env_script where script_id = @scriptId and active = 1)',
        );
        params.scriptId = f.scriptId;
      } else if (f.withScript) {
        where.push('exists (select 1 from env_script t where t.env_id = e.id and t.active = 1)');
      }
      const clause = where.join(' and ');
      const ids = prepare(
        `select e.id from environment e where ${clause}
         order by ${orderOf(f.sort)} limit @limit offset @offset`,
      )
        .all({ ...params, limit: f.limit, offset: f.offset })
        .map((row) => (row as { id: string }).id);
      const countSql = `select count(*) as n from environment e where ${clause}`;
      let total: number;
      if (ids.length < f.limit && (f.offset === 0 || ids.length > 0)) {
        total = f.offset + ids.length;
      } else {
        const key = `${countSql}\n${JSON.stringify(params)}`;
        const cached = totals.get(key);
        if (cached && cached.generation === generation) {
          total = cached.total;
        } else {
          total = (prepare(countSql).get(params) as { n: number }).n;
          if (totals.size >= 256) totals.clear();
          totals.set(key, { generation, total });
        }
      }
      return { ids, total };
    },

    sites: (id: string) => sites.all(id).map((row) => row.site),
    startPages: (id: string) => pages.all(id),
    setStartPages(id: string, list: readonly StartPage[]): void {
      db.transaction(() => {
        writePages(id, list);
        touchRow.run(tick(), id);
      })();
    },
    /** Environments of `owner` holding a start page `url` (auto_open without Session_ID). */
    idsWithStartPage(owner: string, url: string): string[] {
      return prepare(
        `select distinct e.id from environment e join env_start_page p on p.env_id = e.id
         where e.owner = ? and p.url = ? order by e.seq`,
      )
        .all(owner, url)
        .map((row) => (row as { id: string }).id);
    },
    /** Environments of `viewer` (own and received) with at least one start page. */
    idsWithStartPages(viewer: string): string[] {
      const params: Record<string, unknown> = {};
      const clause = scope(viewer, params);
      return prepare(
        `select e.id from environment e where ${clause}
         and exists (select 1 from env_start_page p where p.env_id = e.id)
         order by e.updated_at desc, e.seq desc`,
      )
        .all(params)
        .map((row) => (row as { id: string }).id);
    },

    plugins: (id: string): InstalledPlugin[] => plugins.all(id),
    installPlugins(id: string, list: readonly InstalledPlugin[]): void {
      db.transaction(() => {
        const now = Date.now();
        for (const p of list) upsertPlugin.run(id, p.pluginId, p.name, p.version, now);
        touchRow.run(tick(), id);
      })();
    },
    removePlugins(id: string, pluginIds: readonly string[]): void {
      db.transaction(() => {
        for (const pluginId of pluginIds) deletePlugin.run(id, pluginId);
        touchRow.run(tick(), id);
      })();
    },

    scripts: (id: string): AssignedScript[] =>
      scripts.all(id).map((row) => ({ ...row, active: row.active === 1 })),
    addScripts(id: string, list: readonly ScriptToAdd[]): void {
      db.transaction(() => {
        const now = Date.now();
        for (const s of list) {
          const hash = sha256(s.source);
          insertBlob.run(hash, s.source);
          // The library's list said this hash: what a start of this version may run.
          if (s.librarySha256) upsertLibrary.run(s.scriptId, s.version, s.librarySha256);
          insertScript.run(id, s.scriptId, s.name, s.version, now, hash);
        }
        touchRow.run(tick(), id);
      })();
    },
    activateScript(id: string, scriptId: string): void {
      db.transaction(() => {
        deactivateAll.run(id);
        activate.run(id, scriptId);
        touchRow.run(tick(), id);
      })();
    },
    deactivateScripts(id: string): void {
      db.transaction(() => {
        deactivateAll.run(id);
        touchRow.run(tick(), id);
      })();
    },
    removeScripts(id: string, scriptIds: readonly string[]): void {
      db.transaction(() => {
        for (const scriptId of scriptIds) deleteScript.run(id, scriptId);
        touchRow.run(tick(), id);
      })();
    },
    /** The source an environment holds for one of its scripts (its own copy, by hash). */
    scriptSource: (id: string, scriptId: string) => scriptSource.get(id, scriptId)?.source ?? '',

    /**
     * The active script a start of the environment runs, or why none runs: a library script runs
     * only when its source is the one the library published for that version (its SHA-256), so
     * a copy pulled from the cloud cannot slip other code in under a library id.
     */
    runnableScript(id: string): RunnableScript | undefined {
      const row = activeScript.get(id);
      if (!row) return undefined;
      const script = { scriptId: row.scriptId, name: row.name, version: row.version };
      if (row.library === null) return { ...script, verdict: 'unknown-version' };
      if (row.library !== row.hash) return { ...script, verdict: 'not-the-library' };
      const blob = blobOf.get(row.hash);
      return blob
        ? { ...script, verdict: 'runs', source: blob.source }
        : { ...script, verdict: 'not-the-library' };
    },

    /** The library's hashes of script versions (from its list, which the cloud's operator keeps). */
    recordLibrary(list: readonly { scriptId: string; version: string; sha256: string }[]): void {
      db.transaction(() => {
        for (const s of list) upsertLibrary.run(s.scriptId, s.version, s.sha256);
      })();
    },

    shares: (id: string) => shares.all(id).map((row) => row.to_account),
    share(id: string, toAccount: string): void {
      insertShare.run(id, toAccount, Date.now());
    },
    unshare(id: string, toAccount: string): void {
      prepare('delete from env_share where env_id = ? and to_account = ?').run(id, toAccount);
    },

    /** Number of `owner`'s environments in group `name`. */
    countInGroup(owner: string, name: string): number {
      return (
        prepare('select count(*) as n from environment where owner = ? and group_name = ?').get(
          owner,
          name,
        ) as { n: number }
      ).n;
    },

    moveGroup(ids: readonly string[], group: string): void {
      db.transaction(() => {
        const statement = prepare(
          'update environment set group_name = ?, updated_at = ? where id = ?',
        );
        for (const id of ids) statement.run(group, tick(), id);
      })();
    },

    /**
     * Moves every environment `owner` has in group `from` to group `to` (a group's rename): each
     * row is updated, so each is queued for sync as any change is. Answers the ids moved.
     */
    renameGroup(owner: string, from: string, to: string): string[] {
      return db.transaction(() => {
        const ids = (
          prepare('select id from environment where owner = ? and group_name = ?').all(
            owner,
            from,
          ) as { id: string }[]
        ).map((row) => row.id);
        const statement = prepare(
          'update environment set group_name = ?, updated_at = ? where id = ?',
        );
        for (const id of ids) statement.run(to, tick(), id);
        return ids;
      })();
    },

    /** Every environment id in the store (start-up clean-up of orphan folders). */
    allIds(): Set<string> {
      return new Set(
        prepare('select id from environment')
          .all()
          .map((row) => (row as { id: string }).id),
      );
    },
  };
}
export type EnvironmentStore = ReturnType<typeof environmentStore>;
