import type { FastifyInstance } from 'fastify';
import {
  format,
  RATE_LIMIT_FORGOT_PASSWORD_PER_MINUTE,
  RATE_LIMIT_RESET_PASSWORD_PER_MINUTE,
  RATE_LIMIT_SIGNIN_PER_MINUTE,
  RATE_LIMIT_SIGNUP_PER_MINUTE,
  RATE_LIMIT_STATUS_PER_MINUTE,
  siteMessages,
} from '@hainiao/contract';
import { CloudError } from '../../http/envelope.ts';
import { route, withMessage } from '../../http/route.ts';
import {
  SIGNIN_FAILURES_PER_ACCOUNT,
  STATUS_EXCHANGES_PER_ACCOUNT,
  type AccountLimiter,
} from '../../security/account-limit.ts';
import { CloudFailure } from '../domain-errors.ts';
import { RESET_REQUESTS_PER_EMAIL, type PasswordResetService } from './password-reset.ts';
import type { AccountService } from './service.ts';

/**
 * The sign-in nonce (login CSRF on /route): the site's sign-in and sign-up pages send a random
 * nonce they keep in the tab's sessionStorage, and the /route page sends it back with the client
 * token. Optional: the desktop client's links carry none.
 */
function readNonce(field: string | undefined): string | undefined {
  const nonce = field?.trim();
  if (!nonce) return undefined;
  if (!/^[A-Za-z0-9_-]{22,128}$/.test(nonce)) {
    const message = siteMessages.validation.invalidParameter;
    throw new CloudError(1, {
      en: format(message.en, { field: 'nonce' }),
      zh: format(message.zh, { field: 'nonce' }),
    });
  }
  return nonce;
}

export function accountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  limiter: AccountLimiter,
  resets: PasswordResetService,
): void {
  route(
    app,
    '/api/hainiao/signup',
    async ({ data }) => {
      const nonce = readNonce(data.nonce);
      const account = await accounts.create({
        account: data.Account,
        email: data.email,
        password: data.password,
      });
      return { clienttoken: await accounts.issueClientToken(account.id, nonce) };
    },
    { perMinute: RATE_LIMIT_SIGNUP_PER_MINUTE },
  );

  route(
    app,
    '/api/hainiao/signin',
    async ({ data }) => {
      const nonce = readNonce(data.nonce);
      const identity = { Account: data.Account, email: data.email };
      // Counted per account (by id, so the name and the email share a counter) and, for names
      // that do not exist, per typed name: both answer alike.
      const known = await accounts.findByIdentity(identity);
      const key = known
        ? `id:${known.id}`
        : data.Account
          ? `account:${data.Account}`
          : `email:${(data.email ?? '').toLowerCase()}`;
      await limiter.assertOpen(SIGNIN_FAILURES_PER_ACCOUNT, key);
      try {
        const account = await accounts.authenticate(identity, data.password);
        return { clienttoken: await accounts.issueClientToken(account.id, nonce) };
      } catch (error) {
        if (error instanceof CloudFailure && error.code === 'UNAUTHORIZED') {
          await limiter.hit(SIGNIN_FAILURES_PER_ACCOUNT, key);
        }
        throw error;
      }
    },
    { perMinute: RATE_LIMIT_SIGNIN_PER_MINUTE },
  );

  // The /route page: a one-time client token becomes the long-lived session token (auth
  // 'clienttoken': the exchange itself checks and spends it).
  route(
    app,
    '/api/hainiao/status',
    async ({ data }) => {
      const nonce = readNonce(data.nonce);
      const owner = await accounts.clientTokenOwner(data.clienttoken);
      if (owner !== undefined) {
        const key = `id:${owner}`;
        await limiter.assertOpen(STATUS_EXCHANGES_PER_ACCOUNT, key);
        await limiter.hit(STATUS_EXCHANGES_PER_ACCOUNT, key);
      }
      const { token, account, bound } = await accounts.exchangeClientToken(data.clienttoken, nonce);
      return {
        user_info: {
          token,
          email: account.email,
          account: account.account,
          type: account.type,
          role: account.role,
        },
        // True when the token came from this tab's own sign-in (its nonce matched): /route then
        // goes straight on; otherwise it asks before replacing another account's session.
        bound,
      };
    },
    { perMinute: RATE_LIMIT_STATUS_PER_MINUTE },
  );

  route(app, '/api/hainiao/signout', async ({ data, lang }) => {
    await accounts.revokeSession(data.token);
    return withMessage(null, siteMessages.auth.signedOut[lang]);
  });

  // "Sign out everywhere": every session of the token's account ends, this one included.
  route(app, '/api/hainiao/signoutall', async ({ account, lang }) => {
    const revoked = await accounts.revokeAllSessions(account.id);
    return withMessage({ revoked }, siteMessages.auth.signedOutEverywhere[lang]);
  });

  // Forgot password: the same answer whether or not an account uses the email.
  route(
    app,
    '/api/hainiao/forgotpassword',
    async ({ data, lang }) => {
      const email = data.email.toLowerCase();
      await limiter.assertOpen(RESET_REQUESTS_PER_EMAIL, email);
      await limiter.hit(RESET_REQUESTS_PER_EMAIL, email);
      await resets.request(email, lang);
      return withMessage(null, siteMessages.auth.resetMailSent[lang]);
    },
    { perMinute: RATE_LIMIT_FORGOT_PASSWORD_PER_MINUTE },
  );

  route(
    app,
    '/api/hainiao/resetpassword',
    async ({ data, lang }) => {
      await resets.reset(data.token, data.password);
      return withMessage(null, siteMessages.auth.passwordChanged[lang]);
    },
    { perMinute: RATE_LIMIT_RESET_PASSWORD_PER_MINUTE },
  );
}
