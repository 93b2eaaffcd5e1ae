/**
 * A cookie as an environment keeps it, and the sites (web accounts) its cookies belong to. Parsing
 * and writing cookie files is the runtime's (runtime/profile/cookies.ts); the store and the listid filter
 * need only these.
 */
import { getPublicSuffix } from 'tough-cookie';

export type SameSite = 'Strict' | 'Lax' | 'None';

/** A cookie as the store keeps it (the shape of CDP's Network.CookieParam). */
export interface StoredCookie {
  name: string;
  value: string;
  /** With a leading dot for domain cookies, without for host-only ones (Chrome's convention). */
  domain: string;
  path: string;
  /** Seconds since the epoch; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: SameSite;
}

/** The registrable domain (public suffix + 1) of a host, or undefined for a public suffix. */
export function registrableDomain(domain: string): string | undefined {
  try {
    return getPublicSuffix(domain) ?? undefined;
  } catch {
    // Special-use names (localhost, .local, .test…) have no public suffix.
    return undefined;
  }
}

/** The sites (registrable domains) an environment holds cookies of: its web accounts. */
export function cookieSites(cookies: readonly StoredCookie[]): string[] {
  const sites = new Set<string>();
  for (const cookie of cookies) {
    const domain = cookie.domain.replace(/^\./, '');
    sites.add(registrableDomain(domain) ?? domain);
  }
  return [...sites].sort();
}

/** A site as a listid filter names it: 'https://www.amazon.com/x' → 'amazon.com'. */
export function siteOf(input: string): string {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^\./, '');
  return registrableDomain(host) ?? host;
}
