/**
 * Storing an environment's cookies, the one way every call does it (import-cookie, the Cookie
 * field of session/update and of the AdsPower-compatible user/update, the manager's import which
 * uses session/update): while the environment runs, its browser takes them first — or the call
 * refuses and stores nothing — and a stop merges the browser's jar with the store instead of
 * writing it over the store (runtime/profile/cookies.ts mergeRun says how the newer cookie is known).
 */
import { localApiMessages, type Localized } from '@hainiao/contract';
import type { StoredCookie } from '../model/cookie.ts';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DomainError } from '../model/errors.ts';
import type { BrowserRuntime } from '../runtime/browser.ts';
import {
  applyCookieChange,
  cookieChange,
  mergeCookies,
  mergeRun,
} from '../runtime/profile/cookies.ts';
import { CookiePushError, type CookieBase } from '../runtime/profile/running-cookies.ts';
import type { EnvironmentStore } from '../store/environments.ts';

const REFUSALS: Record<CookiePushError['reason'], Localized> = {
  refused: localApiMessages.cookiesRefusedByBrowser,
  unreachable: localApiMessages.cookiesBrowserUnreachable,
  starting: localApiMessages.cookiesEnvironmentStarting,
};

/**
 * Stores `cookies` for `record`: instead of its list ('replace', the Cookie field of the update
 * calls) or over it by domain, path and name ('merge', import-cookie). Only what changes goes into
 * a running browser: a cookie sent again as stored does not undo what a site set since. Answers
 * the stored list (also set on `record`, for a caller that saves the record afterwards).
 */
export async function storeCookies(
  deps: { envs: EnvironmentStore; runtime: BrowserRuntime },
  record: EnvironmentRecord,
  cookies: readonly StoredCookie[],
  mode: 'replace' | 'merge',
): Promise<StoredCookie[]> {
  const before = deps.envs.cookies(record.id);
  const change = cookieChange(before, mode === 'merge' ? mergeCookies(before, cookies) : cookies);
  try {
    await deps.runtime.pushCookies(record.id, change);
  } catch (error) {
    if (!(error instanceof CookiePushError)) throw error;
    throw new DomainError('COOKIE_IMPORT_FAILED', REFUSALS[error.reason], { id: record.id });
  }
  // Read again: a stop may have merged the browser's jar in while the browser took these.
  const stored = applyCookieChange(deps.envs.cookies(record.id), change);
  deps.envs.saveCookies(record.id, stored);
  record.cookies = stored;
  return stored;
}

/** The stop's side (saveCookiesOnExit 1): the browser's jar merged into what is stored now. */
export function saveCookiesAtStop(
  envs: EnvironmentStore,
  record: EnvironmentRecord,
  jar: readonly StoredCookie[],
  base: CookieBase,
): void {
  // Still there (a sync may have deleted it while it ran).
  if (!envs.visible(record.owner, record.id)) return;
  envs.saveCookies(record.id, mergeRun(envs.cookies(record.id), base, jar));
}
