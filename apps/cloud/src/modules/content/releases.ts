/**
 * The cloud's release store, which `GET /downloads/<file>` serves: the folder
 * `<DATA_DIR>/releases/`, or `releases/` of the S3 bucket (storage/stores.ts). `npm run package`
 * publishes the client programs there (publish.ts); the site lists what its index names
 * (release-catalog.ts).
 */
import path from 'node:path';

/** File names the store serves: no folders, no dot files. */
export const RELEASE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

const CONTENT_TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.7z': 'application/x-7z-compressed',
};

export function releaseContentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
