import type { FastifyInstance } from 'fastify';
import { siteMessages } from '@hainiao/contract';
import type { Account } from '../modules/accounts/service.ts';
import type { Lease } from '../modules/credentials/service.ts';
import { CloudError } from './envelope.ts';

/**
 * The checks behind the contract's auth modes that need the database (`session`, `staff`,
 * `lease`); `route` (http/route.ts) applies them from the call table. The modes `none`,
 * `clienttoken` and `credential` are checked by the services themselves: the token or
 * credential is what they spend or verify.
 */
export interface CloudAuthenticators {
  /** The account of a live session token, or 401 (siteMessages.auth.tokenExpired). */
  session(token: string): Promise<Account>;
  /** The live device lease of a lease token, or -4 (Login_Expire). */
  lease(token: string): Promise<Lease>;
}

/** Staff calls give other accounts nothing: 403 (docs/architecture.md, "Tickets"). */
export function requireStaff(account: Account): Account {
  if (account.role !== 'staff') throw new CloudError(403, siteMessages.auth.forbidden);
  return account;
}

/** Makes the checks available to every `route` of the app; call before registering routes. */
export function installAuthenticators(app: FastifyInstance, auth: CloudAuthenticators): void {
  app.decorate('cloudAuth', auth);
}

/** The app's checks, or undefined when none were installed. */
export function authenticatorsOf(app: FastifyInstance): CloudAuthenticators | undefined {
  return app.hasDecorator('cloudAuth') ? app.cloudAuth : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    cloudAuth?: CloudAuthenticators;
  }
}
