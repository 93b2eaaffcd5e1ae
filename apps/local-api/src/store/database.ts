import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { DEFAULT_GROUP_NAME } from '@hainiao/contract';
import { openSqlite } from '@hainiao/sqlite';

/**
 * Schema steps, applied in order and recorded in `user_version`. Each step runs in one
 * transaction, so a crash mid-upgrade leaves the previous version intact.
 */
const MIGRATIONS: readonly ((db: SQLite.Database) => void)[] = [
  (db) => {
    db.exec(`
      create table session_group (
        name text primary key,
        created_at integer not null
      ) strict;
    `);
    db.prepare('insert into session_group (name, created_at) values (?, ?)').run(
      DEFAULT_GROUP_NAME,
      Date.now(),
    );
  },
  // Environments of each account with their groups, shares, plugins, scripts, web accounts
  // (the sites they hold cookies of) and start pages. Every row belongs to an account name
  // (`owner`): the store answers each account only with what it owns or received.
  (db) => {
    db.exec(`
      drop table session_group;

      create table env_group (
        owner text not null,
        name text not null,
        created_at integer not null,
        primary key (owner, name)
      ) strict, without rowid;

      create table environment (
        seq integer primary key,
        id text not null unique,
        owner text not null,
        name text not null,
        description text not null,
        group_name text not null,
        system text not null,
        user_agent text not null,
        proxy_type text not null,
        proxy_ip text not null,
        created_at integer not null,
        updated_at integer not null
      ) strict;
      -- The large JSON columns live apart, so that list scans read small rows only.
      create table env_data (
        seq integer primary key references environment (seq) on delete cascade,
        settings text not null,
        cookies text not null
      ) strict;
      create index environment_owner_updated on environment (owner, updated_at desc, seq desc);
      create index environment_owner_group on environment (owner, group_name, updated_at desc, seq desc);
      create index environment_owner_created on environment (owner, created_at);
      create index environment_owner_proxy_ip
        on environment (owner, proxy_ip, updated_at desc, seq desc);
      create index environment_owner_proxy_type
        on environment (owner, proxy_type, updated_at desc, seq desc);

      create table env_share (
        env_id text not null references environment (id) on delete cascade,
        to_account text not null,
        created_at integer not null,
        primary key (env_id, to_account)
      ) strict, without rowid;
      create index env_share_to on env_share (to_account);

      create table env_plugin (
        env_id text not null references environment (id) on delete cascade,
        plugin_id text not null,
        name text not null,
        version text not null,
        installed_at integer not null,
        primary key (env_id, plugin_id)
      ) strict, without rowid;
      create index env_plugin_plugin on env_plugin (plugin_id);

      create table env_script (
        env_id text not null references environment (id) on delete cascade,
        script_id text not null,
        name text not null,
        version text not null,
        active integer not null,
        added_at integer not null,
        primary key (env_id, script_id)
      ) strict, without rowid;
      create index env_script_script on env_script (script_id, active);
      create unique index env_script_one_active on env_script (env_id) where active = 1;

      create table env_site (
        env_id text not null references environment (id) on delete cascade,
        site text not null,
        primary key (env_id, site)
      ) strict, without rowid;
      create index env_site_site on env_site (site);

      create table env_start_page (
        env_id text not null references environment (id) on delete cascade,
        position integer not null,
        url text not null,
        flag integer not null,
        primary key (env_id, position)
      ) strict, without rowid;
      create index env_start_page_url on env_start_page (url);

      create table script_source (
        script_id text not null,
        version text not null,
        name text not null,
        source text not null,
        primary key (script_id, version)
      ) strict, without rowid;
    `);
  },
  // The browser runtime: each environment's generated fingerprint (runtime/fingerprint/fingerprint.ts).
  (db) => {
    db.exec(`
      create table env_fingerprint (
        env_id text primary key references environment (id) on delete cascade,
        data text not null,
        created_at integer not null
      ) strict, without rowid;
    `);
  },
  // The settings JSON in our own names (model/settings.ts) instead of the calls' spellings.
  (db) => renameSettingKeys(db, SETTING_RENAMES_4),
  // Cloud sync (store/sync.ts): the cloud version each copy is based on, the changes waiting to
  // upload (kept across restarts: offline work is pushed when the cloud is back), each account's
  // pull cursor, and the team environments a team's main account sees.
  (db) => {
    db.exec(`
      create table sync_state (
        env_id text primary key,
        version integer not null,
        hash text not null,
        -- The profile folder's snapshot (JSON: hash and manifest), when it travels.
        profile text,
        -- The cloud copy's settings part (the snapshot but its usage), which an account the
        -- environment is shared with sends back unchanged.
        base text
      ) strict, without rowid;
      create table sync_outbox (
        env_id text primary key,
        owner text not null,
        deleted integer not null,
        queued_at integer not null,
        attempts integer not null default 0
      ) strict, without rowid;
      create table sync_cursor (
        account text primary key,
        cursor integer not null
      ) strict, without rowid;
      create table env_team (
        env_id text not null references environment (id) on delete cascade,
        account text not null,
        primary key (env_id, account)
      ) strict, without rowid;
      create index env_team_account on env_team (account);
    `);
  },
  // Trust between accounts (issue 24): script sources kept by their content's SHA-256, so that a
  // copy pulled from the cloud cannot replace what another environment runs; the library's own
  // hash of each script version (a library script runs only with it); the pulled copies this
  // machine refused, with why; and who made each queued change (pushed under that account only).
  (db) => {
    db.exec(`
      create table script_blob (
        hash text primary key,
        source text not null
      ) strict, without rowid;
      create table library_script (
        script_id text not null,
        version text not null,
        sha256 text not null,
        primary key (script_id, version)
      ) strict, without rowid;
      alter table env_script add column source_hash text not null default '';
      create table sync_skipped (
        env_id text not null,
        account text not null,
        owner text not null,
        version integer not null,
        reason text not null,
        at integer not null,
        primary key (account, env_id)
      ) strict, without rowid;
      alter table sync_outbox add column author text not null default '';
    `);
    const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const sources = db.prepare<[], { scriptId: string; version: string; source: string }>(
      'select script_id as scriptId, version, source from script_source',
    );
    const blob = db.prepare<[string, string]>(
      'insert or ignore into script_blob (hash, source) values (?, ?)',
    );
    const point = db.prepare<[string, string, string]>(
      'update env_script set source_hash = ? where script_id = ? and version = ?',
    );
    for (const row of sources.all()) {
      const sha = hash(row.source);
      blob.run(sha, row.source);
      point.run(sha, row.scriptId, row.version);
    }
    db.exec('drop table script_source');
  },
  // The recycle bin (issue 27): a deleted environment as it would travel (its snapshot), kept for
  // TRASH_KEEP_DAYS with its profile folder under trash/, then gone for good.
  (db) => {
    db.exec(`
      create table env_trash (
        env_id text primary key,
        owner text not null,
        deleted_by text not null,
        name text not null,
        group_name text not null,
        deleted_at integer not null,
        snapshot text not null
      ) strict, without rowid;
      create index env_trash_deleted_by on env_trash (deleted_by, deleted_at desc);
      create index env_trash_deleted_at on env_trash (deleted_at);
    `);
  },
  // The proxy library (issue 27, store/proxies.ts): each account's saved proxies on this machine
  // with their last check, and each environment's exit as the lookup at its last start saw it.
  (db) => {
    db.exec(`
      create table saved_proxy (
        id text primary key,
        owner text not null,
        name text not null,
        type text not null,
        host text not null,
        port integer not null,
        username text not null,
        password text not null,
        note text not null,
        created_at integer not null,
        updated_at integer not null,
        -- The last check: null until one ran (and again after the proxy changed).
        checked_at integer,
        check_ok integer,
        check_code integer,
        check_name text,
        check_reason text,
        exit_ip text,
        exit_country text,
        latency_ms integer
      ) strict, without rowid;
      create unique index saved_proxy_owner_name on saved_proxy (owner, name);
      -- One saved proxy per proxy account: environments use it by these fields.
      create unique index saved_proxy_owner_identity
        on saved_proxy (owner, type, host, port, username);
      create table env_exit (
        env_id text primary key references environment (id) on delete cascade,
        -- The proxy the start went through (store/proxies.ts identityKey): another one since
        -- makes this exit stale.
        proxy text not null,
        ip text not null,
        country text not null,
        at integer not null
      ) strict, without rowid;
    `);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * The calls' spelling → ours, as migration 4 renamed them. Frozen here (not read from
 * adapters/v1/wire-settings.ts): a migration keeps doing what it did when the names move on.
 */
const SETTING_RENAMES_4: Readonly<Record<string, string>> = {
  Automatic_Configure: 'automaticConfigure',
  MobileModel: 'mobileModel',
  resolution: 'resolution',
  FingerPrint_Setting: 'fingerprintSetting',
  FingerPrint_Noise: 'fingerprintNoise',
  Lock_Browser_windows_size: 'lockWindowSize',
  Disable_video: 'disableVideo',
  Disable_img: 'disableImages',
  ImageInvisible: 'invisibleImages',
  AUTOPLAY_SETTING: 'autoplay',
  SOUND_SETTING: 'sound',
  GoogleTranslate: 'googleTranslate',
  SavePasswordPop: 'savePasswordPrompt',
  Notification: 'notifications',
  CLIPBOARD_READ_WRITE: 'clipboard',
  NetError_StopChrome: 'stopOnProxyError',
  fakedevice_forCamera: 'fakeCamera',
  Exit_ClearChrome: 'clearOnExit',
  restore_on_startup: 'restoreOnStartup',
  Exit_SaveCookie: 'saveCookiesOnExit',
  forcembpoint: 'forceCheckPage',
  StartClearCache: 'clearCacheOnStart',
  StartClearCookies: 'clearCookiesOnStart',
  StartClearHistory: 'clearHistoryOnStart',
  Static_PublicIP: 'staticPublicIp',
  Static_PrivateIP: 'staticPrivateIp',
  TimeZone: 'timezone',
  CountryCode: 'countryCode',
  CityCode: 'cityCode',
  RegionCode: 'regionCode',
  LanguageCode: 'languageCode',
  Proxy_Port: 'proxyPort',
  Proxy_Username: 'proxyUsername',
  Proxy_Password: 'proxyPassword',
  Is_CheckProxy: 'checkProxy',
  StaticIP_Type: 'staticIpType',
};

/** Rewrites every environment's settings JSON with `renames` applied (other keys kept). */
function renameSettingKeys(db: SQLite.Database, renames: Readonly<Record<string, string>>): void {
  const rows = db.prepare<[], { seq: number; settings: string }>(
    'select seq, settings from env_data',
  );
  const update = db.prepare<[string, number]>('update env_data set settings = ? where seq = ?');
  for (const row of rows.all()) {
    const old = JSON.parse(row.settings) as Record<string, unknown>;
    const renamed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(old)) renamed[renames[key] ?? key] = value;
    update.run(JSON.stringify(renamed), row.seq);
  }
}

