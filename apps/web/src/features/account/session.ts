import { useSyncExternalStore } from 'react';
import { EMAIL_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@hainiao/contract';

/** The signed-in session as the site keeps it in browser storage. */
export interface Session {
  token: string;
  email: string;
}

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | undefined;

function read(): Session | null {
  const token = window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
  const email = window.localStorage.getItem(EMAIL_STORAGE_KEY) ?? '';
  const raw = `${token}\n${email}`;
  // The same object while storage is unchanged, as useSyncExternalStore requires.
  if (cached?.raw !== raw) cached = { raw, session: token ? { token, email } : null };
  return cached.session;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out updates this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function saveSession(session: Session): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, session.token);
  window.localStorage.setItem(EMAIL_STORAGE_KEY, session.email);
  listeners.forEach((listener) => listener());
}

export function clearSession(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  window.localStorage.removeItem(EMAIL_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

/** The stored session now (outside React: event handlers, effects). */
export function currentSession(): Session | null {
  return read();
}

/** The stored session, or null; null during prerendering (no storage on the server). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
