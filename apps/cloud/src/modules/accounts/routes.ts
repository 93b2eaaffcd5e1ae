import type { FastifyInstance } from 'fastify';
import {
  RATE_LIMIT_SIGNIN_PER_MINUTE,
  RATE_LIMIT_SIGNUP_PER_MINUTE,
  RATE_LIMIT_STATUS_PER_MINUTE,
  siteMessages,
  signinFields,
  signoutFields,
  signupFields,
  statusFields,
} from '@hainiao/contract';
import { ok } from '../../http/envelope.ts';
import { perMinute } from '../../http/rate-limit.ts';
import { parseForm } from '../../http/validate.ts';
import type { AccountService } from './service.ts';

export function accountRoutes(app: FastifyInstance, accounts: AccountService): void {
  app.post(
    '/api/hainiao/signup',
    { config: { rateLimit: perMinute(RATE_LIMIT_SIGNUP_PER_MINUTE) } },
    async (request) => {
      const { data } = await parseForm(request, signupFields);
      const account = await accounts.create({
        account: data.Account,
        email: data.email,
        password: data.password,
      });
      return ok({ clienttoken: await accounts.issueClientToken(account.id) });
    },
  );

  app.post(
    '/api/hainiao/signin',
    { config: { rateLimit: perMinute(RATE_LIMIT_SIGNIN_PER_MINUTE) } },
    async (request) => {
      const { data } = await parseForm(request, signinFields);
      const account = await accounts.authenticate(
        { Account: data.Account, email: data.email },
        data.password,
      );
      return ok({ clienttoken: await accounts.issueClientToken(account.id) });
    },
  );

  // The /route page: a one-time client token becomes the long-lived session token.
  app.post(
    '/api/hainiao/status',
    { config: { rateLimit: perMinute(RATE_LIMIT_STATUS_PER_MINUTE) } },
    async (request) => {
      const { data } = await parseForm(request, statusFields);
      const { token, account } = await accounts.exchangeClientToken(data.clienttoken);
      return ok({
        user_info: {
          token,
          email: account.email,
          account: account.account,
          type: account.type,
          role: account.role,
        },
      });
    },
  );

  app.post('/api/hainiao/signout', async (request) => {
    const { data, lang } = await parseForm(request, signoutFields);
    await accounts.revokeSession(data.token);
    return ok(null, siteMessages.auth.signedOut[lang]);
  });
}
