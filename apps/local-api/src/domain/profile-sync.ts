/**
 * Profiles travel (issue 13, "Profiles travel too, when asked"): at stop the environment's
 * profile is snapshotted and only the chunks the account's cloud store lacks are sent; at start
 * on another machine the snapshot is restored, fetching only the chunks the local profile does
 * not already hold. The environment's record (the lead's sync) carries the manifest and its hash.
 */
import { CloudCodes, localApiMessages, MainCodes } from '@hainiao/contract';
import { CloudCallError } from '../cloud/client.ts';
import type { ChunkClient } from '../cloud/chunks.ts';
import { DomainError } from '../model/errors.ts';
import {
  checkManifest,
  compressChunk,
  dataOnly,
  decompressChunk,
  manifestHash,
  restoreProfile,
  snapshotProfile,
  type ProfileManifest,
} from '../runtime/profile/profile-snapshot.ts';

/** Chunks in flight at once: the cloud answers a call in a few ms, the network adds its round trip. */
const PARALLEL = 8;
/** Tries of one chunk when the cloud timed out, could not be reached or answered 5xx. */
const TRIES = 3;

export interface ProfileUpload {
  manifest: ProfileManifest;
  /** manifestHash(manifest): what the environment's record names the snapshot by. */
  hash: string;
  /** Compressed bytes sent. */
  bytesSent: number;
  chunksSent: number;
}

/** A cloud failure as the service's code: -9 when the cloud cannot be reached in time. */
function domainError(error: unknown, hash?: string): unknown {
  if (!(error instanceof CloudCallError)) return error;
  if (error.kind === 'timeout' || error.kind === 'unreachable') {
    return new DomainError('SYNC_TIMEOUT');
  }
  if (error.kind === 'answer' && error.code === CloudCodes.code.NOT_FOUND && hash) {
    return new DomainError('DATA_CORRUPTED', localApiMessages.profileChunkMissing, { hash });
  }
  const main = error.code === undefined ? undefined : MainCodes.get(error.code);
  if (main && main.code !== 0) return new DomainError(main.name);
  return new DomainError('UNKNOWN_EXCEPTION', { en: error.message, zh: error.message });
}

const transient = (error: unknown) =>
  error instanceof CloudCallError &&
  (error.kind === 'timeout' || error.kind === 'unreachable' || error.kind === 'http');

async function withTries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= TRIES || !transient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Runs `work` over `items`, at most PARALLEL at a time; the first failure ends the run. */
async function eachParallel<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/**
 * Snapshots a stopped environment's profile and sends the chunks the account's store lacks.
 * `previous` (the manifest of the last upload or restore) spares re-hashing unchanged files.
 * Failures: SYNC_TIMEOUT (-9) when the cloud cannot be reached in time, DATA_CORRUPTED (-10)
 * when the profile changed while it was read or the cloud found a chunk damaged.
 */
export async function uploadProfile(
  chunks: ChunkClient,
  profileDir: string,
  previous?: ProfileManifest,
): Promise<ProfileUpload> {
  const { manifest, readChunk } = await snapshotProfile(profileDir, previous);
  const all = [...new Set(manifest.files.flatMap((f) => f.chunks))];
  let bytesSent = 0;
  let chunksSent = 0;
  try {
    const missing = await withTries(() => chunks.missing(all));
    await eachParallel(missing, async (hash) => {
      const packed = await compressChunk(await readChunk(hash));
      await withTries(() => chunks.put(hash, packed));
      bytesSent += packed.length;
      chunksSent += 1;
    });
  } catch (error) {
    throw domainError(error);
  }
  return { manifest, hash: manifestHash(manifest), bytesSent, chunksSent };
}

/**
 * Restores `manifest` into `profileDir` (see restoreProfile: only the profile's data, checked
 * chunks, safe paths, swapped in whole). Chunks the profile already holds are read from it; the others are fetched from the
 * cloud, through environment `envId` (shared and team environments), a few ahead of the writes.
 * One restore per profile at a time (the start queue of an environment sees to it).
 */
export async function downloadProfile(
  chunks: ChunkClient,
  envId: string,
  manifest: ProfileManifest,
  profileDir: string,
  /** The manifest this machine last uploaded or restored here: spares re-hashing its files. */
  localPrevious?: ProfileManifest,
): Promise<{ bytesReceived: number }> {
  // Chunks of files restore would leave out are never fetched.
  const wanted = dataOnly(checkManifest(manifest));
  const local = await snapshotProfile(profileDir, localPrevious);
  const here = new Set(local.manifest.files.flatMap((f) => f.chunks));
  // A chunk used several times is fetched once and kept until its last use.
  const uses = new Map<string, number>();
  for (const hash of wanted.files.flatMap((f) => f.chunks)) {
    uses.set(hash, (uses.get(hash) ?? 0) + 1);
  }
  const kept = new Map<string, Promise<Buffer>>();
  let bytesReceived = 0;

  const fetchRemote = async (hash: string) => {
    let packed: Buffer;
    try {
      packed = await withTries(() => chunks.get(hash, envId));
    } catch (error) {
      throw domainError(error, hash);
    }
    bytesReceived += packed.length;
    try {
      return await decompressChunk(packed);
    } catch {
      throw new DomainError('DATA_CORRUPTED', localApiMessages.profileChunkCorrupt, { hash });
    }
  };
  const fetchOne = async (hash: string) => {
    if (here.has(hash)) {
      // A local file that changed since it was hashed is no source: fetch the chunk instead.
      try {
        return await local.readChunk(hash);
      } catch {
        here.delete(hash);
      }
    }
    return fetchRemote(hash);
  };

  await restoreProfile(profileDir, wanted, (hash) => {
    let pending = kept.get(hash);
    if (!pending) {
      pending = fetchOne(hash);
      kept.set(hash, pending);
    }
    const left = (uses.get(hash) ?? 1) - 1;
    uses.set(hash, left);
    if (left <= 0) kept.delete(hash);
    return pending;
  });
  return { bytesReceived };
}
