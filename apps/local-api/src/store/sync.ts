/**
 * The store's side of cloud sync (issue 13). Every local change of an environment — whichever call
 * or the runtime made it — is queued in `sync_outbox` by triggers, in the same transaction as the
 * change: nothing can change without being queued, and the queue survives a crash or a cloud that
 * is away. Writes that come from the cloud set a flag the triggers read, so they are not echoed.
 * The triggers are TEMP (this connection's own): only the service's writes are watched.
 */
import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { cookieSites, type StoredCookie } from '../model/cookie.ts';
import type { EnvSnapshot } from '../model/sync.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A pulled copy this machine refused (shown in the manager, logged), and why. */
export interface SkippedCopy {
  envId: string;
  owner: string;
  version: number;
  reason: string;
  at: number;
}

/** Tables whose rows belong to one environment by `env_id`. */
const CHILD_TABLES = ['env_fingerprint', 'env_start_page', 'env_plugin', 'env_script'] as const;

function installTriggers(db: SQLite.Database): void {
  const when = 'when (select applying from temp.sync_flag) = 0';
  // Who made the change: the account logged in when it was made (setAuthor), pushed under it only.
  const author = '(select author from temp.sync_flag)';
  const now = "cast(unixepoch('subsec') * 1000 as integer)";
  const statements = [
    'drop table if exists temp.sync_flag',
    "create temp table sync_flag (applying integer not null, author text not null default '')",
    'insert into temp.sync_flag (applying) values (0)',
  ];
  // The outbox unqualified: SQLite before 3.52 (Node.js 22's, the packaged program's) refuses a
  // qualified table to write in a trigger; a temp trigger finds it in main, temp has none.
  const queueEnv = (ref: 'new' | 'old', deleted: 0 | 1) => `
    insert into sync_outbox (env_id, owner, deleted, queued_at, author)
    values (${ref}.id, ${ref}.owner, ${deleted}, ${now}, ${author})
    on conflict (env_id) do update set owner = excluded.owner, deleted = excluded.deleted,
      queued_at = excluded.queued_at, author = excluded.author;`;
  // A child row's change queues its environment when that still exists (a cascade does not).
  const queueChild = (envId: string) => `
    insert into sync_outbox (env_id, owner, deleted, queued_at, author)
    select id, owner, 0, ${now}, ${author} from main.environment where id = ${envId}
    on conflict (env_id) do update set queued_at = excluded.queued_at, author = excluded.author;`;
  for (const op of ['insert', 'update'] as const) {
    statements.push(`create temp trigger if not exists sync_environment_${op}
      after ${op} on main.environment ${when} begin ${queueEnv('new', 0)} end`);
  }
  statements.push(`create temp trigger if not exists sync_environment_delete
    after delete on main.environment ${when} begin ${queueEnv('old', 1)} end`);
  statements.push(`create temp trigger if not exists sync_env_data_update
    after update on main.env_data ${when} begin
    ${queueChild('(select id from main.environment where seq = new.seq)')} end`);
  for (const table of CHILD_TABLES) {
    for (const op of ['insert', 'update', 'delete'] as const) {
      const ref = op === 'delete' ? 'old' : 'new';
      statements.push(`create temp trigger if not exists sync_${table}_${op}
        after ${op} on main.${table} ${when} begin ${queueChild(`${ref}.env_id`)} end`);
    }
  }
  for (const sql of statements) db.exec(sql);
}

export interface OutboxEntry {
  envId: string;
  owner: string;
  /** The account logged in when the change was made ('' for changes queued before issue 24). */
  author: string;
  deleted: boolean;
  queuedAt: number;
  attempts: number;
}

