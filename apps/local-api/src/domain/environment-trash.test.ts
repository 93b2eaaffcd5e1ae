/**
 * The recycle bin's clock (issue 27), on a real store: an entry goes with its folder once
 * TRASH_KEEP_DAYS have passed, not a moment before; a folder under trash/ that no entry names goes
 * at the same sweep.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { NO_PROXY, TRASH_KEEP_DAYS } from '@hainiao/contract';
import { openStore } from '../store/database.ts';
import { environmentStore } from '../store/environments.ts';
import { syncStore } from '../store/sync.ts';
import { trashStore } from '../store/trash.ts';
import { DEFAULT_SETTINGS } from '../model/settings.ts';
import { recycleBin, trashFolder } from './environment-trash.ts';

const DAY = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test(`an entry goes after ${TRASH_KEEP_DAYS} days with its folder; orphan folders go too`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-trash-'));
  dirs.push(dataDir);
  const db = openStore(dataDir);
  try {
    const envs = environmentStore(db);
    let clock = Date.UTC(2026, 10, 1);
    const bin = recycleBin({
      db,
      envs,
      rows: syncStore(db),
      trash: trashStore(db),
      dataDir,
      now: () => clock,
    });
    const id = 'a'.repeat(32);
    envs.insert(
      {
        id,
        owner: 'alice',
        name: 'Shop',
        description: '',
        group: 'default',
        system: 'Linux',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36',
        proxyType: NO_PROXY,
        proxyIp: '',
        settings: { ...DEFAULT_SETTINGS },
        cookies: [],
        createdAt: clock,
        updatedAt: clock,
      },
      [],
    );
    fs.mkdirSync(path.join(dataDir, 'sessions', id), { recursive: true });
    db.transaction(() => {
      bin.keep('alice', id);
      envs.remove(id);
    })();
    await bin.moveIn(id);
    fs.mkdirSync(trashFolder(dataDir, 'b'.repeat(32)), { recursive: true });

    clock += TRASH_KEEP_DAYS * DAY - 1;
    await bin.sweep();
    expect(bin.list('alice').map((entry) => entry.envId)).toEqual([id]);
    expect(fs.existsSync(trashFolder(dataDir, id))).toBe(true);
    expect(fs.existsSync(trashFolder(dataDir, 'b'.repeat(32)))).toBe(false);

    clock += 2;
    await bin.sweep();
    expect(bin.list('alice')).toEqual([]);
    expect(fs.existsSync(trashFolder(dataDir, id))).toBe(false);
  } finally {
    db.close();
  }
});
