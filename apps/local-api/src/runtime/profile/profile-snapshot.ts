/**
 * A snapshot of an environment's browser profile (`<data>/sessions/<id>/profile`, Chromium's
 * user-data-dir) as content-addressed chunks, and its restore into a profile folder. Pure file
 * work: what travels, and how, is domain/profile-sync.ts. Take snapshots of a stopped browser
 * only (the local API does it at stop): SQLite and LevelDB are consistent on disk once it exits.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { localApiMessages } from '@hainiao/contract';
import { DomainError } from '../../model/errors.ts';
import {
  checkManifest,
  chunkHash,
  PROFILE_BLOCK_BYTES,
  type ProfileFile,
  type ProfileManifest,
} from './profile-manifest.ts';
import { excluded, travels } from './profile-data.ts';

export { excluded, travels, type Exclusion } from './profile-data.ts';
export {
  canonicalManifest,
  checkManifest,
  chunkHash,
  compressChunk,
  decompressChunk,
  manifestHash,
  PROFILE_BLOCK_BYTES,
  type ProfileFile,
  type ProfileManifest,
} from './profile-manifest.ts';

interface Entry {
  relative: string;
  absolute: string;
  stat: fs.Stats;
}

/**
 * Regular files of the profile that travel (profile-data.ts), sorted by path; links and sockets
 * are skipped.
 */
async function walk(root: string): Promise<Entry[]> {
  const found: Entry[] = [];
  async function visit(dir: string, prefix: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (excluded(relative)) continue;
      const absolute = path.join(dir, entry.name);
      // Never followed: a link could point anywhere on this machine.
      if (entry.isDirectory()) await visit(absolute, relative);
      else if (entry.isFile() && travels(relative))
        found.push({ relative, absolute, stat: await fs.promises.lstat(absolute) });
    }
  }
  await visit(root, '');
  return found.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
}

/** Reads `length` bytes at `position` (short only at the end of the file). */
async function readAt(handle: fs.promises.FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}

async function hashFile(absolute: string, size: number): Promise<string[]> {
  const handle = await fs.promises.open(absolute, 'r');
  try {
    const chunks: string[] = [];
    for (let at = 0; at < size; at += PROFILE_BLOCK_BYTES) {
      chunks.push(chunkHash(await readAt(handle, at, Math.min(PROFILE_BLOCK_BYTES, size - at))));
    }
    return chunks;
  } finally {
    await handle.close();
  }
}

export interface ProfileSnapshot {
  manifest: ProfileManifest;
  /**
   * The raw bytes of a chunk of the manifest, read from the profile again and checked against
   * its hash: a profile that changed since the snapshot throws DATA_CORRUPTED rather than upload
   * something the manifest does not describe.
   */
  readChunk(hash: string): Promise<Buffer>;
}

/**
 * Walks the profile (what travels: profile-data.ts) and names each 64 KiB block of each file by its
 * SHA-256. A file of `previous` with the same path, size and modification time keeps its chunks
 * without being read (rsync's quick check; a stopped browser writes nothing).
 */
export async function snapshotProfile(
  profileDir: string,
  previous?: ProfileManifest,
): Promise<ProfileSnapshot> {
  const before = new Map((previous?.files ?? []).map((f) => [f.path, f]));
  const where = new Map<
    string,
    { absolute: string; relative: string; offset: number; length: number }
  >();
  const files: ProfileFile[] = [];
  for (const { relative, absolute, stat } of await walk(profileDir)) {
    // Rounded: a time written back through utimes (seconds as a double) reads back a hair under.
    const mtime = Math.round(stat.mtimeMs);
    const old = before.get(relative);
    const blocks = Math.ceil(stat.size / PROFILE_BLOCK_BYTES);
    const chunks =
      old && old.size === stat.size && old.mtime === mtime && old.chunks.length === blocks
        ? old.chunks
        : await hashFile(absolute, stat.size);
    chunks.forEach((hash, index) => {
      if (where.has(hash)) return;
      const offset = index * PROFILE_BLOCK_BYTES;
      where.set(hash, {
        absolute,
        relative,
        offset,
        length: Math.min(PROFILE_BLOCK_BYTES, stat.size - offset),
      });
    });
    files.push({ path: relative, size: stat.size, mode: stat.mode & 0o777, mtime, chunks });
  }
  return {
    manifest: { v: 1, files },
    async readChunk(hash) {
      const at = where.get(hash);
      if (!at) throw new Error(`chunk ${hash} is not in this snapshot`);
      const changed = () =>
        new DomainError('DATA_CORRUPTED', localApiMessages.profileChangedDuringUpload, {
          path: at.relative,
        });
      let raw: Buffer;
      try {
        const handle = await fs.promises.open(at.absolute, 'r');
        try {
          raw = await readAt(handle, at.offset, at.length);
        } finally {
          await handle.close();
        }
      } catch {
        throw changed();
      }
      if (chunkHash(raw) !== hash) throw changed();
      return raw;
    },
  };
}

/** `<parent>/<name>.<what>-<random>`: beside the profile, so that renames stay on one disk. */
const sibling = (profileDir: string, what: string) =>
  `${profileDir}.${what}-${randomBytes(6).toString('hex')}`;

/**
 * A restore that stopped between its two renames leaves the profile under `.previous-*`: put it
 * back. Half-written `.restore-*` folders of a stopped restore are removed.
 */
