import {
  API_LOG_PAGE_SIZE,
  CREDENTIALS_PER_NON_TEAM_ACCOUNT,
  CredentialStatus,
  LEASE_HEARTBEAT_INTERVAL_MS,
  LEASE_TIMEOUT_MS,
  managerAddress,
  siteMessages,
  type Localized,
} from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import { prepared, type Param } from '../../db/prepared.ts';
import {
  APILOGIN_FAILURES_PER_ACCOUNT,
  type AccountLimiter,
} from '../../security/account-limit.ts';
import {
  isLegacySealed,
  openSecret,
  sealSecret,
  secretsEqual,
  type CloudKeys,
} from '../../security/secret.ts';
import { hashToken, newAppId, newAppKey, newToken } from '../../security/tokens.ts';
import type { Account, AccountService, Clock } from '../accounts/service.ts';
import { CloudFailure, MainCodeFailure } from '../domain-errors.ts';
import { DEFAULT_MANAGER_URL, managerFor } from './manager-address.ts';

const iso = (date: Date) => date.toISOString();

export interface CredentialRow {
  id: number;
  app_id: string;
  status: number;
  begin_time: string;
  expire_time: string;
  manager_url: string;
  manager_reported_at: string | null;
}

/** A live device lease, as the `lease` auth of a call establishes it (http/route.ts). */
export interface Lease {
  credentialId: number;
  device: string;
  /** The lease token's hash: the lease a later login takes over is no longer this one. */
  tokenHash: string;
  /**
   * The account that logged in (the credential's owner, or a sub-account of the owner's team) and
   * its team (null outside a team).
   */
  accountId: number;
  teamId: number | null;
}

export interface LogQuery {
  start_time?: string | undefined;
  end_time?: string | undefined;
  page?: number | undefined;
  /** Minutes east of UTC of the reader; the date bounds are days in that zone. */
  utc_offset?: number | undefined;
}

/** The UTC instant at which day `date` (YYYY-MM-DD) starts for a reader at `offset` minutes. */
function dayStart(date: string, offset: number, plusDays = 0): string {
  const utc = Date.parse(`${date}T00:00:00Z`) + plusDays * 86_400_000 - offset * 60_000;
  return new Date(utc).toISOString();
}

