import { randomBytes } from 'node:crypto';
import {
  format,
  PASSWORD_RESET_TTL_MS,
  SITE_ROUTES,
  siteMessages,
  ZH_PREFIX,
  type Lang,
} from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import type { Mailer } from '../../notify/mailer.ts';
import type { AccountRule } from '../../security/account-limit.ts';
import { hashPassword } from '../../security/password.ts';
import { hashToken } from '../../security/tokens.ts';
import { CloudFailure } from '../domain-errors.ts';
import type { AccountService, Clock } from './service.ts';

/**
 * Forgot-password requests per typed email, whether or not an account uses it (so that the limit
 * says nothing about accounts), beside the per-IP limit of the call.
 */
export const RESET_REQUESTS_PER_EMAIL: AccountRule = {
  name: 'reset',
  max: 5,
  windowMs: 60 * 60_000,
};

export interface PasswordResetOptions {
  database: CloudDatabase;
  accounts: AccountService;
  mailer: Mailer;
  /** The site's public origin (`SITE_URL`): the mailed link points there. */
  siteUrl: string;
  clock?: Clock;
  log: { info(details: object, message: string): void };
}

/**
 * Forgot password: a one-time link by mail, then a new password. The token is 32 random bytes,
 * stored only as its SHA-256, valid PASSWORD_RESET_TTL_MS, single use; a new request replaces the
 * account's older token. Setting the password ends every session of the account.
 */
export function passwordResetService({
  database: { db },
  accounts,
  mailer,
  siteUrl,
  clock = () => new Date(),
  log,
}: PasswordResetOptions) {
  const linkTo = (token: string, lang: Lang) =>
    `${siteUrl.replace(/\/+$/, '')}${lang === 'zh' ? ZH_PREFIX : ''}${SITE_ROUTES.resetPassword}` +
    `?token=${token}`;

  return {
    /**
     * Mails a reset link when an account uses `email`; nothing otherwise. The caller answers the
     * same either way, and the mail is not awaited, so neither the answer nor its time tells.
     */
    async request(email: string, lang: Lang): Promise<void> {
      const account = await accounts.findByIdentity({ email });
      // A removed sub-account cannot sign in, whatever its password.
      if (!account || account.removed_at) return;
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const row = {
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
        used_at: null,
      };
      await db
        .insertInto('password_reset')
        .values({ account_id: account.id, ...row })
        .onConflict((conflict) => conflict.column('account_id').doUpdateSet(row))
        .execute();
      const link = linkTo(token, lang);
      void mailer.send({
        to: [account.email],
        subject: siteMessages.auth.resetMailSubject[lang],
        text: format(siteMessages.auth.resetMailText[lang], { account: account.account, link }),
      });
      // Which account asked; never the token or the link.
      log.info({ accountId: account.id, lang }, 'password reset mail made');
    },

    /**
     * Sets a new password with a live token and spends the token, then revokes every session and
     * unused sign-in link of the account, all in one transaction. An unknown, used or expired
     * token is one and the same refusal.
     */
    async reset(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('password_reset')
          .set({ used_at: now })
          .where('token_hash', '=', hashToken(token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('account_id')
          .executeTakeFirst();
        if (!spent) throw new CloudFailure('UNAUTHORIZED', siteMessages.auth.resetLinkInvalid);
        const changed = await trx
          .updateTable('account')
          .set({ password_hash: passwordHash })
          .where('id', '=', spent.account_id)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) {
          throw new CloudFailure('FORBIDDEN', siteMessages.team.accountRemoved);
        }
        await accounts.revokeAllSessions(spent.account_id, trx);
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
