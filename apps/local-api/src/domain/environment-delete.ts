/**
 * Deleting environments: the one place every call (v1 delete, AdsPower's user/delete, the
 * manager through v1) removes them. An owner's delete moves the environment to the recycle bin
 * (environment-trash.ts: restorable for TRASH_KEEP_DAYS) and removes the cloud's copy through the
 * outbox. A receiver's delete leaves the share instead (issue 24): the
 * copy goes from the receiver's machines, the owner keeps the environment. That includes a copy
 * this machine refused to apply (skipped by the sync engine), which the receiver never sees
 * otherwise. A running environment is never deleted.
 */
import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import type { BrowserRuntime } from '../runtime/browser.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { RecycleBin } from './environment-trash.ts';
import type { SyncEngine } from './sync.ts';
import { environmentFolder } from './environment.ts';

export interface DeleteDeps {
  db: SQLite.Database;
  envs: EnvironmentStore;
  sync: Pick<SyncEngine, 'leave' | 'skipped'>;
  runtime: Pick<BrowserRuntime, 'running'>;
  bin: Pick<RecycleBin, 'keep' | 'moveIn'>;
  dataDir: string;
}

export interface DeleteResult {
  deleted: string[];
  failed: string[];
}

export async function deleteEnvironments(
  deps: DeleteDeps,
  account: string,
  ids: readonly string[],
): Promise<DeleteResult> {
  const deleted: string[] = [];
  const failed: string[] = [];
  const received: string[] = [];
  const binned: string[] = [];
  const skipped = new Set(deps.sync.skipped().map((copy) => copy.envId));
  deps.db.transaction(() => {
    for (const id of ids) {
      const visible = deps.envs.visible(account, id);
      if (deps.runtime.running(id)) failed.push(id);
      else if (visible?.owned) {
        deps.bin.keep(account, id);
        (deps.envs.remove(id) ? binned : failed).push(id);
      } else if (visible || skipped.has(id)) received.push(id);
      else failed.push(id);
    }
  })();
  for (const id of received) {
    try {
      await deps.sync.leave(id);
      deleted.push(id);
    } catch {
      failed.push(id);
    }
  }
  // The rows are gone (committed); their folders follow, the owner's into the bin. A crash here
  // leaves orphan folders, which the next start removes.
  await Promise.all([
    ...binned.map((id) => deps.bin.moveIn(id)),
    ...deleted.map((id) =>
      fs.promises.rm(environmentFolder(deps.dataDir, id), { recursive: true, force: true }),
    ),
  ]);
  return { deleted: [...binned, ...deleted], failed };
}
