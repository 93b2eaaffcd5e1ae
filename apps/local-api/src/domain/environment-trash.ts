/**
 * The recycle bin (issue 27): an owner's delete keeps the environment here for TRASH_KEEP_DAYS —
 * its snapshot (settings, cookies, fingerprint, pages, plugins, scripts) in the store and its
 * profile folder under `<data>/trash/<id>` — and then removes it for good. The delete still
 * leaves the cloud at once (other machines drop it); a restore puts it back on this machine and
 * pushes it again, which the cloud takes as the next version of the owner's environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { localApiMessages, TRASH_KEEP_DAYS } from '@hainiao/contract';
import type SQLite from 'better-sqlite3';
import { DomainError } from '../model/errors.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { SyncStore } from '../store/sync.ts';
import type { TrashEntry, TrashStore } from '../store/trash.ts';
import { environmentFolder } from './environment.ts';

export const TRASH_KEEP_MS = TRASH_KEEP_DAYS * 24 * 60 * 60 * 1000;

export interface TrashDeps {
  db: SQLite.Database;
  envs: Pick<EnvironmentStore, 'tick'>;
  rows: Pick<SyncStore, 'snapshot' | 'insertLocal'>;
  trash: TrashStore;
  dataDir: string;
  now?: () => number;
}

export const trashFolder = (dataDir: string, id: string) => path.join(dataDir, 'trash', id);

/** Moves a folder, replacing what is at `to`; a folder that is not there is nothing to move. */
async function move(from: string, to: string): Promise<void> {
  await fs.promises.rm(to, { recursive: true, force: true });
  await fs.promises.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const notInTrash = (id: string) =>
  new DomainError('UNKNOWN_EXCEPTION', localApiMessages.notInTrash, { id });

export function recycleBin(deps: TrashDeps) {
  const now = deps.now ?? Date.now;

  /** The entries `account` may restore or delete for good, or the failure naming the first other. */
  function entriesOf(account: string, ids: readonly string[]): TrashEntry[] {
    return [...new Set(ids)].map((id) => {
      const found = deps.trash.get(id);
      if (!found || (found.entry.deletedBy !== account && found.entry.owner !== account)) {
        throw notInTrash(id);
      }
      return found.entry;
    });
  }

  async function purge(ids: readonly string[]): Promise<void> {
    deps.db.transaction(() => {
      for (const id of ids) deps.trash.remove(id);
    })();
    await Promise.all(
      ids.map((id) =>
        fs.promises.rm(trashFolder(deps.dataDir, id), { recursive: true, force: true }),
      ),
    );
  }

  return {
    /**
     * Inside the delete's transaction, before the row goes: the environment as it is now. Its
     * folder follows with `moveIn` once the transaction has committed.
     */
    keep(account: string, id: string): void {
      const current = deps.rows.snapshot(id);
      if (!current) return;
      const { snapshot } = current;
      deps.trash.put(
        {
          envId: id,
          owner: current.owner,
          deletedBy: account,
          name: snapshot.env.name,
          group: snapshot.env.group,
          deletedAt: now(),
        },
        snapshot,
      );
    },

    moveIn(id: string): Promise<void> {
      return move(environmentFolder(deps.dataDir, id), trashFolder(deps.dataDir, id));
    },

    /** What `account` deleted, or was deleted of its own, newest first, with when it goes. */
    list(account: string): (TrashEntry & { purgeAt: number })[] {
      return deps.trash
        .list(account)
        .map((entry) => ({ ...entry, purgeAt: entry.deletedAt + TRASH_KEEP_MS }));
    },

    /**
     * Puts environments back, all of them or none (one not in the account's bin refuses the
     * call). Each comes back under its own id, in its group (made again if it was deleted
     * since), with its profile folder, and is queued for upload like any change.
     */
    async restore(account: string, ids: readonly string[]): Promise<string[]> {
      const entries = entriesOf(account, ids);
      deps.db.transaction(() => {
        for (const entry of entries) {
          const found = deps.trash.get(entry.envId)!;
          const snapshot = {
            ...found.snapshot,
            // Newest update first: a restored environment heads the list.
            usage: { ...found.snapshot.usage, updatedAt: deps.envs.tick() },
          };
          deps.rows.insertLocal(entry.envId, entry.owner, snapshot);
          deps.trash.remove(entry.envId);
        }
      })();
      await Promise.all(
        entries.map((entry) =>
          move(
            trashFolder(deps.dataDir, entry.envId),
            environmentFolder(deps.dataDir, entry.envId),
          ),
        ),
      );
      return entries.map((entry) => entry.envId);
    },

    /** Gone for good: the given ones (all or none), or all of the account's bin. */
    async remove(account: string, ids: readonly string[] | 'all'): Promise<string[]> {
      const entries = ids === 'all' ? deps.trash.list(account) : entriesOf(account, ids);
      const gone = entries.map((entry) => entry.envId);
      await purge(gone);
      return gone;
    },

    /**
     * What has been in the bin longer than TRASH_KEEP_DAYS goes, and folders under trash/ that
     * no entry names (a crash between a purge's commit and its rm) with it.
     */
    async sweep(): Promise<void> {
      await purge(deps.trash.expiredBefore(now() - TRASH_KEEP_MS));
      const dir = path.join(deps.dataDir, 'trash');
      const kept = deps.trash.ids();
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => !kept.has(name))
          .map((name) => fs.promises.rm(path.join(dir, name), { recursive: true, force: true })),
      );
    },
  };
}

export type RecycleBin = ReturnType<typeof recycleBin>;
