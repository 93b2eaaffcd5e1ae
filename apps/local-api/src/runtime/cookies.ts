/**
 * Cookies of an environment: what import-cookie reads, export-cookie writes, create/update take in
 * their Cookie field, and the browser issue will load into the profile.
 *
 * Two file formats, recognised by their content:
 * - JSON: an array of cookie objects as browser extensions export them (EditThisCookie,
 *   Cookie-Editor: domain, name, value, path, expirationDate, hostOnly, httpOnly, secure,
 *   sameSite 'no_restriction' | 'lax' | 'strict' | 'unspecified', session), and the
 *   Puppeteer/Playwright shape (expires, sameSite 'Strict' | 'Lax' | 'None');
 * - Netscape cookies.txt (curl, wget, yt-dlp): domain, include-subdomains flag, path, secure,
 *   expiry, name, value separated by tabs, `#HttpOnly_` before the domain of HTTP-only cookies.
 * Each cookie is checked with tough-cookie (RFC 6265 names and values, canonical domains, no
 * cookie on a public suffix such as `.com`).
 */
import { canonicalDomain, getPublicSuffix } from 'tough-cookie';

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

export class CookieFormatError extends Error {}

/** The registrable domain (public suffix + 1) of a host, or undefined for a public suffix. */
function registrable(domain: string): string | undefined {
  try {
    return getPublicSuffix(domain) ?? undefined;
  } catch {
    // Special-use names (localhost, .local, .test…) have no public suffix.
    return undefined;
  }
}

const SAME_SITE: Record<string, SameSite | undefined> = {
  no_restriction: 'None',
  none: 'None',
  lax: 'Lax',
  strict: 'Strict',
  unspecified: undefined,
};

const MAX_COOKIES = 10_000;

function text(value: unknown, field: string, index: number): string {
  if (typeof value !== 'string') {
    throw new CookieFormatError(`cookie ${index + 1}: ${field} must be a string`);
  }
  return value;
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === 'TRUE';
}

/** Checks one cookie and returns it in the stored shape. */
function normalise(
  input: {
    name: string;
    value: string;
    domain: string;
    hostOnly: boolean;
    path?: string;
    expires?: number;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: string;
  },
  index: number,
): StoredCookie {
  const where = `cookie ${index + 1}`;
  const bare = input.domain.trim().replace(/^\./, '');
  const domain = canonicalDomain(bare);
  if (!domain || !/^[a-z0-9.-]+$|^\[?[0-9a-f:.]+\]?$/.test(domain) || domain.includes('..')) {
    throw new CookieFormatError(`${where}: invalid domain "${input.domain}"`);
  }
  const isIp = /^[\d.]+$|:/.test(domain);
  if (!isIp && domain !== 'localhost' && !registrable(domain)) {
    throw new CookieFormatError(`${where}: "${input.domain}" is a public suffix`);
  }
  const path = input.path?.trim() || '/';
  if (!path.startsWith('/')) throw new CookieFormatError(`${where}: path must start with /`);
  // eslint-disable-next-line no-control-regex -- RFC 6265 token: no controls, spaces, separators
  if (!input.name || /[\x00-\x20\x7f()<>@,;:\\"/[\]?={}]/.test(input.name)) {
    throw new CookieFormatError(`${where}: invalid name "${input.name}"`);
  }
  // What Chrome accepts in a value: anything but control characters and ';'.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\x00-\x08\x0a-\x1f\x7f;]/.test(input.value) || input.value.length > 4096) {
    throw new CookieFormatError(`${where} (${input.name}): invalid value`);
  }
  const expires =
    input.expires === undefined || !Number.isFinite(input.expires) || input.expires <= 0
      ? -1
      : Math.floor(input.expires);
  const sameSite = input.sameSite ? SAME_SITE[input.sameSite.toLowerCase()] : undefined;
  if (input.sameSite && !(input.sameSite.toLowerCase() in SAME_SITE)) {
    throw new CookieFormatError(`${where} (${input.name}): invalid sameSite "${input.sameSite}"`);
  }
  return {
    name: input.name,
    value: input.value,
    domain: input.hostOnly || isIp ? domain : `.${domain}`,
    path,
    expires,
    httpOnly: input.httpOnly ?? false,
    secure: input.secure ?? false,
    ...(sameSite ? { sameSite } : {}),
  };
}

/** A JSON cookie list (extension export, Puppeteer/Playwright, or what the store holds). */
export function parseCookieArray(items: unknown): StoredCookie[] {
  if (!Array.isArray(items)) throw new CookieFormatError('expected a JSON array of cookies');
  if (items.length > MAX_COOKIES) throw new CookieFormatError(`more than ${MAX_COOKIES} cookies`);
  return items.map((item, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw new CookieFormatError(`cookie ${index + 1}: expected an object`);
    }
    const c = item as Record<string, unknown>;
    const domain = text(c.domain ?? c.host, 'domain', index);
    const expires = c.expirationDate ?? c.expires ?? c.expiry;
    if (expires !== undefined && typeof expires !== 'number') {
      throw new CookieFormatError(`cookie ${index + 1}: expires must be a number`);
    }
    return normalise(
      {
        name: text(c.name, 'name', index),
        value: text(c.value ?? '', 'value', index),
        domain,
        // Extensions say hostOnly; other shapes use the leading dot.
        hostOnly: c.hostOnly === undefined ? !domain.startsWith('.') : bool(c.hostOnly),
        path: c.path === undefined ? undefined : text(c.path, 'path', index),
        expires: bool(c.session) ? undefined : (expires as number | undefined),
        httpOnly: bool(c.httpOnly),
        secure: bool(c.secure),
        sameSite: c.sameSite === undefined || c.sameSite === null ? undefined : String(c.sameSite),
      },
      index,
    );
  });
}

