/**
 * Profile snapshots as files see them: what travels (the profile's data only: no preferences,
 * caches, locks or machine-bound files, in either direction),
 * that a small change in a real SQLite file changes a few chunks only, that restore writes the
 * same bytes back and swaps the folder in whole, and that a damaged chunk or a path out of the
 * folder is refused (-10) without touching the profile in place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CHUNK_MAX_BYTES } from '@hainiao/contract';
import { DomainError } from '../../model/errors.ts';
import {
  canonicalManifest,
  chunkHash,
  compressChunk,
  decompressChunk,
  excluded,
  manifestHash,
  PROFILE_BLOCK_BYTES,
  restoreProfile,
  snapshotProfile,
  travels,
  type ProfileManifest,
} from './profile-snapshot.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-snapshot-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function write(dir: string, relative: string, data: string | Buffer) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

/** A profile with data, caches and the lock files of a browser run. */
function makeProfile(dir: string) {
  write(dir, 'Local State', '{"profile":{}}');
  write(dir, 'Default/Preferences', '{"a":1}');
  write(dir, 'Default/Secure Preferences', '{"protection":{}}');
  write(dir, 'Default/Bookmarks', '{"a":1}');
  write(dir, 'Default/Local Storage/leveldb/000003.log', Buffer.alloc(150_000, 7));
  write(dir, 'Default/Local Storage/leveldb/CURRENT', 'MANIFEST-000001\n');
  write(dir, 'Default/Local Storage/leveldb/LOCK', '');
  write(dir, 'Default/Local Storage/leveldb/LOG', 'opened');
  write(dir, 'Default/IndexedDB/http_x_0.indexeddb.leveldb/CURRENT', 'MANIFEST-000001\n');
  write(dir, 'Default/Cache/Cache_Data/index', 'cache');
  write(dir, 'Default/Code Cache/js/index', 'code');
  write(dir, 'Default/GPUCache/data_0', 'gpu');
  write(dir, 'Default/Service Worker/CacheStorage/x', 'sw');
  write(dir, 'Default/Preferences.tmp', 'half');
  write(dir, 'Default/Local Storage/leveldb/empty.log', '');
  write(dir, 'Default/Extensions/abc/1.0/background.js', 'code');
  write(dir, 'Default/Extension Scripts/000003.log', 'registered scripts');
  write(dir, 'Default/Local Extension Settings/abc/000003.log', 'extension storage');
  write(dir, 'Safe Browsing/list', 'lists');
  write(dir, 'component_crx_cache/x.crx', 'crx');
  write(dir, 'GrShaderCache/data_0', 'shader');
  write(dir, 'BrowserMetrics/m.pma', 'metrics');
  fs.symlinkSync('host-1234', path.join(dir, 'SingletonLock'));
  const db = openSqlite(path.join(dir, 'Default/History'));
  db.exec('create table urls(id integer primary key, url text, title text, visits integer)');
  const insert = db.prepare('insert into urls(url, title, visits) values (?, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 4000; i += 1) {
      insert.run(`https://shop.example/item/${i}?ref=${i * 7}`, `Item ${i} — a product page`, i);
    }
  })();
  db.close();
}

const paths = (m: ProfileManifest) => m.files.map((f) => f.path);

async function corrupted(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('DATA_CORRUPTED');
  return error as DomainError;
}

