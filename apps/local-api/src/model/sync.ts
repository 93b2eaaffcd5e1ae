/** Environment sync as the service sees the cloud's answers (cloud/client.ts maps them). */

/** How the account sees an environment: its own, its team's (main account), or shared with it. */
export type SyncAccess = 'owner' | 'team' | 'shared';

export interface CloudEnvChange {
  envId: string;
  /** The owner's account name. */
  owner: string;
  version: number;
  /** SHA-256 of `body`. */
  hash: string;
  deleted: boolean;
  /** The snapshot JSON; null for a deletion. */
  body: string | null;
  access: SyncAccess;
  /** Accounts it is shared with (known to the owner and the team's main account). */
  shares: string[];
}

export interface CloudPull {
  changes: CloudEnvChange[];
  /** Environments the account no longer sees. */
  revoked: string[];
  cursor: number;
  more: boolean;
}

/** The cloud's version of an environment (push and run-lease answers). */
export interface CloudVersion {
  version: number;
  hash: string;
}

/**
 * An environment as it travels (the body of a push, hashed with SHA-256): everything but the
 * browser cache. `usage` holds what using the environment changes — the only part an account it
 * is shared with may write back (the cloud enforces this).
 */
export interface EnvSnapshot {
  v: 1;
  env: {
    name: string;
    description: string;
    group: string;
    system: string;
    userAgent: string;
    proxyType: string;
    proxyIp: string;
    createdAt: number;
  };
  /** The settings JSON as the store keeps it (model/settings.ts names). */
  settings: Record<string, unknown>;
  startPages: { url: string; flag: number }[];
  plugins: { pluginId: string; name: string; version: string }[];
  scripts: { scriptId: string; name: string; version: string; active: boolean; source: string }[];
  usage: {
    cookies: unknown[];
    /**
     * The generated fingerprint (runtime/fingerprint/fingerprint.ts), null until the first start: whoever
     * starts the environment first makes it, a receiver too, and it stays the same after.
     */
    fingerprint: string | null;
    updatedAt: number;
    /** The profile folder's snapshot (runtime/profile/profile-snapshot.ts), when it travels. */
    profile: { hash: string; manifest: unknown } | null;
  };
}
