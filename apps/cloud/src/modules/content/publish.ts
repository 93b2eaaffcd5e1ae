/**
 * Publishing a client version into the cloud's release store (a folder or the S3 bucket): its
 * programs first, streamed in and hashed on the way, then the index `releases.json` that names
 * them (contract releases.ts). `npm run package` publishes what it builds; the cloud lists only
 * what the index names.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import {
  clientFileName,
  compareVersions,
  RELEASE_INDEX_FILE,
  releaseIndex,
  releaseManifest,
  type ClientSystem,
  type ReleaseIndex,
  type ReleaseManifest,
} from '@hainiao/contract';
import type { FileStore } from '../../storage/files.ts';

export interface PublishedFile {
  system: ClientSystem;
  /** The built program on disk. */
  path: string;
}

export interface Release {
  version: string;
  /** YYYY-MM-DD; today (UTC) by default. */
  date?: string;
  files: PublishedFile[];
}

/** Reads the store's index; none yet is an empty one, a damaged one is an error. */
export async function readReleaseIndex(store: FileStore): Promise<ReleaseIndex> {
  const stream = await store.read(RELEASE_INDEX_FILE);
  if (!stream) return { releases: [] };
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return releaseIndex.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
}

/**
 * Copies the programs into the store and names them in the index, replacing an earlier publish of
 * the same version. Each program is hashed while it streams, so the checksum is that of the bytes
 * stored. A failure leaves the index as it was (a partly copied program is discarded).
 */
export async function publishRelease(store: FileStore, release: Release): Promise<ReleaseManifest> {
  const files: ReleaseManifest['files'] = [];
  for (const { system, path } of release.files) {
    const file = clientFileName(release.version, system);
    const hash = createHash('sha256');
    const received = await store.receive(
      file,
      (async function* () {
        for await (const chunk of fs.createReadStream(path)) {
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
      })(),
    );
    await received.commit();
    files.push({ file, system, size: received.size, sha256: hash.digest('hex') });
  }
  const manifest = releaseManifest.parse({
    version: release.version,
    date: release.date ?? new Date().toISOString().slice(0, 10),
    files,
  });
  const index = await readReleaseIndex(store);
  const releases = [...index.releases.filter((r) => r.version !== manifest.version), manifest];
  releases.sort((a, b) => compareVersions(b.version, a.version));
  // `put` replaces the index at once: a reader sees the old one or the new one.
  await store.put(RELEASE_INDEX_FILE, Buffer.from(`${JSON.stringify({ releases }, null, 2)}\n`));
  return manifest;
}