/** A Netscape cookies.txt file. */
export function parseNetscape(content: string): StoredCookie[] {
  const cookies: StoredCookie[] = [];
  const lines = content.split(/\r?\n/);
  for (const [lineIndex, raw] of lines.entries()) {
    let line = raw;
    let httpOnly = false;
    if (line.startsWith('#HttpOnly_')) {
      line = line.slice('#HttpOnly_'.length);
      httpOnly = true;
    } else if (line.startsWith('#') || line.trim() === '') {
      continue;
    }
    const fields = line.split('\t');
    if (fields.length !== 7) {
      throw new CookieFormatError(`line ${lineIndex + 1}: expected 7 tab-separated fields`);
    }
    const [domain = '', subdomains, path, secure, expiry, name = '', value = ''] = fields;
    if (!/^(TRUE|FALSE)$/i.test(subdomains ?? '') || !/^(TRUE|FALSE)$/i.test(secure ?? '')) {
      throw new CookieFormatError(`line ${lineIndex + 1}: flags must be TRUE or FALSE`);
    }
    if (!/^\d+$/.test(expiry ?? '')) {
      throw new CookieFormatError(`line ${lineIndex + 1}: expiry must be a number`);
    }
    cookies.push(
      normalise(
        {
          name,
          value,
          domain,
          hostOnly: !/^TRUE$/i.test(subdomains ?? ''),
          path,
          expires: Number(expiry),
          httpOnly,
          secure: /^TRUE$/i.test(secure ?? ''),
        },
        cookies.length,
      ),
    );
    if (cookies.length > MAX_COOKIES)
      throw new CookieFormatError(`more than ${MAX_COOKIES} cookies`);
  }
  return cookies;
}

/** A cookie file's content in either format; an empty or unrecognised file is invalid. */
export function parseCookieFile(content: string): StoredCookie[] {
  const trimmed = content.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new CookieFormatError('the file is empty');
  let cookies: StoredCookie[];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new CookieFormatError('not valid JSON');
    }
    // Some tools wrap the list: { "cookies": [...] } (Playwright storage state).
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      parsed = (parsed as { cookies?: unknown }).cookies;
    }
    cookies = parseCookieArray(parsed);
  } else {
    cookies = parseNetscape(trimmed);
  }
  if (cookies.length === 0) throw new CookieFormatError('no cookies in the file');
  return cookies;
}

/** The Cookie field of create/update: a JSON array of cookie objects, or that array as text. */
export function parseCookieField(value: string | readonly unknown[]): StoredCookie[] {
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    return parseCookieFile(value);
  }
  return parseCookieArray(value);
}

const key = (c: StoredCookie) => `${c.domain}\t${c.path}\t${c.name}`;

/** `incoming` over `existing`: the same domain, path and name is replaced. Expired ones are dropped. */
export function mergeCookies(
  existing: readonly StoredCookie[],
  incoming: readonly StoredCookie[],
  now = Date.now() / 1000,
): StoredCookie[] {
  const merged = new Map(existing.map((c) => [key(c), c]));
  for (const cookie of incoming) merged.set(key(cookie), cookie);
  return [...merged.values()].filter((c) => c.expires === -1 || c.expires > now);
}

/** The sites (registrable domains) an environment holds cookies of: its web accounts. */
export function cookieSites(cookies: readonly StoredCookie[]): string[] {
  const sites = new Set<string>();
  for (const cookie of cookies) {
    const domain = cookie.domain.replace(/^\./, '');
    sites.add(registrable(domain) ?? domain);
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
  return registrable(host) ?? host;
}

/** The JSON export: the array format of browser extensions (EditThisCookie, Cookie-Editor). */
export function toExtensionJson(cookies: readonly StoredCookie[]): string {
  const list = cookies.map((c, index) => ({
    domain: c.domain,
    expirationDate: c.expires === -1 ? undefined : c.expires,
    hostOnly: !c.domain.startsWith('.'),
    httpOnly: c.httpOnly,
    name: c.name,
    path: c.path,
    sameSite:
      c.sameSite === 'None'
        ? 'no_restriction'
        : c.sameSite === 'Lax'
          ? 'lax'
          : c.sameSite === 'Strict'
            ? 'strict'
            : 'unspecified',
    secure: c.secure,
    session: c.expires === -1,
    storeId: '0',
    value: c.value,
    id: index + 1,
  }));
  return `${JSON.stringify(list, null, 2)}\n`;
}

/** The Netscape cookies.txt export. */
export function toNetscape(cookies: readonly StoredCookie[]): string {
  const lines = [
    '# Netscape HTTP Cookie File',
    '# Exported by Hainiao. This file can be used by curl, wget and browser extensions.',
    '',
  ];
  for (const c of cookies) {
    lines.push(
      [
        `${c.httpOnly ? '#HttpOnly_' : ''}${c.domain}`,
        c.domain.startsWith('.') ? 'TRUE' : 'FALSE',
        c.path,
        c.secure ? 'TRUE' : 'FALSE',
        String(c.expires === -1 ? 0 : c.expires),
        c.name,
        c.value,
      ].join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}
