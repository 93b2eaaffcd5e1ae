import type { Generated } from 'kysely';
import type { IsoTime } from '../accounts/tables.ts';

/** An API credential (app_id, app_key). The key is stored encrypted: the console reveals it. */
export interface CredentialTable {
  id: Generated<number>;
  account_id: number;
  app_id: string;
  /** AES-256-GCM of the app_key under the cloud's secret (security/secret.ts). */
  app_key_enc: string;
  begin_time: IsoTime;
  expire_time: IsoTime;
  /**
   * The environment manager's address the last local service logged in with this credential
   * reported (`http://HOST:PORT/` on loopback, contract managerAddress), and when; null before.
   */
  manager_url: string | null;
  manager_reported_at: IsoTime | null;
}

/** The device lease of a credential: at most one per credential (the primary key). */
export interface LeaseTable {
  credential_id: number;
  device: string;
  token_hash: string;
  acquired_at: IsoTime;
  heartbeat_at: IsoTime;
  /** The usage-log row this lease belongs to, closed when the lease ends. */
  log_id: number;
  /**
   * The account that logged in: the credential's owner, or a sub-account of the owner's team
   * (it logs in with one of its main account's credentials).
   */
  account_id: number;
}

/** One row per login attempt of the local API. */
export interface ApiLogTable {
  id: Generated<number>;
  app_id: string;
  /** The account that owns the credential. */
  uid: number;
  /** '1' success, otherwise failed ('0'). */
  status: string;
  device: string;
  start_time: IsoTime;
  end_time: IsoTime | null;
}

export interface CredentialTables {
  credential: CredentialTable;
  lease: LeaseTable;
  api_log: ApiLogTable;
}
