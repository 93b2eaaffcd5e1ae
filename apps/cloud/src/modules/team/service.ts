import {
  CREDENTIALS_PER_NON_TEAM_ACCOUNT,
  LEASE_TIMEOUT_MS,
  siteMessages,
  TEAM_MEMBERS_MAX,
  type TeamAddForm,
  type TeamListAnswer,
  type TeamMember,
} from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import type { Account, AccountService, Clock } from '../accounts/service.ts';
import type { CredentialService, Lease } from '../credentials/service.ts';
import { CloudFailure } from '../domain-errors.ts';

const iso = (date: Date) => date.toISOString();

/**
 * The console's team calls (issue 13 "Teams"). Every one starts from the session's account: a main
 * account reads and changes its own team only; a sub-account reads its main and itself and changes
 * nothing. A removal marks the sub-account (`removed_at`), ends its sessions and device leases, and
 * leaves the main account's credentials alone (see `remove`).
 */
export function teamService(
  { db }: CloudDatabase,
  accounts: AccountService,
  credentials: CredentialService,
  clock: Clock = () => new Date(),
) {
  /** The main account of the caller's team: the caller itself unless it is a sub-account. */
  async function mainOf(account: Account): Promise<Account> {
    if (account.type !== 1) return account;
    const main = account.team_id === null ? undefined : await accounts.findById(account.team_id);
    if (!main) throw new CloudFailure('NOT_FOUND', siteMessages.auth.notFound);
    return main;
  }

  /** Refuses a sub-account: only the main account changes the team. */
  function requireMain(account: Account): void {
    if (account.type === 1) throw new CloudFailure('FORBIDDEN', siteMessages.team.mainOnly);
  }

  /** Members (not removed) of the team of `main`, main first, then oldest first. */
  function membersOf(main: Account) {
    return db
      .selectFrom('account')
      .select(['id', 'account', 'email', 'type', 'created_at', 'expire_at'])
      .where((eb) => eb.or([eb('id', '=', main.id), eb('team_id', '=', main.id)]))
      .where('removed_at', 'is', null)
      .orderBy('type')
      .orderBy('id')
      .execute();
  }

  /** Ids of the accounts among `ids` that a local API is logged in as now (a live lease). */
  async function onlineAmong(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const fresh = iso(new Date(clock().getTime() - LEASE_TIMEOUT_MS));
    const rows = await db
      .selectFrom('lease')
      .select('account_id')
      .where('account_id', 'in', ids)
      .where('heartbeat_at', '>=', fresh)
      .execute();
    return new Set(rows.map((row) => row.account_id));
  }

  function memberRow(
    row: { id: number; account: string; email: string; type: number } & {
      created_at: string;
      expire_at: string;
    },
    online: Set<number>,
    /** Credentials held, by account id (none listed: none held). */
    held: ReadonlyMap<number, number>,
  ): TeamMember {
    return {
      Account: row.account,
      email: row.email,
      type: row.type,
      account_reg_date: row.created_at,
      account_expire_date: row.expire_at,
      online: online.has(row.id),
      credentials: held.get(row.id) ?? 0,
    };
  }

  /** How many credentials each account among `ids` holds (only a main account holds any). */
  async function heldBy(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('credential')
      .select((eb) => ['account_id', eb.fn.countAll<number>().as('n')])
      .where('account_id', 'in', ids)
      .groupBy('account_id')
      .execute();
    return new Map(rows.map((row) => [row.account_id, Number(row.n)]));
  }

  /** What the credential quota of `main` is: one per member on a team, else the single one. */
  async function quotaOf(main: Account): Promise<number> {
    return main.is_team ? accounts.teamSize(main.id) : CREDENTIALS_PER_NON_TEAM_ACCOUNT;
  }

  async function list(account: Account): Promise<TeamListAnswer> {
    await credentials.sweepLeases();
    const main = await mainOf(account);
    const all = await membersOf(main);
    // A sub-account sees whom to ask (the main) and itself, not its fellow sub-accounts.
    const visible =
      account.type === 1 ? all.filter((m) => m.id === main.id || m.id === account.id) : all;
    const online = await onlineAmong(visible.map((m) => m.id));
    const held = await heldBy(visible.map((m) => m.id));
    return {
      self: account.account,
      type: account.type,
      main: main.account,
      quota: await quotaOf(main),
      held: held.get(main.id) ?? 0,
      room: account.type === 1 ? 0 : Math.max(0, TEAM_MEMBERS_MAX - all.length),
      members: visible.map((row) => memberRow(row, online, held)),
    };
  }

  return {
    list,

    /**
     * envteam: the team of the account a local API logged in as (the lease's account, which may be
     * a sub-account logged in with its main's credential), exactly as `list` answers it for that
     * account. The lease check already refuses a removed account's lease (-4).
     */
    async listOfLease(lease: Lease): Promise<TeamListAnswer> {
      const account = await accounts.findById(lease.accountId);
      if (!account || account.removed_at)
        throw new CloudFailure('NOT_FOUND', siteMessages.auth.notFound);
      return list(account);
    },

    /** The main account creates a sub-account; the credential quota grows by one. */
    async add(account: Account, form: TeamAddForm): Promise<TeamMember> {
      requireMain(account);
      const size = (await membersOf(account)).length;
      if (size >= TEAM_MEMBERS_MAX) {
        throw new CloudFailure('CONFLICT', siteMessages.team.teamFull, { max: TEAM_MEMBERS_MAX });
      }
      const created = await accounts.create({
        account: form.Account,
        email: form.email,
        password: form.password,
        teamOf: account.account,
      });
      return memberRow(created, new Set(), new Map());
    },

    /**
     * The main account removes a sub-account: marked removed (its name, email, logs and
     * environments stay, so history stays explainable), every session and unspent sign-in link
     * revoked, every device lease it holds ended (its usage-log rows closed). The quota shrinks by
     * one; the main account's credentials are kept as they are (a local API running on one of them
     * is not cut off): while it holds more than the new quota, applying is refused until it
     * deletes one. Answers the new quota.
     */
    async remove(account: Account, name: string): Promise<{ Account: string; quota: number }> {
      requireMain(account);
      const target = await accounts.findByIdentity({ Account: name });
      if (!target || target.type !== 1 || target.team_id !== account.id || target.removed_at) {
        throw new CloudFailure('NOT_FOUND', siteMessages.team.memberNotFound);
      }
      // The mark first: from here on the account cannot sign in, exchange a link or log in.
      const marked = await db
        .updateTable('account')
        .set({ removed_at: iso(clock()) })
        .where('id', '=', target.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) {
        throw new CloudFailure('NOT_FOUND', siteMessages.team.memberNotFound);
      }
      await accounts.revokeAllSessions(target.id);
      await credentials.endLeasesOf(target.id);
      return { Account: target.account, quota: await quotaOf(account) };
    },
  };
}
export type TeamService = ReturnType<typeof teamService>;
