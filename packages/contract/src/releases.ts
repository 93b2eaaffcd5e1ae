/**
 * The client programs the cloud distributes (`npm run package` builds them, docs/packaging.md):
 * how their files are named in the cloud's release store, and the index that publishes them there.
 * The cloud's `version` call, core list and version history are read from that index, so the site
 * lists only files that exist, with their size and SHA-256.
 */
import { z } from 'zod';

/** The systems a client program is built for, in the order the download page offers them. */
export const CLIENT_SYSTEMS = ['windows-x64', 'linux-x64'] as const;
export type ClientSystem = (typeof CLIENT_SYSTEMS)[number];

/** A client version: three numbers, as in the programs' package.json. */
export const CLIENT_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/** `hainiao-0.2.0-windows-x64.exe`, `hainiao-0.2.0-linux-x64`. */
export function clientFileName(version: string, system: ClientSystem): string {
  return `hainiao-${version}-${system}${system.startsWith('windows') ? '.exe' : ''}`;
}

/**
 * The release store's index, `releases.json`: every published version with its files. Publishing
 * (`npm run package`) writes the files first and the index last, so the index never names a file
 * the store lacks.
 */
export const RELEASE_INDEX_FILE = 'releases.json';

/** The systems a program runs on (the download page's compatible-OS column): Node.js 22's. */
export const CLIENT_SYSTEM_OS: Record<ClientSystem, readonly string[]> = {
  'windows-x64': ['Windows 10', 'Windows 11'],
  'linux-x64': ['Linux x64 (glibc 2.28+)'],
};

export const releaseFile = z.strictObject({
  file: z.string().regex(/^hainiao-[A-Za-z0-9._-]{1,120}$/),
  system: z.enum(CLIENT_SYSTEMS),
  /** Bytes. */
  size: z.number().int().positive(),
  /** Lowercase hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ReleaseFile = z.infer<typeof releaseFile>;

export const releaseManifest = z
  .strictObject({
    version: z.string().regex(CLIENT_VERSION_PATTERN),
    /** Build day, YYYY-MM-DD (UTC). */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    files: z.array(releaseFile).min(1).max(CLIENT_SYSTEMS.length),
  })
  .refine(
    (manifest) =>
      manifest.files.every((f) => f.file === clientFileName(manifest.version, f.system)) &&
      new Set(manifest.files.map((f) => f.system)).size === manifest.files.length,
    { message: 'each file is named for its version and system, one per system' },
  );
export type ReleaseManifest = z.infer<typeof releaseManifest>;

export const releaseIndex = z.strictObject({
  /** Newest first. */
  releases: z.array(releaseManifest).max(500),
});
export type ReleaseIndex = z.infer<typeof releaseIndex>;

/** Orders two client versions: negative when `a` is older than `b`. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
