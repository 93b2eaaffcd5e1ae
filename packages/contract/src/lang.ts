import type { Lang, Localized } from './i18n.ts';

/**
 * Language-prefix rules of the site: English paths have no prefix, Chinese paths carry `/zh`, and
 * switching language adds or removes it. The URL is the only source of the language.
 */
export const ZH_PREFIX = '/zh';
/** Browser storage key of the chosen language. */
export const LANG_STORAGE_KEY = 'lang';
/** Browser storage keys of the session token and the signed-in email. */
export const TOKEN_STORAGE_KEY = 'token';
export const EMAIL_STORAGE_KEY = 'email';

function splitPath(href: string): { path: string; rest: string } {
  const cut = href.search(/[?#]/);
  return cut === -1
    ? { path: href, rest: '' }
    : { path: href.slice(0, cut), rest: href.slice(cut) };
}

function hasZhPrefix(path: string): boolean {
  return path === ZH_PREFIX || path.startsWith(`${ZH_PREFIX}/`);
}

/** zh when the path starts with /zh, else en (the default). */
export function langFromPath(href: string): Lang {
  return hasZhPrefix(splitPath(href).path) ? 'zh' : 'en';
}

/** Removes the /zh prefix; query and hash are kept. `/zh` becomes `/`. */
export function stripLangPrefix(href: string): string {
  const { path, rest } = splitPath(href);
  if (!hasZhPrefix(path)) return (path || '/') + rest;
  return (path.slice(ZH_PREFIX.length) || '/') + rest;
}

/** The same page in `lang`: adds or removes the prefix, keeping query and hash. */
export function localizePath(href: string, lang: Lang): string {
  const plain = stripLangPrefix(href);
  if (lang === 'en') return plain;
  const { path, rest } = splitPath(plain);
  return (path === '/' ? ZH_PREFIX : ZH_PREFIX + path) + rest;
}

/**
 * Where a visitor whose chosen language is `lang` must be sent from `href`, or null when the path
 * already matches: Chinese without prefix gets it added; any other language loses it.
 */
export function languageRedirect(href: string, lang: Lang): string | null {
  const target = localizePath(href, lang);
  return target === href ? null : target;
}

export type MenuKey = 'home' | 'application' | 'price' | 'download' | 'api-doc' | 'faq';

export const MENU_ITEMS: readonly { key: MenuKey; path: string; label: Localized }[] = [
  { key: 'home', path: '/', label: { en: 'Home', zh: '首页' } },
  { key: 'application', path: '/application', label: { en: 'Applications', zh: '应用场景' } },
  { key: 'price', path: '/price', label: { en: 'Pricing', zh: '价格' } },
  { key: 'download', path: '/download', label: { en: 'Download', zh: '下载' } },
  { key: 'api-doc', path: '/api/doc', label: { en: 'API Docs', zh: 'API 文档' } },
  { key: 'faq', path: '/faq', label: { en: 'FAQ', zh: '常见问题' } },
];

/**
 * The active menu key: the first path segment after removing /zh; any path containing /api/doc
 * selects `api-doc`; an empty segment means `home`. Other segments (e.g. `ticket`) are returned
 * as they are and simply match no menu entry.
 */
export function activeMenuKey(href: string): string {
  const path = splitPath(stripLangPrefix(href)).path;
  if (path.includes('/api/doc')) return 'api-doc';
  const first = path.split('/').find((segment) => segment !== '') ?? '';
  return first === '' ? 'home' : first;
}

/** The `lang` form field of every cloud call: 'zh-CHS' for Chinese, else 'en'. */
export type CloudLang = 'zh-CHS' | 'en';
export function cloudLang(lang: Lang): CloudLang {
  return lang === 'zh' ? 'zh-CHS' : 'en';
}
/** The reverse, for servers reading the `lang` field (anything but zh-CHS is English). */
export function langFromCloud(value: unknown): Lang {
  return typeof value === 'string' && /^zh/i.test(value) ? 'zh' : 'en';
}

/** The site's routes as the site's specification lists them, English paths. */
export const SITE_ROUTES = {
  home: '/',
  application: '/application',
  price: '/price',
  download: '/download',
  api: '/api',
  apiDoc: '/api/doc',
  faq: '/faq',
  faqArticle: '/faq/:id.html',
  route: '/route',
  privacy: '/privacy',
  ticket: '/ticket',
  ticketAdd: '/ticket/add',
  ticketInfo: '/ticket/info/:id',
  // Beyond the spec's table: the site's own sign-in and sign-up (docs/architecture.md, "Sign-in").
  signin: '/signin',
  signup: '/signup',
  // Forgot password (issue 27): ask for a mailed link, then choose a new password with it.
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  // A detail link without an id still gets its page, which says the id is missing.
  ticketInfoMissingId: '/ticket/info',
  // The staff console (docs/architecture.md, "Tickets"; staff accounts only).
  staff: '/staff',
  staffTicket: '/staff/ticket/:id',
} as const;

/**
 * A same-site path to go to after /route or sign-in, or null: absolute URLs, protocol-relative
 * `//host` and backslash tricks are refused (no open redirect).
 */
export function safeTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return null;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a target
  if (/[\u0000-\u001f]/.test(target)) return null;
  return target;
}

const ROUTE_PATTERNS = Object.entries(SITE_ROUTES).map(([key, pattern]) => {
  const source = pattern
    .split('/')
    .map((segment) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+'))
    .join('/');
  return { key: key as keyof typeof SITE_ROUTES, regex: new RegExp(`^${source}/?$`) };
});
// The documentation shell has one child page per section (API_DOC_SLUGS, ./docs/pages.ts).
const API_DOC_CHILD = /^\/api\/doc\/[a-z-]+\/?$/;

/** The route a path (with or without /zh) belongs to, or null for a path the site does not have. */
export function matchSiteRoute(href: string): keyof typeof SITE_ROUTES | null {
  const path = splitPath(stripLangPrefix(href)).path;
  if (API_DOC_CHILD.test(path)) return 'apiDoc';
  return ROUTE_PATTERNS.find((route) => route.regex.test(path))?.key ?? null;
}

/** Routes where no outside script may run: the console, tickets, staff, and the sign-in steps. */
const PRIVATE_ROUTES = new Set<string>([
  'api',
  'route',
  'signin',
  'signup',
  'forgotPassword',
  'resetPassword',
  'ticket',
  'ticketAdd',
  'ticketInfo',
  'ticketInfoMissingId',
  'staff',
  'staffTicket',
]);

/**
 * Whether the customer-service chat script may run on a page (either language): never on
 * signed-in screens and the sign-in steps, where an outside script could read tokens, keys or
 * passwords. The cloud sends no chat meta tag and no chat host in the page's CSP there, and the
 * site never loads the script there.
 */
export function chatAllowedOn(pathname: string): boolean {
  const route = matchSiteRoute(pathname);
  if (route !== null && PRIVATE_ROUTES.has(route)) return false;
  // Paths under a private area that the route table does not know (e.g. /ticket/x/y) are 404
  // pages; they stay private too, whatever is typed after /ticket or /staff.
  return !/^(?:\/zh)?\/(?:ticket|staff)(?:\/|$)/.test(pathname);
}
