import type { Generated } from 'kysely';

/** Times are ISO 8601 UTC strings (`2026-11-21T23:40:55.123Z`): portable and sortable as text. */
export type IsoTime = string;

export interface AccountTable {
  id: Generated<number>;
  /** The `Account` name, unique. */
  account: string;
  email: string;
  /** scrypt$N$r$p$salt$hash (see security/password.ts). */
  password_hash: string;
  /** 0 main account, 1 sub-account of a team's main account. */
  type: number;
  /** The main account of the team this account belongs to; null for an account without a team. */
  team_id: number | null;
  /** 1 when this main account runs a team (has sub-accounts). */
  is_team: number;
  /** Staff work the ticket queue (docs/architecture.md, "Tickets"). */
  role: 'user' | 'staff';
  created_at: IsoTime;
  /** End of the account's package; past it the local API answers -3 and credentials expire. */
  expire_at: IsoTime;
  /**
   * When the team's main account removed this sub-account (modules/team): it can no longer sign
   * in or log in a local API. Null for every account in use.
   */
  removed_at: IsoTime | null;
}

/** Client tokens (one-time, minutes) and session tokens (long-lived); only hashes are stored. */
export interface AuthTokenTable {
  id: Generated<number>;
  account_id: number;
  kind: 'client' | 'session';
  token_hash: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  /** When a client token was exchanged; it cannot be used twice. */
  used_at: IsoTime | null;
  revoked_at: IsoTime | null;
  /**
   * SHA-256 of the nonce a client token of the site's own sign-in is bound to (the signing-in tab
   * keeps the nonce in sessionStorage); /status exchanges such a token only with the nonce. Null
   * for unbound tokens (the desktop client's and the operators' links) and session tokens.
   */
  nonce_hash: string | null;
}

/**
 * Password-reset tokens (forgot password): at most one per account, a new request replaces it;
 * stored only as the SHA-256 of the mailed token.
 */
export interface PasswordResetTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  /** When the token set a new password; it cannot be used twice. */
  used_at: IsoTime | null;
}

export interface AccountTables {
  account: AccountTable;
  auth_token: AuthTokenTable;
  password_reset: PasswordResetTable;
}
