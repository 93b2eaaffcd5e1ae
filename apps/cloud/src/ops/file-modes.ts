/**
 * The cloud's files are its own (issue 24 item 7): the database holds password hashes, sealed API
 * keys, proxy passwords and cookies, the chunks hold browser profiles. Like the local API's, they
 * are readable by the service's user only: the process creates everything 0700/0600 (umask), and
 * at start what an older version left readable to others is closed.
 */
import fs from 'node:fs';
import path from 'node:path';

/** No bits for group and others on anything the process creates. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Sets the process umask, so that every file and folder it creates is private. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

function closeUp(file: string, stat: fs.Stats): void {
  if ((stat.mode & 0o077) === 0) return;
  fs.chmodSync(file, stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
}

/**
 * Makes `root` (created when missing) and everything under it private: folders 0700, files 0600.
 * Symbolic links are left alone (a link's target may be shared on purpose, e.g. a release folder).
 */
export function makeTreePrivate(root: string): void {
  fs.mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    closeUp(dir, fs.lstatSync(dir));
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) closeUp(full, fs.lstatSync(full));
    }
  }
}

/** A SQLite database outside the data folder: its file, journal and shared memory, private. */
export function makeSqliteFilesPrivate(databaseUrl: string): void {
  if (!databaseUrl.startsWith('sqlite:')) return;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:') return;
  for (const part of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    const stat = fs.lstatSync(part, { throwIfNoEntry: false });
    if (stat?.isFile()) closeUp(part, stat);
  }
}
