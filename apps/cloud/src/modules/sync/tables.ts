import type { IsoTime } from '../accounts/tables.ts';

/** The last change sequence given out (one row, id 1). */
export interface SyncCounterTable {
  id: number;
  value: number | string;
}

/** Each environment's latest snapshot in the cloud. */
export interface SyncEnvTable {
  env_id: string;
  owner_id: number;
  version: number;
  /** SHA-256 of `body` (the empty string's for a deletion). */
  hash: string;
  /** The snapshot JSON; null once deleted (the row stays as a tombstone pulls can see). */
  body: string | null;
  deleted: number;
  /** Change sequence of the last push or visibility change: pulls ask for seq > cursor. */
  seq: number | string;
  updated_at: IsoTime;
  updated_device: string;
}

export interface SyncShareTable {
  env_id: string;
  account_id: number;
  created_at: IsoTime;
}

/** An environment an account no longer sees, told to its next pull. */
export interface SyncRevokeTable {
  account_id: number;
  env_id: string;
  seq: number | string;
}

/** The run lease of an environment (in the database when the cloud has no Redis). */
export interface SyncEnvLeaseTable {
  env_id: string;
  account_id: number;
  device: string;
  state: string;
  expires_at: IsoTime;
}

export interface SyncTables {
  sync_counter: SyncCounterTable;
  sync_env: SyncEnvTable;
  sync_share: SyncShareTable;
  sync_revoke: SyncRevokeTable;
  sync_env_lease: SyncEnvLeaseTable;
}