describe('what travels', () => {
  test('data files travel; preferences, caches, locks, logs and machine-bound files do not', async () => {
    const dir = path.join(root, 'profile');
    makeProfile(dir);
    const { manifest } = await snapshotProfile(dir);
    expect(paths(manifest)).toEqual([
      'Default/Bookmarks',
      'Default/History',
      'Default/IndexedDB/http_x_0.indexeddb.leveldb/CURRENT',
      'Default/Local Extension Settings/abc/000003.log',
      'Default/Local Storage/leveldb/000003.log',
      'Default/Local Storage/leveldb/CURRENT',
      'Default/Local Storage/leveldb/empty.log',
    ]);
    const log = manifest.files.find((f) => f.path === 'Default/Local Storage/leveldb/000003.log')!;
    expect(log.size).toBe(150_000);
    expect(log.chunks).toHaveLength(Math.ceil(150_000 / PROFILE_BLOCK_BYTES));
    expect(
      manifest.files.find((f) => f.path === 'Default/Local Storage/leveldb/empty.log')!.chunks,
    ).toEqual([]);
  });

  test('the rules by path', () => {
    expect(excluded('Default/History')).toBeUndefined();
    expect(excluded('Default')).toBeUndefined();
    expect(excluded('Default/Network')).toBeUndefined();
    expect(travels('Default/Network/Cookies')).toBe(true);
    expect(travels('Default/Network')).toBe(false);
    expect(travels('Default')).toBe(false);
    expect(excluded('Default/Storage/ext/abc/def/GPUCache/index')).toBe('cache');
    expect(excluded('SingletonSocket')).toBe('transient');
    expect(excluded('Default/Session Storage/LOCK')).toBe('transient');
    expect(excluded('Default/Web Data.tmp')).toBe('transient');
    // SQLite's journals travel: a hot journal is what makes the database whole again.
    expect(excluded('Default/Cookies-journal')).toBeUndefined();
    // This machine's, never another's: preferences, the component updater's files, other
    // profiles, extensions' code and the scripts and request rules they registered.
    for (const machine of [
      'Local State',
      'First Run',
      'OptimizationGuideModelsManifest',
      'Profile 2/Cookies',
      'Default/Preferences',
      'Default/Secure Preferences',
      'Default/Network/Network Persistent State',
      'Default/Extensions/abc/1.0/background.js',
      'Default/Extension Scripts/000003.log',
      'Default/Extension Rules/000003.log',
      'Default/History.bak',
      'Default/Local Storage2/x',
    ]) {
      expect(excluded(machine), machine).toBe('machine');
      expect(travels(machine), machine).toBe(false);
    }
  });

  test('the manifest hash is the same however the files are listed', async () => {
    const dir = path.join(root, 'profile');
    makeProfile(dir);
    const { manifest } = await snapshotProfile(dir);
    const shuffled = { v: 1 as const, files: [...manifest.files].reverse() };
    expect(manifestHash(shuffled)).toBe(manifestHash(manifest));
    expect(canonicalManifest(shuffled)).toBe(canonicalManifest(manifest));
    expect(manifestHash(manifest)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('chunks', () => {
  test('a changed row of a real SQLite file changes a few of its chunks, not the file', async () => {
    const dir = path.join(root, 'profile');
    makeProfile(dir);
    const before = await snapshotProfile(dir);
    const db = openSqlite(path.join(dir, 'Default/History'));
    db.prepare('update urls set visits = visits + 1 where id = 2500').run();
    db.close();
    const after = await snapshotProfile(dir, before.manifest);
    const history = (m: ProfileManifest) => m.files.find((f) => f.path === 'Default/History')!;
    const old = new Set(history(before.manifest).chunks);
    const changed = history(after.manifest).chunks.filter((h) => !old.has(h));
    expect(history(after.manifest).chunks.length).toBeGreaterThan(4);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(2);
    expect(manifestHash(after.manifest)).not.toBe(manifestHash(before.manifest));
  });

  test('a file with the size and time of the previous snapshot is not read again', async () => {
    const dir = path.join(root, 'profile');
    makeProfile(dir);
    const file = path.join(dir, 'Default/Bookmarks');
    // Whole seconds: the same time can be written back exactly.
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    const before = await snapshotProfile(dir);
    fs.writeFileSync(file, '{"b":2}');
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    const bookmarks = (m: ProfileManifest) => m.files.find((f) => f.path === 'Default/Bookmarks')!;
    expect(bookmarks((await snapshotProfile(dir, before.manifest)).manifest).chunks).toEqual(
      bookmarks(before.manifest).chunks,
    );
    expect(bookmarks((await snapshotProfile(dir)).manifest).chunks).toEqual([
      chunkHash(Buffer.from('{"b":2}')),
    ]);
  });

  test('readChunk answers the bytes, and refuses a file that changed since the snapshot', async () => {
    const dir = path.join(root, 'profile');
    makeProfile(dir);
    const { manifest, readChunk } = await snapshotProfile(dir);
    const bookmarks = manifest.files.find((f) => f.path === 'Default/Bookmarks')!;
    expect((await readChunk(bookmarks.chunks[0]!)).toString()).toBe('{"a":1}');
    fs.writeFileSync(path.join(dir, 'Default/Bookmarks'), '{"a":2}');
    const error = await corrupted(readChunk(bookmarks.chunks[0]!));
    expect(error.message).toContain('Default/Bookmarks');
  });

  test('compression round trip; more output than the cap is refused', async () => {
    const raw = Buffer.from('CREATE TABLE urls '.repeat(4000));
    const packed = await compressChunk(raw);
    expect(packed.length).toBeLessThan(raw.length / 10);
    expect(await decompressChunk(packed)).toEqual(raw);
    const bomb = await compressChunk(Buffer.alloc(CHUNK_MAX_BYTES + 1));
    await expect(decompressChunk(bomb)).rejects.toThrow();
  });
});

describe('restore', () => {
  async function storeOf(dir: string) {
    const snapshot = await snapshotProfile(dir);
    const chunks = new Map<string, Buffer>();
    for (const f of snapshot.manifest.files) {
      for (const h of f.chunks) chunks.set(h, await snapshot.readChunk(h));
    }
    return { manifest: snapshot.manifest, chunks };
  }

  test('writes the same files back and keeps the caches and preferences of the profile it replaces', async () => {
    const source = path.join(root, 'source');
    makeProfile(source);
    fs.chmodSync(path.join(source, 'Default/Bookmarks'), 0o640);
    const { manifest, chunks } = await storeOf(source);
    const target = path.join(root, 'target');
    write(target, 'Default/Cache/Cache_Data/index', 'local cache');
    write(target, 'GrShaderCache/data_0', 'local shader');
    write(target, 'Default/Preferences', 'local preferences');
    write(target, 'Local State', 'local state');
    write(target, 'Default/Local Storage/leveldb/000001.log', 'gone after restore');
    write(target, 'SingletonCookie', 'stale');
    await restoreProfile(target, manifest, async (h) => chunks.get(h)!);

    for (const file of manifest.files) {
      const restored = path.join(target, file.path);
      expect(fs.readFileSync(restored), file.path).toEqual(
        fs.readFileSync(path.join(source, file.path)),
      );
      expect(Math.round(fs.statSync(restored).mtimeMs)).toBe(file.mtime);
    }
    expect(fs.statSync(path.join(target, 'Default/Bookmarks')).mode & 0o777).toBe(0o640);
    expect(fs.readFileSync(path.join(target, 'Default/Cache/Cache_Data/index'), 'utf8')).toBe(
      'local cache',
    );
    expect(fs.readFileSync(path.join(target, 'GrShaderCache/data_0'), 'utf8')).toBe('local shader');
    expect(fs.readFileSync(path.join(target, 'Default/Preferences'), 'utf8')).toBe(
      'local preferences',
    );
    expect(fs.readFileSync(path.join(target, 'Local State'), 'utf8')).toBe('local state');
    expect(fs.existsSync(path.join(target, 'Default/Local Storage/leveldb/000001.log'))).toBe(
      false,
    );
    expect(fs.existsSync(path.join(target, 'SingletonCookie'))).toBe(false);
    const db = openSqlite(path.join(target, 'Default/History'), { readonly: true });
    expect(db.prepare('select count(*) as n from urls').get()).toEqual({ n: 4000 });
    db.close();
    // Nothing beside the profile: the temporary and previous folders are gone.
    expect(fs.readdirSync(root).sort()).toEqual(['source', 'target']);
    // The restored profile snapshots to the same manifest (times included).
    expect(manifestHash((await snapshotProfile(target)).manifest)).toBe(manifestHash(manifest));
  });

  test('a chunk that does not match its hash is -10 and the profile stays as it was', async () => {
    const source = path.join(root, 'source');
    makeProfile(source);
    const { manifest, chunks } = await storeOf(source);
    const target = path.join(root, 'target');
    write(target, 'Default/Preferences', 'mine');
    const bad = manifest.files.find((f) => f.path === 'Default/History')!.chunks[3]!;
    const error = await corrupted(
      restoreProfile(target, manifest, async (h) =>
        h === bad ? Buffer.from('tampered') : chunks.get(h)!,
      ),
    );
    expect(error.message).toContain(bad);
    expect(fs.readFileSync(path.join(target, 'Default/Preferences'), 'utf8')).toBe('mine');
    expect(fs.readdirSync(root).sort()).toEqual(['source', 'target']);
  });

  test('a manifest naming preferences, Local State or anything off the data list writes none of it', async () => {
    const files: Record<string, Buffer> = {
      'Default/History': Buffer.from('history'),
      'Default/Preferences': Buffer.from('{"download":{"default_directory":"/root/.ssh"}}'),
      'Default/Secure Preferences': Buffer.from('{"extensions":{}}'),
      'Local State': Buffer.from('{"profile":{"last_used":"Profile 9"}}'),
      'Profile 9/Preferences': Buffer.from('{}'),
      'First Run': Buffer.from(''),
      'Default/Extensions/abc/1.0/background.js': Buffer.from('steal()'),
      'Default/Extension Scripts/000003.log': Buffer.from('steal()'),
      'Default/Network/Network Persistent State': Buffer.from('{}'),
    };
    const manifest: ProfileManifest = {
      v: 1,
      files: Object.entries(files).map(([file, raw]) => ({
        path: file,
        size: raw.length,
        mode: 0o600,
        mtime: 1_700_000_000_000,
        chunks: raw.length ? [chunkHash(raw)] : [],
      })),
    };
    const byHash = new Map(Object.values(files).map((raw) => [chunkHash(raw), raw]));
    const target = path.join(root, 'target');
    write(target, 'Default/Preferences', 'mine');
    const asked: string[] = [];
    await restoreProfile(target, manifest, async (h) => {
      asked.push(h);
      return byHash.get(h)!;
    });
    const written: string[] = [];
    const list = (dir: string, prefix = '') => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) list(path.join(dir, entry.name), relative);
        else written.push(relative);
      }
    };
    list(target);
    expect(written.sort()).toEqual(['Default/History', 'Default/Preferences']);
    expect(fs.readFileSync(path.join(target, 'Default/Preferences'), 'utf8')).toBe('mine');
    // Only the data's chunks are asked for: the others are never fetched.
    expect(asked).toEqual([chunkHash(files['Default/History']!)]);
    expect(fs.readdirSync(root)).toEqual(['target']);
  });

  test.each([
    '../escaped',
    'Default/../../escaped',
    '/tmp/escaped',
    'C:/escaped',
    'Default\\..\\..\\escaped',
    './Default/x',
    'Default//x',
  ])('a manifest path %s is refused before anything is written', async (bad) => {
    const raw = Buffer.from('x');
    const manifest: ProfileManifest = {
      v: 1,
      files: [{ path: bad, size: 1, mode: 0o600, mtime: 0, chunks: [chunkHash(raw)] }],
    };
    const target = path.join(root, 'target');
    const error = await corrupted(restoreProfile(target, manifest, async () => raw));
    expect(error.message).toMatch(/outside the profile folder/);
    expect(fs.readdirSync(root)).toEqual([]);
    expect(fs.existsSync(path.join(root, '..', 'escaped'))).toBe(false);
  });

  test('a file that is also a folder, or a size that does not match its chunks, is refused', async () => {
    const raw = Buffer.from('x');
    const one = { size: 1, mode: 0o600, mtime: 0, chunks: [chunkHash(raw)] };
    const target = path.join(root, 'target');
    await corrupted(
      restoreProfile(
        target,
        {
          v: 1,
          files: [
            { path: 'Default/History', ...one },
            { path: 'Default/History/b', ...one },
          ],
        },
        async () => raw,
      ),
    );
    await corrupted(
      restoreProfile(
        target,
        { v: 1, files: [{ path: 'Default/History', ...one, size: 2 }] },
        async () => raw,
      ),
    );
    expect(fs.readdirSync(root)).toEqual([]);
  });

  test('a restore stopped between its renames is finished by the next one', async () => {
    const source = path.join(root, 'source');
    makeProfile(source);
    const { manifest, chunks } = await storeOf(source);
    const target = path.join(root, 'target');
    // What a crash after the first rename leaves: the profile under .previous-*, a half restore.
    write(`${target}.previous-abc`, 'GPUCache/data_0', 'kept cache');
    write(`${target}.restore-def`, 'Default/half', 'x');
    await restoreProfile(target, manifest, async (h) => chunks.get(h)!);
    expect(fs.readdirSync(root).sort()).toEqual(['source', 'target']);
    expect(fs.readFileSync(path.join(target, 'GPUCache/data_0'), 'utf8')).toBe('kept cache');
  });
});
