/**
 * The sign-in nonce (login CSRF on /route). The site's sign-in and sign-up pages create a random
 * nonce, keep it in this tab's sessionStorage and send it with the sign-in call; the cloud binds
 * the client token it answers to the nonce. The /route page sends the nonce back with the client
 * token: only this tab can exchange that token, and the answer (`bound`) tells /route the sign-in
 * started here, so it goes straight on. A link without a matching nonce (the desktop client's, or
 * someone else's) is exchanged unbound, and /route asks before it replaces another account's
 * session. An attacker cannot write into the victim tab's sessionStorage.
 */
const NONCE_KEY = 'hainiao.signinNonce';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Storage blocked: sign-in still works, unbound (/route then asks).
  }
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new nonce for the sign-in about to be made, kept in this tab (undefined without storage). */
export function newSigninNonce(): string | undefined {
  const store = storage();
  if (!store) return undefined;
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(32)));
  try {
    store.setItem(NONCE_KEY, nonce);
  } catch {
    return undefined;
  }
  return nonce;
}

/** The nonce of this tab's pending sign-in, if any. */
export function readSigninNonce(): string | undefined {
  return storage()?.getItem(NONCE_KEY) ?? undefined;
}

/** Forgets the nonce once its sign-in went through. */
export function clearSigninNonce(): void {
  storage()?.removeItem(NONCE_KEY);
}
