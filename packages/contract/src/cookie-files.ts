/**
 * The cookie file formats, read and written alike by the local service (import-cookie,
 * export-cookie, the Cookie field) and the manager (a picked or pasted file, a download):
 * - JSON: an array of cookie objects as browser extensions export them (EditThisCookie,
 *   Cookie-Editor: domain, name, value, path, expirationDate, hostOnly, httpOnly, secure,
 *   sameSite 'no_restriction' | 'lax' | 'strict' | 'unspecified', session), the
 *   Puppeteer/Playwright shape (expires, sameSite 'Strict' | 'Lax' | 'None'), and that array
 *   wrapped as `{ "cookies": [...] }` (Playwright's storage state);
 * - Netscape cookies.txt (curl, wget, yt-dlp): domain, include-subdomains flag, path, secure,
 *   expiry, name, value separated by tabs, `#HttpOnly_` before the domain of HTTP-only cookies.
 * Reading gives the cookie objects as written (a cookies.txt line as the extension shape); the
 * service then checks each one (RFC 6265 names, canonical domains, public suffixes).
 */

/** At most this many cookies in one file or field. */
export const COOKIES_MAX = 10_000;

/** What is wrong with a cookie text as a whole (`line`: the cookies.txt line, from 1). */
export type CookieTextProblem =
  | { kind: 'empty' }
  | { kind: 'json' }
  | { kind: 'notArray' }
  | { kind: 'tooMany' }
  | { kind: 'fields'; line: number }
  | { kind: 'flags'; line: number }
  | { kind: 'expiry'; line: number }
  | { kind: 'none' };

export class CookieTextError extends Error {
  constructor(readonly problem: CookieTextProblem) {
    super(problem.kind);
  }
}

/** A cookie object as a file holds it (the service checks its fields). */
export type CookieObject = Record<string, unknown>;

function fromJson(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CookieTextError({ kind: 'json' });
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    parsed = (parsed as { cookies?: unknown }).cookies;
  }
  if (!Array.isArray(parsed)) throw new CookieTextError({ kind: 'notArray' });
  return parsed;
}

const FLAG = /^(TRUE|FALSE)$/i;
const TRUE = /^TRUE$/i;

function fromNetscape(text: string): CookieObject[] {
  const cookies: CookieObject[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = index + 1;
    let content = raw;
    let httpOnly = false;
    if (content.startsWith('#HttpOnly_')) {
      content = content.slice('#HttpOnly_'.length);
      httpOnly = true;
    } else if (content.startsWith('#') || content.trim() === '') {
      continue;
    }
    const fields = content.split('\t');
    if (fields.length !== 7) throw new CookieTextError({ kind: 'fields', line });
    const [domain = '', subdomains = '', path = '', secure = '', expiry = '', name = ''] = fields;
    if (!FLAG.test(subdomains) || !FLAG.test(secure)) {
      throw new CookieTextError({ kind: 'flags', line });
    }
    if (!/^\d+$/.test(expiry)) throw new CookieTextError({ kind: 'expiry', line });
    const expires = Number(expiry);
    cookies.push({
      name,
      value: fields[6] ?? '',
      domain,
      hostOnly: !TRUE.test(subdomains),
      path: path || '/',
      secure: TRUE.test(secure),
      httpOnly,
      // 0 is a session cookie in cookies.txt.
      ...(expires > 0 ? { expirationDate: expires } : { session: true }),
    });
    if (cookies.length > COOKIES_MAX) throw new CookieTextError({ kind: 'tooMany' });
  }
  return cookies;
}

/**
 * The cookie objects of a file's text in either format (JSON items as they are, even ones that
 * are not objects: the checker says which). An empty text, or one with no cookie, is an error.
 */
export function readCookieText(content: string): unknown[] {
  const text = content.replace(/^\uFEFF/, '').trim();
  if (!text) throw new CookieTextError({ kind: 'empty' });
  const items = text.startsWith('[') || text.startsWith('{') ? fromJson(text) : fromNetscape(text);
  if (items.length > COOKIES_MAX) throw new CookieTextError({ kind: 'tooMany' });
  if (items.length === 0) throw new CookieTextError({ kind: 'none' });
  return items;
}

/** A cookie as an environment keeps it (CDP's Network.CookieParam; expires -1: a session one). */
export interface KeptCookie {
  name: string;
  value: string;
  /** With a leading dot for domain cookies, without for host-only ones. */
  domain: string;
  path?: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

const EXTENSION_SAME_SITE = { None: 'no_restriction', Lax: 'lax', Strict: 'strict' } as const;
const isSession = (c: KeptCookie) => c.expires === undefined || c.expires === -1;

/** The JSON export: the array format of browser extensions (EditThisCookie, Cookie-Editor). */
export function toExtensionJson(cookies: readonly KeptCookie[]): string {
  const list = cookies.map((c, index) => ({
    domain: c.domain,
    expirationDate: isSession(c) ? undefined : c.expires,
    hostOnly: !c.domain.startsWith('.'),
    httpOnly: c.httpOnly ?? false,
    name: c.name,
    path: c.path ?? '/',
    sameSite: c.sameSite ? EXTENSION_SAME_SITE[c.sameSite] : 'unspecified',
    secure: c.secure ?? false,
    session: isSession(c),
    storeId: '0',
    value: c.value,
    id: index + 1,
  }));
  return `${JSON.stringify(list, null, 2)}\n`;
}

/** The Netscape cookies.txt export. */
export function toNetscape(cookies: readonly KeptCookie[]): string {
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
        c.path ?? '/',
        c.secure ? 'TRUE' : 'FALSE',
        String(isSession(c) ? 0 : c.expires),
        c.name,
        c.value,
      ].join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}
