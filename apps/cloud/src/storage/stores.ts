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
  /**
   * Profile chunks (modules/chunks), one store per first two hex digits of their hash: the
   * objects are `chunks/<2 hex>/<hash>` (a folder per shard under DATA_DIR, or prefixes of the
   * bucket).
   */
  chunks: (shard: string) => FileStore;
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
      chunks: (shard) => diskStore(path.join(config.dataDir, 'chunks', shard)),
      close() {},
    };
  }
  const client = s3Client(config.s3);
  const bucket = config.s3.bucket;
  return {
    files: s3Store(client, config.s3.bucket, 'attachments/'),
    releases: s3Store(client, config.s3.bucket, 'releases/'),
    chunks: (shard) => s3Store(client, bucket, `chunks/${shard}/`),
    close: () => client.destroy(),
  };
}
