import {
  CLIENT_TOKEN_TTL_MS,
  FREE_PACKAGE_DAYS,
  SESSION_TOKEN_TTL_MS,
  siteMessages,
} from '@hainiao/contract';
import type { Kysely, Selectable } from 'kysely';
import type { CloudDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { prepared, type Param } from '../../db/prepared.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../security/password.ts';
import { secretsEqual } from '../../security/secret.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import { CloudFailure } from '../domain-errors.ts';
import type { AccountTable } from './tables.ts';

export type Account = Selectable<AccountTable>;
export type Clock = () => Date;

const iso = (date: Date) => date.toISOString();
const later = (clock: Clock, ms: number) => iso(new Date(clock().getTime() + ms));

export interface NewAccount {
  account: string;
  email: string;
  password: string;
  role?: 'user' | 'staff';
  /** Account name of the team's main account: the new account becomes its sub-account. */
  teamOf?: string;
  /** Package end; defaults to FREE_PACKAGE_DAYS from now (a sub-account shares its main's). */
  expireAt?: Date;
}

export function accountService({ db }: CloudDatabase, clock: Clock = () => new Date()) {
  async function findByIdentity(identity: { Account?: string; email?: string }) {
    let query = db.selectFrom('account').selectAll();
    query = identity.Account
      ? query.where('account', '=', identity.Account)
      : query.where('email', '=', (identity.email ?? '').toLowerCase());
    return query.executeTakeFirst();
  }

  /** The account of a live session: every signed-in call asks this first. */
  const liveSession = prepared(db, (param: Param<{ hash: string; now: string }>) =>
    db
      .selectFrom('auth_token')
      .innerJoin('account', 'account.id', 'auth_token.account_id')
      .selectAll('account')
      .where('auth_token.token_hash', '=', param('hash'))
      .where('auth_token.kind', '=', 'session')
      .where('auth_token.revoked_at', 'is', null)
      .where('auth_token.expires_at', '>', param('now'))
      .where('account.removed_at', 'is', null),
  );

  return {
    findByIdentity,

    async findById(id: number): Promise<Account | undefined> {
      return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async create(input: NewAccount): Promise<Account> {
      const email = input.email.trim().toLowerCase();
      const taken = await db
        .selectFrom('account')
        .select(['account', 'email'])
        .where((eb) => eb.or([eb('account', '=', input.account), eb('email', '=', email)]))
        .execute();
      if (taken.some((row) => row.account === input.account)) {
        throw new CloudFailure('CONFLICT', siteMessages.auth.accountTaken);
      }
      if (taken.length > 0) throw new CloudFailure('CONFLICT', siteMessages.auth.emailTaken);

      const main = input.teamOf ? await findByIdentity({ Account: input.teamOf }) : undefined;
      if (input.teamOf && (!main || main.type !== 0)) {
        throw new CloudFailure('NOT_FOUND', siteMessages.auth.notFound);
      }
      const now = clock();
      const expireAt =
        input.expireAt ??
        (main
          ? new Date(main.expire_at)
          : new Date(now.getTime() + FREE_PACKAGE_DAYS * 86_400_000));
      const password_hash = await hashPassword(input.password);
      return db.transaction().execute(async (trx) => {
        if (main && !main.is_team) {
          await trx
            .updateTable('account')
            .set({ is_team: 1, team_id: main.id })
            .where('id', '=', main.id)
            .execute();
        }
        return trx
          .insertInto('account')
          .values({
            account: input.account,
            email,
            password_hash,
            type: main ? 1 : 0,
            team_id: main ? main.id : null,
            is_team: 0,
            role: input.role ?? 'user',
            created_at: iso(now),
            expire_at: iso(expireAt),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** The account whose password matches, or a bad-credentials failure (same time either way). */
    async authenticate(
      identity: { Account?: string; email?: string },
      password: string,
    ): Promise<Account> {
      const account = await findByIdentity(identity);
      const ok = await verifyPassword(password, account?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!account || !ok) throw new CloudFailure('UNAUTHORIZED', siteMessages.auth.badCredentials);
      // Said only to whoever knows the password: the team's main account removed this one.
      if (account.removed_at) throw new CloudFailure('FORBIDDEN', siteMessages.team.accountRemoved);
      return account;
    },

    /**
     * A one-time client token, as the desktop client's `/route?token=…` link carries. With a
     * nonce (the site's own sign-in), only a /status call that brings the same nonce exchanges it.
     */
    async issueClientToken(accountId: number, nonce?: string): Promise<string> {
      const token = newToken('ct');
      await db
        .insertInto('auth_token')
        .values({
          account_id: accountId,
          kind: 'client',
          token_hash: hashToken(token),
          created_at: iso(clock()),
          expires_at: later(clock, CLIENT_TOKEN_TTL_MS),
          used_at: null,
          revoked_at: null,
          nonce_hash: nonce ? hashToken(nonce) : null,
        })
        .execute();
      return token;
    },

    /** The account a live (unused, unexpired) client token belongs to, without spending it. */
    async clientTokenOwner(clientToken: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('auth_token')
        .select('account_id')
        .where('token_hash', '=', hashToken(clientToken))
        .where('kind', '=', 'client')
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', iso(clock()))
        .executeTakeFirst();
      return row?.account_id;
    },

    /**
     * Exchanges a client token for a new session token. The client token is spent by a
     * conditional update, so two concurrent exchanges cannot both succeed. A token bound to a
     * nonce needs that nonce: without it the token is spent all the same and the answer is an
     * invalid token. `bound` tells the /route page that the sign-in started in the same tab.
     */
    async exchangeClientToken(
      clientToken: string,
      nonce?: string,
    ): Promise<{ token: string; account: Account; bound: boolean }> {
      const now = iso(clock());
      const spent = await db
        .updateTable('auth_token')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(clientToken))
        .where('kind', '=', 'client')
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['account_id', 'nonce_hash'])
        .executeTakeFirst();
      if (!spent) throw new CloudFailure('UNAUTHORIZED', siteMessages.route.invalidToken);
      const bound = spent.nonce_hash !== null;
      if (bound && !(nonce && secretsEqual(hashToken(nonce), spent.nonce_hash ?? ''))) {
        throw new CloudFailure('UNAUTHORIZED', siteMessages.route.invalidToken);
      }
      const account = await db
        .selectFrom('account')
        .selectAll()
        .where('id', '=', spent.account_id)
        .executeTakeFirstOrThrow();
      if (account.removed_at) throw new CloudFailure('FORBIDDEN', siteMessages.team.accountRemoved);
      const token = newToken('st');
      await db
        .insertInto('auth_token')
        .values({
          account_id: account.id,
          kind: 'session',
          token_hash: hashToken(token),
          created_at: now,
          expires_at: later(clock, SESSION_TOKEN_TTL_MS),
          used_at: null,
          revoked_at: null,
          nonce_hash: null,
        })
        .execute();
      return { token, account, bound };
    },

    /** The account behind a live session token, or a token failure. */
    async requireSession(token: string): Promise<Account> {
      const [account] = await liveSession({ hash: hashToken(token), now: iso(clock()) });
      if (!account) {
        // A session of a removed sub-account (revoked at removal) says why it ended.
        const removed = await db
          .selectFrom('auth_token')
          .innerJoin('account', 'account.id', 'auth_token.account_id')
          .select('account.removed_at')
          .where('auth_token.token_hash', '=', hashToken(token))
          .where('auth_token.kind', '=', 'session')
          .where('account.removed_at', 'is not', null)
          .executeTakeFirst();
        throw new CloudFailure(
          'UNAUTHORIZED',
          removed ? siteMessages.team.accountRemoved : siteMessages.auth.tokenExpired,
        );
      }
      return account;
    },

    /** Revokes by marking, so the row still explains past activity. */
    async revokeSession(token: string): Promise<void> {
      await db
        .updateTable('auth_token')
        .set({ revoked_at: iso(clock()) })
        .where('token_hash', '=', hashToken(token))
        .where('kind', '=', 'session')
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * "Sign out everywhere": revokes every live session token of the account, and its client
     * tokens not yet exchanged (which would otherwise still open a session). Answers how many.
     * `within`: a transaction of the caller's (a password reset revokes with the new password).
     */
    async revokeAllSessions(accountId: number, within: Kysely<Database> = db): Promise<number> {
      const now = iso(clock());
      const revoked = await within
        .updateTable('auth_token')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where((eb) =>
          eb.or([
            eb('kind', '=', 'session'),
            eb.and([eb('kind', '=', 'client'), eb('used_at', 'is', null)]),
          ]),
        )
        .executeTakeFirst();
      return Number(revoked.numUpdatedRows);
    },

    /** Accounts of a team (main plus sub-accounts not removed), for the credential quota. */
    async teamSize(mainId: number): Promise<number> {
      const row = await db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('id', '=', mainId), eb('team_id', '=', mainId)]))
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
