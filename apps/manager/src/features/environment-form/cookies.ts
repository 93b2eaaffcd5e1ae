/**
 * Cookie files in the browser: what the manager reads from a file the user picks or text pasted,
 * and what it writes for a download. The formats are the contract's (cookie-files.ts), the ones
 * the service's import-cookie reads. The items go to the Cookie field of session/update, which
 * checks each cookie itself (RFC 6265 names, public suffixes…) and answers -112 with the rule
 * that failed; here only the shape is read. Pure: unit-tested beside it.
 */
import { CookieTextError, readCookieText } from '@hainiao/contract';

export type CookieItem = Record<string, unknown> & { name: string; value: string; domain: string };

export type CookieFileProblem = 'empty' | 'json' | 'shape' | 'netscape' | 'tooMany' | 'none';

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
  tooMany: {
    en: 'The file holds more than 10,000 cookies.',
    zh: '文件中的 Cookie 超过 10,000 个。',
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

function fileError(error: CookieTextError): CookieFileError {
  const problem = error.problem;
  switch (problem.kind) {
    case 'notArray':
      return new CookieFileError('shape');
    case 'fields':
    case 'flags':
    case 'expiry':
      return new CookieFileError('netscape', problem.line);
    default:
      return new CookieFileError(problem.kind);
  }
}

/** The cookies of a file's text; a CookieFileError says what is wrong. */
export function parseCookieText(content: string): CookieItem[] {
  let items: unknown[];
  try {
    items = readCookieText(content);
  } catch (error) {
    throw error instanceof CookieTextError ? fileError(error) : error;
  }
  if (!items.every(isItem)) throw new CookieFileError('shape');
  return items.map((c) => {
    const { host, ...rest } = c as CookieItem & { host?: string };
    return {
      ...rest,
      domain: c.domain ?? host ?? '',
      value: typeof c.value === 'string' ? c.value : '',
    };
  });
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

/** A file name for an environment's cookies: its name made safe, and the start of its id. */
export function cookieFileName(name: string, id: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40);
  return `cookies-${safe || 'environment'}-${id.slice(0, 8)}.json`;
}