/** Lowers `target`'s mode to `mode` when group or others have any access to it. */
function ownerOnly(target: string, mode: number): void {
  try {
    if ((fs.statSync(target).mode & 0o077) !== 0) fs.chmodSync(target, mode);
  } catch {
    // missing: SQLite creates it with the database file's mode
  }
}

/**
 * Opens (creating if needed) the local store: WAL, synchronous=FULL so acknowledged writes survive
 * kill -9. The data folder is the owner's only (0700) and the store's files too (0600): the file
 * is created 0600 before SQLite opens it, and SQLite gives its -wal and -shm files that mode.
 */
export function openStore(dataDir: string): SQLite.Database {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  ownerOnly(dataDir, 0o700);
  const file = path.join(dataDir, 'local-api.sqlite');
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    ownerOnly(name, 0o600);
  }
  const db = openSqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const current = db.pragma('user_version', { simple: true }) as number;
  MIGRATIONS.slice(current).forEach((step, index) => {
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${current + index + 1}`);
    })();
  });
  // Table statistics let the planner pick the right index for each listid filter.
  db.pragma('analysis_limit = 1000');
  db.pragma('optimize = 0x10002');
  return db;
}

/** Refreshes the planner's statistics when tables changed much (SQLite's `PRAGMA optimize`). */
export function optimizeStore(db: SQLite.Database): void {
  db.pragma('optimize');
}
