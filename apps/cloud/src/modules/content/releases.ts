/**
 * The cloud's release store: the folder (`<DATA_DIR>/releases/`) that `GET /downloads/<file>`
 * serves. The releases themselves (the version, the cores, the history and their demo files) are
 * `@hainiao/content`'s; the seed writes their files here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Releases } from '@hainiao/content';

/** File names the store serves: no folders, no dot files. */
export const RELEASE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/** Writes the release files that are missing; an operator's files of the same name are kept. */
export function writeReleaseFiles(dir: string, files: Releases['files']): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const { file, bytes } of files) {
    const target = path.join(dir, file);
    if (!fs.existsSync(target)) fs.writeFileSync(target, bytes);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.7z': 'application/x-7z-compressed',
};

export function releaseContentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
