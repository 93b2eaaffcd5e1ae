/**
 * The cloud's release store, which `GET /downloads/<file>` serves: the folder
 * `<DATA_DIR>/releases/`, or `releases/` of the S3 bucket (storage/stores.ts). The releases
 * themselves (the version, the cores, the history and their demo files) are `@hainiao/content`'s;
 * the seed writes their files here.
 */
import path from 'node:path';
import type { Releases } from '@hainiao/content';
import type { FileStore } from '../../storage/files.ts';

/** File names the store serves: no folders, no dot files. */
export const RELEASE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/** Writes the release files that are missing; an operator's files of the same name are kept. */
export async function writeReleaseFiles(store: FileStore, files: Releases['files']): Promise<void> {
  for (const { file, bytes } of files) {
    if (!(await store.has(file))) await store.put(file, Buffer.from(bytes));
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
