/**
 * Logging the service in to an account (POST /login, and at start with a credential given on the
 * command line or kept from an earlier run): the cloud's login, the account's default group, and
 * on a switch of accounts the browsers of the account left behind closed (-17, logout exit).
 */
import type { Lang } from '@hainiao/contract';
import type { AccountAuth, Login } from '../account/auth.ts';
import type { BrowserRuntime } from '../runtime/browser.ts';
import type { GroupStore } from '../store/groups.ts';

export interface LoginDeps {
  auth: Pick<AccountAuth, 'login'>;
  groups: Pick<GroupStore, 'ensureDefault'>;
  runtime: Pick<BrowserRuntime, 'stopAll'>;
}

export async function logIn(
  deps: LoginDeps,
  credential: { account: string; appId: string; appKey: string },
  lang: Lang,
  /** onlyIfLoggedOut: a login made meanwhile wins (LoginSuperseded). */
  options: { onlyIfLoggedOut?: boolean } = {},
): Promise<Login> {
  const { login, previous } = await deps.auth.login(
    credential,
    lang,
    options.onlyIfLoggedOut ? { onlyIfLoggedOut: true } : {},
  );
  deps.groups.ensureDefault(login.account);
  if (previous && previous.account !== login.account) await deps.runtime.stopAll();
  return login;
}
