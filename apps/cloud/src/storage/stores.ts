import path from 'node:path';
import type { CloudConfig } from '../config.ts';
import { diskStore, type FileStore } from './files.ts';
import { s3Client, s3Store } from './s3.ts';

/** The cloud's two file stores and what releases their connections. */
export interface CloudStores {
  /** Ticket attachments. */
  files: FileStore;
  /** Release files served under /downloads/. */
  releases: FileStore;
  close(): void;
}

/**
 * Folders under DATA_DIR (`files/`, `releases/`), or with `S3_BUCKET` prefixes of one bucket
 * (`attachments/`, `releases/`, and `tmp/` for uploads in progress), which every instance shares.
 */
export function openStores(config: Pick<CloudConfig, 'dataDir' | 's3'>): CloudStores {
  if (!config.s3) {
    return {
      files: diskStore(path.join(config.dataDir, 'files')),
      releases: diskStore(path.join(config.dataDir, 'releases')),
      close() {},
    };
  }
  const client = s3Client(config.s3);
  return {
    files: s3Store(client, config.s3.bucket, 'attachments/'),
    releases: s3Store(client, config.s3.bucket, 'releases/'),
    close: () => client.destroy(),
  };
}
