import type { IsoTime } from '../accounts/tables.ts';

/** A stored chunk, once for every account that sent it (storage dedupes across accounts). */
export interface ChunkTable {
  /** SHA-256 hex of the raw bytes: the object's name, `chunks/<first 2 hex>/<hash>`. */
  hash: string;
  /** Raw bytes. */
  size: number;
  /** Bytes as stored (brotli-compressed, as sent). */
  stored_size: number;
  /**
   * When it was put, or last sent again or named by a push (at most hourly): the sweep removes a
   * chunk nothing names once this is older than the grace period.
   */
  created_at: IsoTime;
}

/**
 * Which account sent which chunk: an account reads and asks about only its own rows, so nobody
 * learns by hash whether another account holds some data.
 */
export interface AccountChunkTable {
  account_id: number;
  hash: string;
}

export interface ChunkTables {
  chunk: ChunkTable;
  account_chunk: AccountChunkTable;
}