async function recover(profileDir: string): Promise<void> {
  const parent = path.dirname(profileDir);
  const base = path.basename(profileDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(parent);
  } catch {
    return;
  }
  const exists = fs.existsSync(profileDir);
  for (const name of names) {
    const full = path.join(parent, name);
    if (name.startsWith(`${base}.previous-`)) {
      if (!exists && !fs.existsSync(profileDir)) await fs.promises.rename(full, profileDir);
      else await fs.promises.rm(full, { recursive: true, force: true });
    } else if (name.startsWith(`${base}.restore-`)) {
      await fs.promises.rm(full, { recursive: true, force: true });
    }
  }
}

/**
 * Moves what of `from` does not travel but is this machine's (its caches, Preferences, Local
 * State…: profile-data.ts) to the same places under `to`; transient files stay behind.
 */
async function keepMachineFiles(from: string, to: string, prefix = ''): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(from, prefix), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const kind = excluded(relative);
    if (kind === 'transient') continue;
    if (kind === 'cache' || kind === 'machine') {
      const target = path.join(to, relative);
      if (fs.existsSync(target)) continue;
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.promises.rename(path.join(from, relative), target);
    } else if (entry.isDirectory()) {
      await keepMachineFiles(from, to, relative);
    }
  }
}

/**
 * The manifest with only the files that may be written (profile-data.ts `travels`): the same
 * filter as the upload's, applied to what comes from the cloud. What else a manifest names (a
 * `Preferences`, `Local State`, a component's download, a snapshot of an older version that
 * carried them) is left out, not refused.
 */
export function dataOnly(manifest: ProfileManifest): ProfileManifest {
  return { v: 1, files: manifest.files.filter((file) => travels(file.path)) };
}

/** How many chunks restore asks for ahead of the one it writes (downloads run in parallel). */
const PREFETCH = 8;

/**
 * Writes the profile data the manifest describes into `profileDir`, replacing the data there.
 * Only files on the data list are written (`dataOnly`); every chunk is checked against its hash
 * (a mismatch is DATA_CORRUPTED, -10) and every path must be a plain relative one that stays
 * inside the folder (else DATA_CORRUPTED, nothing written). The new profile is built in a sibling
 * folder and swapped in by two renames, so a failure leaves the old profile as it was. What of the
 * old profile is this machine's (caches, Preferences, Local State) is moved into the new one: the
 * GPU caches match its driver, and its preferences are its own, never another machine's.
 */
export async function restoreProfile(
  profileDir: string,
  manifest: ProfileManifest,
  getChunk: (hash: string) => Promise<Buffer>,
): Promise<void> {
  const checked = dataOnly(checkManifest(manifest));
  const target = path.resolve(profileDir);
  await recover(target);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temp = sibling(target, 'restore');
  await fs.promises.mkdir(temp, { mode: 0o700 });
  try {
    const jobs = checked.files.flatMap((file) => file.chunks.map((hash) => hash));
    const pending: Promise<Buffer>[] = [];
    let next = 0;
    const fetchAhead = () => {
      while (next < jobs.length && pending.length < PREFETCH) {
        const hash = jobs[next++]!;
        const fetched = getChunk(hash).then((raw) => {
          if (chunkHash(raw) !== hash) {
            throw new DomainError('DATA_CORRUPTED', localApiMessages.profileChunkCorrupt, { hash });
          }
          return raw;
        });
        // Handled when its turn comes; an early failure must not be an unhandled rejection.
        fetched.catch(() => undefined);
        pending.push(fetched);
      }
    };
    for (const file of checked.files) {
      const absolute = path.resolve(temp, ...file.path.split('/'));
      if (!absolute.startsWith(temp + path.sep)) {
        throw new DomainError('DATA_CORRUPTED', localApiMessages.profileUnsafePath, {
          path: file.path,
        });
      }
      await fs.promises.mkdir(path.dirname(absolute), { recursive: true, mode: 0o700 });
      // `wx`: nothing in the fresh folder is overwritten, and no link is followed.
      const handle = await fs.promises.open(absolute, 'wx', file.mode | 0o600);
      let written = 0;
      try {
        for (let index = 0; index < file.chunks.length; index += 1) {
          fetchAhead();
          const raw = await pending.shift()!;
          const expected = Math.min(PROFILE_BLOCK_BYTES, file.size - index * PROFILE_BLOCK_BYTES);
          if (raw.length !== expected) {
            throw new DomainError('DATA_CORRUPTED', localApiMessages.profileChunkCorrupt, {
              hash: file.chunks[index]!,
            });
          }
          await handle.write(raw, 0, raw.length, written);
          written += raw.length;
        }
      } finally {
        await handle.close();
      }
      await fs.promises.chmod(absolute, file.mode | 0o600);
      const time = new Date(file.mtime);
      await fs.promises.utimes(absolute, time, time);
    }
    const previous = sibling(target, 'previous');
    const hadProfile = fs.existsSync(target);
    if (hadProfile) {
      await keepMachineFiles(target, temp);
      await fs.promises.rename(target, previous);
    }
    await fs.promises.rename(temp, target);
    if (hadProfile) await fs.promises.rm(previous, { recursive: true, force: true });
  } catch (error) {
    await fs.promises.rm(temp, { recursive: true, force: true });
    throw error;
  }
}