export function syncStore(db: SQLite.Database) {
  installTriggers(db);
  const setFlag = db.prepare<[number]>('update temp.sync_flag set applying = ?');
  const setAuthor = db.prepare<[string]>('update temp.sync_flag set author = ?');
  /** Runs `write` in a transaction whose changes are the cloud's (not queued for upload). */
  const applying = <T>(write: () => T): T =>
    db.transaction(() => {
      setFlag.run(1);
      try {
        return write();
      } finally {
        setFlag.run(0);
      }
    })();

  const statements = {
    env: db.prepare<[string], Record<string, string | number>>(
      'select * from environment where id = ?',
    ),
    data: db.prepare<[string], { settings: string; cookies: string }>(
      'select d.settings, d.cookies from env_data d join environment e on e.seq = d.seq where e.id = ?',
    ),
    fingerprint: db.prepare<[string], { data: string }>(
      'select data from env_fingerprint where env_id = ?',
    ),
    pages: db.prepare<[string], { url: string; flag: number }>(
      'select url, flag from env_start_page where env_id = ? order by position',
    ),
    plugins: db.prepare<[string], { pluginId: string; name: string; version: string }>(
      `select plugin_id as pluginId, name, version from env_plugin where env_id = ?
       order by installed_at, plugin_id`,
    ),
    scripts: db.prepare<
      [string],
      { scriptId: string; name: string; version: string; active: number; source: string | null }
    >(
      `select s.script_id as scriptId, s.name, s.version, s.active, b.source from env_script s
       left join script_blob b on b.hash = s.source_hash
       where s.env_id = ? order by s.added_at, s.script_id`,
    ),
    state: db.prepare<[string], { version: number; hash: string }>(
      'select version, hash from sync_state where env_id = ?',
    ),
    setState: db.prepare<[string, number, string]>(
      `insert into sync_state (env_id, version, hash) values (?, ?, ?)
       on conflict (env_id) do update set version = excluded.version, hash = excluded.hash`,
    ),
    dropState: db.prepare<[string]>('delete from sync_state where env_id = ?'),
    travels: db.prepare<[string], { flag: number }>(
      `select json_extract(d.settings, '$.syncProfile') as flag from env_data d
       join environment e on e.seq = d.seq where e.id = ?`,
    ),
    base: db.prepare<[string], { base: string | null }>(
      'select base from sync_state where env_id = ?',
    ),
    setBase: db.prepare<[string, string]>('update sync_state set base = ? where env_id = ?'),
    profile: db.prepare<[string], { profile: string | null }>(
      'select profile from sync_state where env_id = ?',
    ),
    setProfile: db.prepare<[string, string]>(
      `insert into sync_state (env_id, version, hash, profile) values (?, 0, '', ?)
       on conflict (env_id) do update set profile = excluded.profile`,
    ),
    queue: db.prepare<[string]>(
      `insert into sync_outbox (env_id, owner, deleted, queued_at, author)
       select id, owner, 0, cast(unixepoch('subsec') * 1000 as integer),
         (select author from temp.sync_flag) from environment where id = ?
       on conflict (env_id) do update set queued_at = excluded.queued_at, author = excluded.author`,
    ),
    outbox: db.prepare<[], Omit<OutboxEntry, 'deleted'> & { deleted: number }>(
      `select env_id as envId, owner, author, deleted, queued_at as queuedAt, attempts
       from sync_outbox order by queued_at`,
    ),
    skip: db.prepare<[string, string, string, number, string, number]>(
      `insert into sync_skipped (account, env_id, owner, version, reason, at) values (?, ?, ?, ?, ?, ?)
       on conflict (account, env_id) do update set owner = excluded.owner,
         version = excluded.version, reason = excluded.reason, at = excluded.at`,
    ),
    unskip: db.prepare<[string, string]>(
      'delete from sync_skipped where account = ? and env_id = ?',
    ),
    skippedOne: db.prepare<[string, string], SkippedCopy>(
      `select env_id as envId, owner, version, reason, at from sync_skipped
       where account = ? and env_id = ?`,
    ),
    skipped: db.prepare<[string], SkippedCopy>(
      `select env_id as envId, owner, version, reason, at from sync_skipped where account = ?
       order by at`,
    ),
    outboxOne: db.prepare<[string], { queuedAt: number }>(
      'select queued_at as queuedAt from sync_outbox where env_id = ?',
    ),
    done: db.prepare<[string, number]>(
      'delete from sync_outbox where env_id = ? and queued_at = ?',
    ),
    drop: db.prepare<[string]>('delete from sync_outbox where env_id = ?'),
    failed: db.prepare<[string]>('update sync_outbox set attempts = attempts + 1 where env_id = ?'),
    cursor: db.prepare<[string], { cursor: number }>(
      'select cursor from sync_cursor where account = ?',
    ),
    setCursor: db.prepare<[string, number]>(
      `insert into sync_cursor (account, cursor) values (?, ?)
       on conflict (account) do update set cursor = excluded.cursor`,
    ),
    upsertEnv: db.prepare(`
      insert into environment (id, owner, name, description, group_name, system, user_agent,
        proxy_type, proxy_ip, created_at, updated_at)
      values (@id, @owner, @name, @description, @group, @system, @userAgent, @proxyType,
        @proxyIp, @createdAt, @updatedAt)
      on conflict (id) do update set owner = excluded.owner, name = excluded.name,
        description = excluded.description, group_name = excluded.group_name,
        system = excluded.system, user_agent = excluded.user_agent,
        proxy_type = excluded.proxy_type, proxy_ip = excluded.proxy_ip,
        created_at = excluded.created_at, updated_at = excluded.updated_at`),
    seqOf: db.prepare<[string], { seq: number }>('select seq from environment where id = ?'),
    upsertData: db.prepare<[number, string, string]>(
      `insert into env_data (seq, settings, cookies) values (?, ?, ?)
       on conflict (seq) do update set settings = excluded.settings, cookies = excluded.cookies`,
    ),
    group: db.prepare<[string, string, number]>(
      'insert or ignore into env_group (owner, name, created_at) values (?, ?, ?)',
    ),
    clearFingerprint: db.prepare<[string]>('delete from env_fingerprint where env_id = ?'),
    insertFingerprint: db.prepare<[string, string, number]>(
      'insert into env_fingerprint (env_id, data, created_at) values (?, ?, ?)',
    ),
    clearPages: db.prepare<[string]>('delete from env_start_page where env_id = ?'),
    insertPage: db.prepare<[string, number, string, number]>(
      'insert into env_start_page (env_id, position, url, flag) values (?, ?, ?, ?)',
    ),
    clearPlugins: db.prepare<[string]>('delete from env_plugin where env_id = ?'),
    insertPlugin: db.prepare<[string, string, string, string, number]>(
      'insert into env_plugin (env_id, plugin_id, name, version, installed_at) values (?, ?, ?, ?, ?)',
    ),
    clearScripts: db.prepare<[string]>('delete from env_script where env_id = ?'),
    insertScript: db.prepare<[string, string, string, string, number, number, string]>(
      `insert into env_script (env_id, script_id, name, version, active, added_at, source_hash)
       values (?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertBlob: db.prepare<[string, string]>(
      'insert or ignore into script_blob (hash, source) values (?, ?)',
    ),
    clearSites: db.prepare<[string]>('delete from env_site where env_id = ?'),
    insertSite: db.prepare<[string, string]>(
      'insert or ignore into env_site (env_id, site) values (?, ?)',
    ),
    removeEnv: db.prepare<[string]>('delete from environment where id = ?'),
    clearShares: db.prepare<[string]>('delete from env_share where env_id = ?'),
    insertShare: db.prepare<[string, string, number]>(
      'insert or ignore into env_share (env_id, to_account, created_at) values (?, ?, ?)',
    ),
    insertTeam: db.prepare<[string, string]>(
      'insert or ignore into env_team (env_id, account) values (?, ?)',
    ),
  };

  /** The environment's rows as `snapshot` has them (inside the caller's transaction). */
  function writeRows(envId: string, owner: string, snapshot: EnvSnapshot): void {
    const e = snapshot.env;
    statements.upsertEnv.run({
      id: envId,
      owner,
      name: e.name,
      description: e.description,
      group: e.group,
      system: e.system,
      userAgent: e.userAgent,
      proxyType: e.proxyType,
      proxyIp: e.proxyIp,
      createdAt: e.createdAt,
      updatedAt: snapshot.usage.updatedAt,
    });
    const seq = statements.seqOf.get(envId)!.seq;
    statements.upsertData.run(
      seq,
      JSON.stringify(snapshot.settings),
      JSON.stringify(snapshot.usage.cookies),
    );
    statements.group.run(owner, e.group, Date.now());
    statements.clearFingerprint.run(envId);
    if (snapshot.usage.fingerprint !== null) {
      statements.insertFingerprint.run(envId, snapshot.usage.fingerprint, Date.now());
    }
    statements.clearPages.run(envId);
    snapshot.startPages.forEach((page, position) =>
      statements.insertPage.run(envId, position, page.url, page.flag),
    );
    statements.clearPlugins.run(envId);
    const now = Date.now();
    snapshot.plugins.forEach((p, i) =>
      statements.insertPlugin.run(envId, p.pluginId, p.name, p.version, now + i),
    );
    statements.clearScripts.run(envId);
    // Sources by content: a pulled copy adds its own, it never replaces what another runs.
    snapshot.scripts.forEach((s, i) => {
      const hash = sha256(s.source);
      statements.insertBlob.run(hash, s.source);
      statements.insertScript.run(
        envId,
        s.scriptId,
        s.name,
        s.version,
        s.active ? 1 : 0,
        now + i,
        hash,
      );
    });
    statements.clearSites.run(envId);
    for (const site of cookieSites(snapshot.usage.cookies as StoredCookie[])) {
      statements.insertSite.run(envId, site);
    }
  }

  return {
    /** The environment as it travels, or undefined when it is not in the store. */
    snapshot(envId: string): { owner: string; snapshot: EnvSnapshot } | undefined {
      const row = statements.env.get(envId);
      if (!row) return undefined;
      const data = statements.data.get(envId) ?? { settings: '{}', cookies: '[]' };
      return {
        owner: String(row.owner),
        snapshot: {
          v: 1,
          env: {
            name: String(row.name),
            description: String(row.description),
            group: String(row.group_name),
            system: String(row.system),
            userAgent: String(row.user_agent),
            proxyType: String(row.proxy_type),
            proxyIp: String(row.proxy_ip),
            createdAt: Number(row.created_at),
          },
          settings: JSON.parse(data.settings) as Record<string, unknown>,
          startPages: statements.pages.all(envId),
          plugins: statements.plugins.all(envId),
          scripts: statements.scripts.all(envId).map((s) => ({
            scriptId: s.scriptId,
            name: s.name,
            version: s.version,
            active: s.active === 1,
            source: s.source ?? '',
          })),
          usage: {
            cookies: JSON.parse(data.cookies) as unknown[],
            fingerprint: statements.fingerprint.get(envId)?.data ?? null,
            updatedAt: Number(row.updated_at),
            profile: this.profileOf(envId),
          },
        },
      };
    },

    /** Whether the environment's profile folder travels (its Sync_Profile setting). */
    profileTravels(envId: string): boolean {
      return statements.travels.get(envId)?.flag === 1;
    },

    /** The profile snapshot the environment's cloud copy names (kept in sync_state). */
    profileOf(envId: string): EnvSnapshot['usage']['profile'] {
      const text = statements.profile.get(envId)?.profile;
      return text ? (JSON.parse(text) as EnvSnapshot['usage']['profile']) : null;
    },

    /** Writes the cloud's copy of an environment (not queued for upload). */
    apply(
      envId: string,
      owner: string,
      snapshot: EnvSnapshot,
      version: number,
      hash: string,
    ): void {
      applying(() => {
        writeRows(envId, owner, snapshot);
        statements.setState.run(envId, version, hash);
        statements.setProfile.run(envId, JSON.stringify(snapshot.usage.profile));
        statements.setBase.run(JSON.stringify({ ...snapshot, usage: undefined }), envId);
      });
    },

    /** The cloud copy's snapshot but its usage, as last applied here. */
    baseOf(envId: string): Omit<EnvSnapshot, 'usage'> | undefined {
      const text = statements.base.get(envId)?.base;
      return text ? (JSON.parse(text) as Omit<EnvSnapshot, 'usage'>) : undefined;
    },

    /** A new local environment made from a snapshot (a conflict copy): queued like any change. */
    insertLocal(envId: string, owner: string, snapshot: EnvSnapshot): void {
      db.transaction(() => writeRows(envId, owner, snapshot))();
    },

    /** Removes the local copy of an environment the cloud deleted or no longer shows. */
    removeLocal(envId: string): void {
      applying(() => {
        statements.removeEnv.run(envId);
        statements.dropState.run(envId);
        statements.drop.run(envId);
      });
    },

    /** Who sees it besides its owner: accounts it is shared with, or the team's main account. */
    setAudience(envId: string, shares: readonly string[], teamMain?: string): void {
      applying(() => {
        statements.clearShares.run(envId);
        for (const account of shares) statements.insertShare.run(envId, account, Date.now());
        if (teamMain) statements.insertTeam.run(envId, teamMain);
      });
    },

    /** The cloud version this copy is based on (0: never in the cloud). */
    state(envId: string): { version: number; hash: string } {
      return statements.state.get(envId) ?? { version: 0, hash: '' };
    },
    setState(envId: string, version: number, hash: string): void {
      statements.setState.run(envId, version, hash);
    },
    dropState(envId: string): void {
      statements.dropState.run(envId);
    },

    outbox(): OutboxEntry[] {
      return statements.outbox.all().map((row) => ({ ...row, deleted: row.deleted === 1 }));
    },
    pending(envId: string): boolean {
      return statements.outboxOne.get(envId) !== undefined;
    },
    /** The change was uploaded, unless it changed again meanwhile (then it stays queued). */
    uploaded(entry: OutboxEntry): void {
      statements.done.run(entry.envId, entry.queuedAt);
    },
    /** Drops a queued change the cloud refused for good (its copy wins; the next pull restores it). */
    discard(envId: string): void {
      statements.drop.run(envId);
    },
    failed(envId: string): void {
      statements.failed.run(envId);
    },

    cursor(account: string): number {
      return statements.cursor.get(account)?.cursor ?? 0;
    },
    setCursor(account: string, cursor: number): void {
      statements.setCursor.run(account, cursor);
    },

    /** The account whose changes are queued from now on (the login; '' when none). */
    setAuthor(account: string): void {
      setAuthor.run(account);
    },

    /** Records a pulled copy refused here; a later usable version clears it. */
    skip(
      account: string,
      change: { envId: string; owner: string; version: number },
      reason: string,
    ) {
      statements.skip.run(account, change.envId, change.owner, change.version, reason, Date.now());
    },
    unskip(account: string, envId: string): void {
      statements.unskip.run(account, envId);
    },
    skippedOne(account: string, envId: string): SkippedCopy | undefined {
      return statements.skippedOne.get(account, envId);
    },
    skipped(account: string): SkippedCopy[] {
      return statements.skipped.all(account);
    },

    /** Records the profile snapshot just uploaded: a change of the environment to push. */
    setProfile(envId: string, profile: EnvSnapshot['usage']['profile']): void {
      db.transaction(() => {
        statements.setProfile.run(envId, JSON.stringify(profile));
        statements.queue.run(envId);
      })();
    },
  };
}
export type SyncStore = ReturnType<typeof syncStore>;
