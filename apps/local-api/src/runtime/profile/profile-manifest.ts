/**
 * The list of files of a profile snapshot (runtime/profile/profile-snapshot.ts) and how its chunks travel:
 * the manifest's canonical JSON and hash, its validation before anything is written from it, and
 * the chunks' compression and naming.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { CHUNK_HASH, CHUNK_MAX_BYTES, localApiMessages } from '@hainiao/contract';
import { DomainError } from '../../model/errors.ts';

/** One file of the profile, relative to the profile folder, `/`-separated. */
export interface ProfileFile {
  path: string;
  size: number;
  /** Permission bits (mode & 0o777). */
  mode: number;
  /**
   * Modification time in whole milliseconds. Not in the brief's shape: it lets the next snapshot
   * skip re-hashing a file whose size and time did not change (restore writes it back too).
   */
  mtime: number;
  /** SHA-256 (hex) of each 64 KiB block of the file, in order; [] for an empty file. */
  chunks: string[];
}

export interface ProfileManifest {
  v: 1;
  files: ProfileFile[];
}

/**
 * Fixed-size blocks of 64 KiB per file. Chromium's profile is SQLite (History, Cookies, Login
 * Data, Web Data: 4 KiB pages rewritten in place, so a changed row changes the blocks holding its
 * pages, never shifts the rest) and LevelDB (Local Storage, IndexedDB: appends to a .log and
 * immutable .ldb tables, so only the tail block and new files change). Content-defined chunking
 * only pays off for insertions that shift bytes, which neither format does; fixed blocks are
 * simpler, need no dependency and hash at disk speed. 64 KiB keeps a small change small (a few
 * blocks) while a 50 MB profile stays under 1,000 chunks (one `chunkmissing` call).
 */
export const PROFILE_BLOCK_BYTES = 64 * 1024;

/** SHA-256 hex of a chunk's raw bytes: its name. */
export const chunkHash = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

const sortByPath = (a: ProfileFile, b: ProfileFile) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/** The manifest's one JSON spelling: files by path (code units), keys in a fixed order. */
export function canonicalManifest(manifest: ProfileManifest): string {
  const files = [...manifest.files].sort(sortByPath).map((f) => ({
    path: f.path,
    size: f.size,
    mode: f.mode,
    mtime: f.mtime,
    chunks: f.chunks,
  }));
  return JSON.stringify({ v: 1, files });
}

/** SHA-256 hex of the canonical JSON: what the environment's record names the snapshot by. */
export const manifestHash = (manifest: ProfileManifest): string =>
  createHash('sha256').update(canonicalManifest(manifest)).digest('hex');

const invalid = (reason: string) =>
  new DomainError('DATA_CORRUPTED', localApiMessages.profileManifestInvalid, { reason });

/** Why a manifest path may not be written, or undefined when it is a plain relative path. */
export function unsafePathReason(relative: string): string | undefined {
  if (relative.length === 0 || relative.length > 1024) return 'length';
  if (relative.includes('\0') || relative.includes('\\')) return 'character';
  if (relative.startsWith('/') || /^[A-Za-z]:/.test(relative)) return 'absolute';
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'segment';
  return undefined;
}

const isCount = (n: unknown, max: number): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= max;

/**
 * The manifest as a value that may be written: the right shape, every size matching its chunk
 * count, no path twice and no path inside another file. An unsafe path throws
 * profileUnsafePath, anything else profileManifestInvalid (both DATA_CORRUPTED, -10).
 */
export function checkManifest(value: unknown): ProfileManifest {
  const m = value as Partial<ProfileManifest> | null;
  if (!m || typeof m !== 'object' || m.v !== 1 || !Array.isArray(m.files)) throw invalid('shape');
  const paths = new Set<string>();
  for (const f of m.files as Partial<ProfileFile>[]) {
    if (!f || typeof f.path !== 'string') throw invalid('path');
    if (unsafePathReason(f.path)) {
      throw new DomainError('DATA_CORRUPTED', localApiMessages.profileUnsafePath, {
        path: JSON.stringify(f.path).slice(1, -1).slice(0, 200),
      });
    }
    if (!isCount(f.size, Number.MAX_SAFE_INTEGER) || !isCount(f.mode, 0o777)) {
      throw invalid(`size or mode of ${f.path}`);
    }
    if (!isCount(f.mtime, Number.MAX_SAFE_INTEGER)) throw invalid(`time of ${f.path}`);
    if (!Array.isArray(f.chunks) || !f.chunks.every((h) => CHUNK_HASH.test(String(h)))) {
      throw invalid(`chunks of ${f.path}`);
    }
    if (f.chunks.length !== Math.ceil(f.size / PROFILE_BLOCK_BYTES)) {
      throw invalid(`chunk count of ${f.path}`);
    }
    if (paths.has(f.path)) throw invalid(`${f.path} twice`);
    paths.add(f.path);
  }
  // A file cannot also be a folder of another file ("a" and "a/b").
  for (const p of paths) {
    for (let at = p.indexOf('/'); at > 0; at = p.indexOf('/', at + 1)) {
      if (paths.has(p.slice(0, at))) throw invalid(`${p.slice(0, at)} is a file and a folder`);
    }
  }
  return m as ProfileManifest;
}

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

/**
 * Chunks travel brotli-compressed (Node's zlib; zstd needs Node ≥ 22.15). At quality 5 brotli
 * packs SQLite pages and LevelDB blocks about 10–20 % smaller than deflate at a similar speed,
 * and decompresses as fast; higher qualities cost several times the CPU for a few percent.
 */
export function compressChunk(raw: Buffer): Promise<Buffer> {
  return brotli(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/** The raw chunk; more than `maxBytes` of output (a decompression bomb) throws. */
export function decompressChunk(compressed: Buffer, maxBytes = CHUNK_MAX_BYTES): Promise<Buffer> {
  return unbrotli(compressed, { maxOutputLength: maxBytes });
}
