import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings.ts';
import { openStore } from './database.ts';
import { environmentStore } from './environments.ts';
import { syncStore } from './sync.ts';

let dir: string;
let db: ReturnType<typeof openStore>;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-sync-store-'));
  db = openStore(dir);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const record = (id: string) => ({
  id,
  owner: 'alice',
  name: 'shop',
  description: '',
  group: 'default',
  system: 'Windows',
  userAgent: 'UA',
  proxyType: 'noproxy',
  proxyIp: '',
  settings: { ...DEFAULT_SETTINGS },
  cookies: [],
  createdAt: 1,
  updatedAt: 1,
});

test('every kind of change queues its environment once, in the same transaction; a deletion is queued as one', () => {
  const envs = environmentStore(db);
  const sync = syncStore(db);
  const id = 'a'.repeat(32);
  envs.insert(record(id), [{ url: 'https://shop.example.com/', flag: 1 }]);
  expect(sync.outbox()).toEqual([
    expect.objectContaining({ envId: id, owner: 'alice', deleted: false }),
  ]);

  const first = sync.outbox()[0]!;
  sync.uploaded(first);
  expect(sync.outbox()).toEqual([]);
  envs.setStartPages(id, []);
  expect(sync.outbox().map((e) => e.envId)).toEqual([id]);
  sync.uploaded(sync.outbox()[0]!);
  envs.installPlugins(id, [{ pluginId: 'p1', name: 'P', version: '1' }]);
  expect(sync.outbox()).toHaveLength(1);

  // A change made while the upload was under way keeps the entry queued.
  const queued = sync.outbox()[0]!;
  db.prepare('update sync_outbox set queued_at = queued_at + 5 where env_id = ?').run(id);
  sync.uploaded(queued);
  expect(sync.outbox()).toHaveLength(1);

  envs.remove(id);
  expect(sync.outbox()).toEqual([expect.objectContaining({ envId: id, deleted: true })]);
});

test("the cloud's writes are not queued; a snapshot applied reads back the same, and a conflict copy is queued", () => {
  const envs = environmentStore(db);
  const sync = syncStore(db);
  const id = 'b'.repeat(32);
  envs.insert(record(id), []);
  const { snapshot } = sync.snapshot(id)!;
  sync.uploaded(sync.outbox()[0]!);

  const other = 'c'.repeat(32);
  sync.apply(other, 'bob', { ...snapshot, env: { ...snapshot.env, group: 'bob-shops' } }, 3, 'h');
  expect(sync.outbox()).toEqual([]);
  expect(sync.state(other)).toEqual({ version: 3, hash: 'h' });
  expect(sync.snapshot(other)).toEqual({
    owner: 'bob',
    snapshot: { ...snapshot, env: { ...snapshot.env, group: 'bob-shops' } },
  });
  // The group came with it; the copy is visible to its owner only.
  expect(db.prepare("select name from env_group where owner = 'bob'").all()).toContainEqual({
    name: 'bob-shops',
  });
  expect(envs.visible('alice', other)).toBeUndefined();
  sync.setAudience(other, ['alice']);
  expect(envs.visible('alice', other)?.owned).toBe(false);

  sync.insertLocal('d'.repeat(32), 'alice', snapshot);
  expect(sync.outbox().map((e) => e.envId)).toEqual(['d'.repeat(32)]);
  sync.removeLocal(other);
  expect(envs.visible('bob', other)).toBeUndefined();
  expect(sync.outbox().map((e) => e.envId)).toEqual(['d'.repeat(32)]);
});
