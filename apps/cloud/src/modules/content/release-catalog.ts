/**
 * The published client versions, read from the release store's index (publish.ts). Only files the
 * store holds are listed: a version whose program went missing is left out whole, never offered as
 * a dead link. A damaged index lists nothing and is logged, once per change, not per request.
 */
import { compareVersions, type ReleaseManifest } from '@hainiao/contract';
import type { FileStore } from '../../storage/files.ts';
import { readReleaseIndex } from './publish.ts';

export interface ReleaseCatalog {
  /** Published versions whose files are all in the store, newest first. */
  releases(): Promise<ReleaseManifest[]>;
}

export interface ReleaseCatalogOptions {
  /**
   * How long an answer is reused. A folder is read on every call (a small file and a stat per
   * program); a bucket costs a request each, so the cloud keeps its answer a few seconds.
   */
  cacheMs?: number;
  warn?: (message: string) => void;
}

export function releaseCatalog(
  store: FileStore | undefined,
  options: ReleaseCatalogOptions = {},
): ReleaseCatalog {
  const cacheMs = options.cacheMs ?? 0;
  let cached: { at: number; releases: Promise<ReleaseManifest[]> } | undefined;
  let lastWarning = '';

  async function load(): Promise<ReleaseManifest[]> {
    if (!store) return [];
    try {
      const index = await readReleaseIndex(store);
      const present = await Promise.all(
        index.releases.map(async (release) =>
          (await Promise.all(release.files.map((f) => store.has(f.file)))).every(Boolean),
        ),
      );
      lastWarning = '';
      return index.releases
        .filter((_, i) => present[i])
        .sort((a, b) => compareVersions(b.version, a.version));
    } catch (error) {
      const message = `release index unreadable, no client is offered: ${(error as Error).message}`;
      if (message !== lastWarning) options.warn?.(message);
      lastWarning = message;
      return [];
    }
  }

  return {
    releases() {
      const now = Date.now();
      if (!cached || now - cached.at >= cacheMs) cached = { at: now, releases: load() };
      return cached.releases;
    },
  };
}
