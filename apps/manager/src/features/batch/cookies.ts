/**
 * Cookie files in the browser: what the manager reads from a file the user picks and what it
 * writes for a download. The formats are the ones import-cookie reads from the service's cookie
 * folder (apps/local-api/src/runtime/profile/cookies.ts): a JSON array as browser extensions export it
 * (EditThisCookie, Cookie-Editor), the Puppeteer/Playwright shape (also wrapped as
 * `{ "cookies": [...] }`), and Netscape cookies.txt. The items go to the Cookie field of
 * session/update, which checks each cookie itself (RFC 6265 names, public suffixes…) and answers
 * -112 with the rule that failed; here only the shape is read. Pure: unit-tested beside it.
 */
export type CookieItem = Record<string, unknown> & { name: string; value: string; domain: string };

export type CookieFileProblem = 'empty' | 'json' | 'shape' | 'netscape' | 'none';

const PROBLEMS: Record<CookieFileProblem, { en: string; zh: string }> = {
  empty: { en: 'The file is empty.', zh: '文件为空。' },
  json: { en: 'The file is not valid JSON.', zh: '文件不是有效的 JSON。' },
  shape: {
    en: 'Expected a JSON array of cookies, each with name, value and domain.',
    zh: '应为 Cookie 的 JSON 数组，每个 Cookie 须有 name、value 和 domain。',
  },
  netscape: {
    en: 'Line {line} is not a cookies.txt line (7 fields separated by tabs).',
    zh: '第 {line} 行不是 cookies.txt 格式（7 个以制表符分隔的字段）。',
  },
  none: { en: 'The file holds no cookies.', zh: '文件中没有 Cookie。' },
};

export class CookieFileError extends Error {
  constructor(
    readonly problem: CookieFileProblem,
    readonly line = 0,
  ) {
    super(problem);
  }

  text(lang: 'en' | 'zh'): string {
    return PROBLEMS[this.problem][lang].replace('{line}', String(this.line));
  }
}

function isItem(value: unknown): value is CookieItem {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const c = value as Record<string, unknown>;
  const domain = c.domain ?? c.host;
  return typeof c.name === 'string' && c.name !== '' && typeof domain === 'string' && domain !== '';
}

function fromJson(text: string): CookieItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CookieFileError('json');
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    parsed = (parsed as { cookies?: unknown }).cookies;
  }
  if (!Array.isArray(parsed) || !parsed.every(isItem)) throw new CookieFileError('shape');
  return parsed.map((c) => {
    const { host, ...rest } = c as CookieItem & { host?: string };
    return {
      ...rest,
      domain: c.domain ?? host ?? '',
      value: typeof c.value === 'string' ? c.value : '',
    };
  });
}

function fromNetscape(text: string): CookieItem[] {
  const cookies: CookieItem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    let line = raw;
    let httpOnly = false;
    if (line.startsWith('#HttpOnly_')) {
      line = line.slice('#HttpOnly_'.length);
      httpOnly = true;
    } else if (line.startsWith('#') || line.trim() === '') {
      return;
    }
    const fields = line.split('\t');
    const [domain, subdomains, path, secure, expiry, name, value] = fields;
    if (
      fields.length !== 7 ||
      !domain ||
      !name ||
      !/^(TRUE|FALSE)$/i.test(subdomains ?? '') ||
      !/^(TRUE|FALSE)$/i.test(secure ?? '') ||
      !/^\d+$/.test(expiry ?? '')
    ) {
      throw new CookieFileError('netscape', index + 1);
    }
    const expires = Number(expiry);
    cookies.push({
      name,
      value: value ?? '',
      domain,
      hostOnly: !/^TRUE$/i.test(subdomains ?? ''),
      path: path || '/',
      secure: /^TRUE$/i.test(secure ?? ''),
      httpOnly,
      ...(expires > 0 ? { expires } : { session: true }),
    });
  });
  return cookies;
}

/** The cookies of a file's text; a CookieFileError says what is wrong. */
export function parseCookieText(content: string): CookieItem[] {
  const text = content.replace(/^\uFEFF/, '').trim();
  if (!text) throw new CookieFileError('empty');
  const cookies =
    text.startsWith('[') || text.startsWith('{') ? fromJson(text) : fromNetscape(text);
  if (cookies.length === 0) throw new CookieFileError('none');
  return cookies;
}

/** Domain, path and name, as the service keys a cookie (a host-only cookie has no leading dot). */
export function cookieKey(c: CookieItem): string {
  const bare = c.domain.trim().toLowerCase().replace(/^\./, '');
  const hostOnly =
    c.hostOnly === undefined ? !c.domain.trim().startsWith('.') : c.hostOnly === true;
  const path = typeof c.path === 'string' && c.path.trim() ? c.path.trim() : '/';
  return `${hostOnly ? bare : `.${bare}`}\t${path}\t${c.name}`;
}

/** `incoming` over `existing`: a cookie with the same domain, path and name is replaced. */
export function mergeCookies(existing: readonly CookieItem[], incoming: readonly CookieItem[]) {
  const merged = new Map(existing.map((c) => [cookieKey(c), c]));
  for (const cookie of incoming) merged.set(cookieKey(cookie), cookie);
  return [...merged.values()];
}

/** A stored cookie as id_container answers it (apps/local-api model/cookie.ts). */
interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  path?: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

const SAME_SITE = { None: 'no_restriction', Lax: 'lax', Strict: 'strict' } as const;

/** The download: the JSON array of browser extensions, as export-cookie writes it. */
export function toExtensionJson(cookies: readonly StoredCookie[]): string {
  const list = cookies.map((c, index) => {
    const session = c.expires === undefined || c.expires === -1;
    return {
      domain: c.domain,
      expirationDate: session ? undefined : c.expires,
      hostOnly: !c.domain.startsWith('.'),
      httpOnly: c.httpOnly ?? false,
      name: c.name,
      path: c.path ?? '/',
      sameSite: c.sameSite ? SAME_SITE[c.sameSite] : 'unspecified',
      secure: c.secure ?? false,
      session,
      storeId: '0',
      value: c.value,
      id: index + 1,
    };
  });
  return `${JSON.stringify(list, null, 2)}\n`;
}

/** A file name for an environment's cookies: its name made safe, and the start of its id. */
export function cookieFileName(name: string, id: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40);
  return `cookies-${safe || 'environment'}-${id.slice(0, 8)}.json`;
}
