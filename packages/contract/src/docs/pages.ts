/**
 * The documentation pages of the local API: their slugs under /api/doc, titles
 * in both languages, the side navigation's groups, and which call areas each reference page shows.
 * The site's routes, the prerender, the search index and the tests all read them from here.
 */
import type { Localized } from '../i18n.ts';
import type { LocalApiArea } from '../schemas/routes.ts';

/** Where the documentation lives (English; Chinese under /zh). `/api/doc` shows the overview. */
export const API_DOC_BASE = '/api/doc';

/**
 * Every page the spec lists under /api/doc, in the spec's order, then the pages of what this
 * service offers beyond the spec (issue 18: AdsPower-compatible calls, the MCP server).
 */
export const API_DOC_SLUGS = [
  'overview',
  'help',
  'http',
  'question',
  'login',
  'members',
  'browser',
  'session',
  'group',
  'script',
  'plugin',
  'appendix',
  'code',
  'postman',
  'postman-debug',
  'postman-example',
  'example',
  'adspower',
  'mcp',
] as const;
export type ApiDocSlug = (typeof API_DOC_SLUGS)[number];

export function isApiDocSlug(value: string): value is ApiDocSlug {
  return (API_DOC_SLUGS as readonly string[]).includes(value);
}

/** The English path of a page (`/api/doc/session`). */
export function apiDocPath(slug: ApiDocSlug): string {
  return `${API_DOC_BASE}/${slug}`;
}

/** The page a path shows (`/api/doc` and `/zh/api/doc` are the overview), or undefined. */
export function apiDocSlugOf(path: string): ApiDocSlug | undefined {
  const match = /^(?:\/zh)?\/api\/doc(?:\/([a-z-]+))?\/?$/.exec(path.split(/[?#]/)[0] ?? '');
  if (!match) return undefined;
  const slug = match[1] ?? 'overview';
  return isApiDocSlug(slug) ? slug : undefined;
}

/** The reference pages: one per area of calls (the quit call sits with login). */
export const API_DOC_CALL_PAGES = {
  login: ['login', 'service'],
  members: ['members'],
  browser: ['browser'],
  // The proxy library (beyond the spec) sits with the environments that use its proxies.
  session: ['session', 'proxy'],
  group: ['group'],
  script: ['script'],
  plugin: ['plugin'],
} as const satisfies Partial<Record<ApiDocSlug, readonly LocalApiArea[]>>;
export type ApiDocCallPage = keyof typeof API_DOC_CALL_PAGES;

export function isCallPage(slug: ApiDocSlug): slug is ApiDocCallPage {
  return slug in API_DOC_CALL_PAGES;
}

/** The reference page that documents calls of `area`. */
export function callPageOf(area: LocalApiArea): ApiDocCallPage {
  for (const [page, areas] of Object.entries(API_DOC_CALL_PAGES)) {
    if ((areas as readonly string[]).includes(area)) return page as ApiDocCallPage;
  }
  throw new Error(`no documentation page for area ${area}`);
}

/** Page titles (navigation, headings, page titles). */
export const API_DOC_TITLES: Record<ApiDocSlug, Localized> = {
  overview: { en: 'Overview', zh: '概述' },
  help: { en: 'Start and log in', zh: '启动与登录' },
  http: { en: 'Calling over HTTP', zh: 'HTTP 调用方式' },
  question: { en: 'Troubleshooting', zh: '常见问题' },
  login: { en: 'Login and service', zh: '登录与服务' },
  members: { en: 'Membership', zh: '会员信息' },
  browser: { en: 'Browser control', zh: '浏览器控制' },
  session: { en: 'Environments', zh: '环境管理' },
  group: { en: 'Groups', zh: '分组管理' },
  script: { en: 'Scripts', zh: '脚本管理' },
  plugin: { en: 'Plugins', zh: '插件管理' },
  appendix: { en: 'Appendix: allowed values', zh: '附录：取值列表' },
  code: { en: 'Answer codes', zh: '返回码' },
  postman: { en: 'Postman: import', zh: 'Postman：导入' },
  'postman-debug': { en: 'Postman: debugging', zh: 'Postman：调试' },
  'postman-example': { en: 'Postman: worked example', zh: 'Postman：完整示例' },
  example: { en: 'Code examples', zh: '代码示例' },
  adspower: { en: 'AdsPower-compatible calls', zh: '兼容 AdsPower 的接口' },
  mcp: { en: 'MCP server for AI agents', zh: '面向 AI 智能体的 MCP 服务' },
};

/** The side navigation: groups of pages in reading order. */
export const API_DOC_NAV: readonly { title: Localized; pages: readonly ApiDocSlug[] }[] = [
  {
    title: { en: 'Getting started', zh: '入门' },
    pages: ['overview', 'help', 'http', 'question'],
  },
  {
    title: { en: 'Calls', zh: '接口' },
    pages: ['login', 'members', 'session', 'browser', 'group', 'script', 'plugin'],
  },
  { title: { en: 'Reference', zh: '参考' }, pages: ['appendix', 'code'] },
  {
    title: { en: 'Postman', zh: 'Postman' },
    pages: ['postman', 'postman-debug', 'postman-example'],
  },
  { title: { en: 'Examples', zh: '示例' }, pages: ['example'] },
  { title: { en: 'Beyond the spec', zh: '扩展功能' }, pages: ['adspower', 'mcp'] },
];

/** Files the site publishes next to the pages (under /api/doc/). */
export const API_DOC_FILES = {
  openapi: 'openapi.json',
  postmanCollection: 'hainiao-local-api.postman_collection.json',
  postmanEnvironment: 'hainiao-local-api.postman_environment.json',
} as const;

/** The anchor of a call on its page: `/api/v1/session/auto_open/add` → `session-auto_open-add`. */
export function callAnchor(path: string): string {
  const rest = path.replace(/^\/api\/v1\//, '').replace(/^\//, '');
  return rest.replace(/[^A-Za-z0-9_-]+/g, '-');
}