export function credentialService(
  { db }: CloudDatabase,
  accounts: AccountService,
  keys: CloudKeys,
  clock: Clock = () => new Date(),
  /** Per-account limit of failed API logins; none for the operators' command. */
  limiter?: AccountLimiter,
  /** `MANAGER_URL`: the manager's address the console shows before any service reported one. */
  managerUrl: string = DEFAULT_MANAGER_URL,
) {
  const now = () => iso(clock());
  const staleBefore = () => iso(new Date(clock().getTime() - LEASE_TIMEOUT_MS));

  /** The account's credentials, with the device of each one's lease (if any) and its heartbeat. */
  const credentialsOf = prepared(db, (param: Param<{ accountId: number }>) =>
    db
      .selectFrom('credential')
      .leftJoin('lease', 'lease.credential_id', 'credential.id')
      .select([
        'credential.id',
        'credential.app_id',
        'credential.begin_time',
        'credential.expire_time',
        'credential.manager_url',
        'credential.manager_reported_at',
        'lease.device',
        'lease.heartbeat_at',
      ])
      .where('credential.account_id', '=', param('accountId'))
      .orderBy('credential.id'),
  );

  /** The live lease of a token: every call of the local API to the cloud asks this first. */
  const liveLease = prepared(db, (param: Param<{ hash: string; staleBefore: string }>) =>
    db
      .selectFrom('lease')
      // The account that logged in (a sub-account logs in with its main's credential).
      .innerJoin('account', 'account.id', 'lease.account_id')
      .select([
        'lease.credential_id',
        'lease.device',
        'lease.token_hash',
        'account.id as account_id',
        'account.team_id',
      ])
      .where('lease.token_hash', '=', param('hash'))
      .where('lease.heartbeat_at', '>=', param('staleBefore'))
      .where('account.removed_at', 'is', null),
  );

  /** Ends every lease whose device went silent: its log closes when the lease timed out. */
  async function sweepLeases(): Promise<void> {
    const stale = await db
      .selectFrom('lease')
      .selectAll()
      .where('heartbeat_at', '<', staleBefore())
      .execute();
    for (const lease of stale) {
      await endLease(
        lease.credential_id,
        iso(new Date(Date.parse(lease.heartbeat_at) + LEASE_TIMEOUT_MS)),
      );
    }
  }

  async function endLease(credentialId: number, endTime: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const lease = await trx
        .deleteFrom('lease')
        .where('credential_id', '=', credentialId)
        .returning('log_id')
        .executeTakeFirst();
      if (lease) {
        await trx
          .updateTable('api_log')
          .set({ end_time: endTime })
          .where('id', '=', lease.log_id)
          .where('end_time', 'is', null)
          .execute();
      }
    });
  }

  /** The caller's own credential with this app_id: every console action goes through here. */
  async function ownCredential(account: Account, appId: string) {
    const row = await db
      .selectFrom('credential')
      .selectAll()
      .where('app_id', '=', appId)
      .where('account_id', '=', account.id)
      .executeTakeFirst();
    if (!row) throw new CloudFailure('NOT_FOUND', siteMessages.console.credentialNotFound);
    return row;
  }

  async function quota(account: Account): Promise<number> {
    if (account.type === 1) {
      throw new CloudFailure('FORBIDDEN', siteMessages.console.subAccountCannotApply);
    }
    return account.is_team ? accounts.teamSize(account.id) : CREDENTIALS_PER_NON_TEAM_ACCOUNT;
  }

  return {
    sweepLeases,

    /**
     * Seals again, under the derived encryption key, every API key still sealed under the master
     * secret (stored before the keys were split). Run at start; `openSecret` reads both meanwhile.
     */
    async resealLegacyKeys(): Promise<number> {
      const rows = await db
        .selectFrom('credential')
        .select(['id', 'app_key_enc'])
        .where('app_key_enc', 'not like', 'v2.%')
        .execute();
      let resealed = 0;
      for (const row of rows) {
        if (!isLegacySealed(row.app_key_enc)) continue;
        let plain: string;
        try {
          plain = openSecret(keys, row.app_key_enc);
        } catch {
          continue; // Not readable with this secret: left as it is.
        }
        const done = await db
          .updateTable('credential')
          .set({ app_key_enc: sealSecret(keys, plain) })
          .where('id', '=', row.id)
          // A reset in between wrote a new key: keep that one.
          .where('app_key_enc', '=', row.app_key_enc)
          .executeTakeFirst();
        resealed += Number(done.numUpdatedRows);
      }
      return resealed;
    },

    async list(account: Account): Promise<CredentialRow[]> {
      // No sweep here (the console lists often): a lease whose heartbeat is older than the
      // timeout reads as offline, as it would once swept.
      const rows = await credentialsOf({ accountId: account.id });
      const current = now();
      const stale = staleBefore();
      return rows.map((row) => ({
        id: row.id,
        app_id: row.app_id,
        status:
          row.expire_time <= current
            ? CredentialStatus.EXPIRED
            : row.device && row.heartbeat_at && row.heartbeat_at >= stale
              ? CredentialStatus.ONLINE
              : CredentialStatus.OFFLINE,
        begin_time: row.begin_time,
        expire_time: row.expire_time,
        ...managerFor(row, rows, managerUrl),
      }));
    },

    async apply(account: Account): Promise<{ app_id: string; app_key: string }> {
      const max = await quota(account);
      const app_id = newAppId();
      const app_key = newAppKey();
      await db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('credential')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', account.id)
          .executeTakeFirstOrThrow();
        if (Number(held.n) >= max) {
          // A team's message says where the quota comes from: one per member.
          const message: Localized = account.is_team
            ? siteMessages.team.quotaReached
            : siteMessages.console.quotaReached;
          throw new CloudFailure('CONFLICT', message, { max });
        }
        await trx
          .insertInto('credential')
          .values({
            account_id: account.id,
            app_id,
            app_key_enc: sealSecret(keys, app_key),
            begin_time: now(),
            expire_time: account.expire_at,
          })
          .execute();
      });
      return { app_id, app_key };
    },

    async getKey(account: Account, appId: string): Promise<string> {
      const row = await ownCredential(account, appId);
      return openSecret(keys, row.app_key_enc);
    },

    /** A new key; the device holding the old one loses its lease at once. */
    async reset(account: Account, appId: string): Promise<string> {
      const row = await ownCredential(account, appId);
      const app_key = newAppKey();
      await db
        .updateTable('credential')
        .set({ app_key_enc: sealSecret(keys, app_key) })
        .where('id', '=', row.id)
        .execute();
      await endLease(row.id, now());
      return app_key;
    },

    /** Deletes the credential; its usage logs stay. */
    async remove(account: Account, appId: string): Promise<void> {
      const row = await ownCredential(account, appId);
      await endLease(row.id, now());
      await db.deleteFrom('credential').where('id', '=', row.id).execute();
    },

    async logs(account: Account, query: LogQuery) {
      await sweepLeases();
      const offset = query.utc_offset ?? 0;
      let base = db.selectFrom('api_log').where('uid', '=', account.id);
      if (query.start_time)
        base = base.where('start_time', '>=', dayStart(query.start_time, offset));
      if (query.end_time) base = base.where('start_time', '<', dayStart(query.end_time, offset, 1));
      const page = query.page ?? 1;
      const [list, total] = await Promise.all([
        base
          .select(['id', 'app_id', 'uid', 'status', 'start_time', 'end_time'])
          .orderBy('start_time', 'desc')
          .orderBy('id', 'desc')
          .limit(API_LOG_PAGE_SIZE)
          .offset((page - 1) * API_LOG_PAGE_SIZE)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, count: Number(total.n) };
    },

    /**
     * Credential login of the local API: verifies Account + APP_ID + APP_KEY, then takes the
     * credential's device lease. Every attempt on a known credential writes a usage-log row in its
     * owner's log. An attempt that does not prove the key is logged without anything the caller
     * wrote (no device name), and an unknown APP_ID is not logged at all: it has no owner, and
     * strangers must not be able to write into someone's log. Failed attempts count against the
     * owner's per-account limit; once it is reached nothing is logged until the window ends.
     * Account is the account's name or its email (as the site's sign-in takes either; a name never
     * holds '@'): the answer's Account is the name.
     */
    async login(input: {
      Account: string;
      APP_ID: string;
      APP_KEY: string;
      device: string;
      manager_url?: string | undefined;
    }) {
      await sweepLeases();
      const row = await db
        .selectFrom('credential')
        .innerJoin('account', 'account.id', 'credential.account_id')
        .select([
          'credential.id as credential_id',
          'credential.app_key_enc',
          'credential.expire_time',
          'account.id as account_id',
          'account.account',
          'account.email',
          'account.type',
          'account.created_at',
          'account.expire_at',
          'account.removed_at',
        ])
        .where('credential.app_id', '=', input.APP_ID)
        .executeTakeFirst();
      // The owner's counter for a known credential; the typed name's for an unknown APP_ID.
      const limitKey = row ? `id:${row.account_id}` : `account:${input.Account}`;
      await limiter?.assertOpen(APILOGIN_FAILURES_PER_ACCOUNT, limitKey);
      if (!row) {
        await limiter?.hit(APILOGIN_FAILURES_PER_ACCOUNT, limitKey);
        throw new MainCodeFailure('LOGIN_INVALID');
      }

      const started = now();
      const log = (status: '0' | '1', device: string) =>
        db
          .insertInto('api_log')
          .values({
            app_id: input.APP_ID,
            uid: row.account_id,
            status,
            device,
            start_time: started,
            end_time: status === '1' ? null : started,
          })
          .returning('id')
          .executeTakeFirstOrThrow();

      let key: string;
      try {
        key = openSecret(keys, row.app_key_enc);
      } catch {
        key = '';
      }
      // Both checks run every time, the key comparison in constant time.
      const keyMatches = secretsEqual(input.APP_KEY, key);
      // Who logs in: the owner, or a sub-account (not removed) of the owner's team, which uses
      // one of its main account's credentials (the quota is one per member).
      const typed = input.Account.trim();
      const byEmail = typed.includes('@');
      const identity = byEmail ? typed.toLowerCase() : typed;
      const member =
        identity === (byEmail ? row.email.toLowerCase() : row.account)
          ? {
              id: row.account_id,
              account: row.account,
              type: row.type,
              created_at: row.created_at,
              expire_at: row.expire_at,
              removed_at: row.removed_at,
            }
          : await db
              .selectFrom('account')
              .select(['id', 'account', 'type', 'created_at', 'expire_at', 'removed_at'])
              .where(byEmail ? 'email' : 'account', '=', identity)
              .where('team_id', '=', row.account_id)
              .where('type', '=', 1)
              .executeTakeFirst();
      if (!member || member.removed_at || !keyMatches) {
        await limiter?.hit(APILOGIN_FAILURES_PER_ACCOUNT, limitKey);
        await log('0', '');
        throw new MainCodeFailure('LOGIN_INVALID');
      }
      if (member.expire_at <= started || row.expire_at <= started || row.expire_time <= started) {
        await log('0', input.device);
        throw new MainCodeFailure('PACKAGE_EXPIRED');
      }
      const held = await db
        .selectFrom('lease')
        .selectAll()
        .where('credential_id', '=', row.credential_id)
        .executeTakeFirst();
      if (held && held.device !== input.device) {
        await log('0', input.device);
        throw new MainCodeFailure('APP_ID_ONLINE');
      }
      // The same device logging in again (a restarted local API) takes its lease over.
      if (held) await endLease(row.credential_id, started);

      const token = newToken('lt');
      const { id: logId } = await log('1', input.device);
      try {
        await db
          .insertInto('lease')
          .values({
            credential_id: row.credential_id,
            device: input.device,
            token_hash: hashToken(token),
            acquired_at: started,
            heartbeat_at: started,
            log_id: logId,
            account_id: member.id,
          })
          .execute();
      } catch {
        // Another device won the race for the lease between our check and insert.
        await db
          .updateTable('api_log')
          .set({ status: '0', end_time: started })
          .where('id', '=', logId)
          .execute();
        throw new MainCodeFailure('APP_ID_ONLINE');
      }
      // Where this service's manager is, for the console's link; any other report is ignored.
      const manager = managerAddress(input.manager_url);
      if (manager) {
        await db
          .updateTable('credential')
          .set({ manager_url: manager, manager_reported_at: started })
          .where('id', '=', row.credential_id)
          .execute();
      }
      return {
        token,
        Account: member.account,
        type: member.type,
        account_reg_date: member.created_at,
        account_expire_date: member.expire_at,
        heartbeat_interval_ms: LEASE_HEARTBEAT_INTERVAL_MS,
        lease_timeout_ms: LEASE_TIMEOUT_MS,
      };
    },

    /**
     * The live lease of a lease token (heartbeat within LEASE_TIMEOUT_MS), or -4 (Login_Expire):
     * the check of every call that sends the token apilogin answered.
     */
    async requireLease(token: string): Promise<Lease> {
      const [lease] = await liveLease({ hash: hashToken(token), staleBefore: staleBefore() });
      if (!lease) throw new MainCodeFailure('LOGIN_EXPIRE');
      return {
        credentialId: lease.credential_id,
        device: lease.device,
        tokenHash: lease.token_hash,
        accountId: lease.account_id,
        teamId: lease.team_id,
      };
    },

    /** Keeps a lease alive; a lease that timed out, was reset or deleted answers -4 (Login_Expire). */
    async heartbeat(lease: Lease, device: string): Promise<void> {
      await sweepLeases();
      const updated = await db
        .updateTable('lease')
        .set({ heartbeat_at: now() })
        .where('credential_id', '=', lease.credentialId)
        .where('token_hash', '=', lease.tokenHash)
        .where('device', '=', device)
        .returning('credential_id')
        .executeTakeFirst();
      if (!updated) throw new MainCodeFailure('LOGIN_EXPIRE');
    },

    /**
     * Ends every device lease the account logged in with (a removed sub-account's): the local APIs
     * holding them get -4 (Login_Expire) at their next call, and the usage-log rows close now.
     */
    async endLeasesOf(accountId: number): Promise<void> {
      const ended = now();
      await db.transaction().execute(async (trx) => {
        const leases = await trx
          .deleteFrom('lease')
          .where('account_id', '=', accountId)
          .returning('log_id')
          .execute();
        if (leases.length === 0) return;
        await trx
          .updateTable('api_log')
          .set({ end_time: ended })
          .where(
            'id',
            'in',
            leases.map((lease) => lease.log_id),
          )
          .where('end_time', 'is', null)
          .execute();
      });
    },

    /** Ends the lease when it is this device's; another device's lease is left alone. */
    async logout(lease: Lease, device: string): Promise<void> {
      if (lease.device === device) await endLease(lease.credentialId, now());
    },

    /** Membership of `Account`, asked by the holder of a live lease of the same account or team. */
    async members(lease: Lease, accountName: string) {
      const holder = { id: lease.accountId, team_id: lease.teamId };
      const target = await accounts.findByIdentity({ Account: accountName });
      const sameTeam = target && holder.team_id !== null && target.team_id === holder.team_id;
      if (!target || target.removed_at || (target.id !== holder.id && !sameTeam)) {
        throw new CloudFailure('NOT_FOUND', siteMessages.auth.notFound);
      }
      return {
        Account: target.account,
        type: target.type,
        account_reg_date: target.created_at,
        account_expire_date: target.expire_at,
      };
    },
  };
}
export type CredentialService = ReturnType<typeof credentialService>;
