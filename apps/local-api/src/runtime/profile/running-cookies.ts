/**
 * The cookies of one running browser, kept in step with the store: cookies stored while it runs
 * are put in at once (Storage.setCookies on the service's own connection), and at the end the jar
 * is handed over with `base`, what the jar held for each cookie the last time the browser and the
 * store agreed (at start, then after each push), so that the stop can merge (cookies.ts mergeRun)
 * instead of writing the jar over the store.
 */
import type { StoredCookie } from '../../model/cookie.ts';
import type { CdpConnection } from '../devtools/cdp.ts';
import { cookieKey, type CookieChange } from './cookies.ts';
import {
  fromCdpCookie,
  takeCookiesOut,
  toCdpCookie,
  type CdpCookie,
} from '../devtools/instrument.ts';

export type CookieBase = ReadonlyMap<string, StoredCookie>;

/**
 * Why cookies could not go into a running browser: it refused one of them, it did not answer (or
 * went away mid-way), or the environment is still starting.
 */
export class CookiePushError extends Error {
  constructor(
    readonly reason: 'refused' | 'unreachable' | 'starting',
    detail: string = reason,
  ) {
    super(`cookies not put into the browser: ${detail}`);
  }
}

/** A browser that takes longer than this to take cookies is not waited for (the call refuses). */
const PUSH_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function runningCookies(cdp: CdpConnection) {
  let base = new Map<string, StoredCookie>();
  /** Whether the start's read of the jar was asked for (start(), below), and has answered. */
  let started = false;
  let based = false;
  let queue: Promise<unknown> = Promise.resolve();
  let ending: Promise<void> | undefined;
  /** One push (or the take-out) at a time, in the order called: `base` moves on in that order. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const read = async (): Promise<Map<string, StoredCookie>> => {
    const { cookies } = await withTimeout(
      cdp.send<{ cookies: CdpCookie[] }>('Storage.getCookies'),
      PUSH_TIMEOUT_MS,
    );
    return new Map(cookies.map((c) => [cookieKey(fromCdpCookie(c)), fromCdpCookie(c)]));
  };

  const send = (cookies: object[]) =>
    withTimeout(cdp.send('Storage.setCookies', { cookies }), PUSH_TIMEOUT_MS);
  // A cookie set already expired is how a jar deletes one (Storage has no delete of its own).
  const deletion = (c: StoredCookie) => ({ ...toCdpCookie(c), expires: 1 });

  async function push(change: CookieChange): Promise<boolean> {
    const keys = [...change.set, ...change.removed].map(cookieKey);
    if (keys.length === 0) return true;
    let before: Map<string, StoredCookie>;
    let after: Map<string, StoredCookie>;
    try {
      before = await read();
      await send([...change.set.map(toCdpCookie), ...change.removed.map(deletion)]);
      after = await read();
    } catch (error) {
      // A browser that went away has nothing to merge at a stop: the store alone is written.
      if (cdp.closed) return false;
      const message = (error as Error).message;
      throw new CookiePushError(
        /Invalid cookie fields/i.test(message) ? 'refused' : 'unreachable',
        message,
      );
    }
    // Chromium drops some cookies without an error (SameSite=None without Secure, a plain cookie
    // over a Secure one): refused too, after the rest of the call is put back as it was.
    const now = Date.now() / 1000;
    const missing =
      change.set.some(
        (c) => (c.expires === -1 || c.expires > now) && after.get(cookieKey(c))?.value !== c.value,
      ) || change.removed.some((c) => after.has(cookieKey(c)));
    if (missing) {
      const restore = keys.flatMap((k) => {
        const old = before.get(k);
        if (old) return [toCdpCookie(old)];
        const added = after.get(k);
        return added ? [deletion(added)] : [];
      });
      await send(restore).catch(() => undefined);
      throw new CookiePushError('refused');
    }
    for (const k of keys) {
      const cookie = after.get(k);
      if (cookie) base.set(k, cookie);
      else base.delete(k);
    }
    return true;
  }

  return {
    /** Reads the jar as the start left it (the stored cookies in, no page loaded yet). */
    start: () => {
      started = true;
      return serial(async () => {
        try {
          base = await read();
        } catch {
          // Without it every cookie of the jar counts as the run's own at the stop (as before).
        }
        based = true;
      });
    },

    /**
     * Puts `change` into the browser. false: the browser is ending (its cookies are taken out
     * first, then the caller stores) or gone; CookiePushError: nothing was changed.
     */
    push(change: CookieChange): Promise<boolean> {
      if (ending) return ending.then(() => false);
      return serial(() => push(change));
    },

    /**
     * At the end: the jar and `base` go to `save` (saveCookiesOnExit 1), or the jar is cleared.
     * Pushes already called go in first; later ones wait for this.
     */
    takeOut(saveCookie: number, save: (jar: StoredCookie[], base: CookieBase) => void) {
      // The start's read still waiting (the browser is still loading its cookie store): nothing
      // has changed the jar, as every change queues behind that read, so the merge would keep the
      // store as it is — the end need not wait for the load. Clearing the jar (saveCookie 0)
      // still does.
      if (saveCookie === 1 && started && !based) {
        ending = Promise.resolve();
        return ending;
      }
      const run = serial(() => takeCookiesOut(cdp, saveCookie, (jar) => save(jar, base)));
      ending = run;
      return run;
    },
  };
}
export type RunningCookies = ReturnType<typeof runningCookies>;
