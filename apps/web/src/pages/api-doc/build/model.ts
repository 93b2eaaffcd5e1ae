/**
 * Build time (Node): the data of each documentation page, the search index over all of them, and
 * the published files (OpenAPI document, Postman collection and environment), all generated from
 * the contract. build/plugin.ts hands them to the pages as `virtual:api-doc/*` modules, so the
 * browser gets plain JSON and runs no schema code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADSPOWER_COMPAT_PORT,
  ADSPOWER_COMPAT_ROUTES,
  ADSPOWER_DOC_CALLS,
  API_DOC_CALL_PAGES,
  API_DOC_FILES,
  API_DOC_SLUGS,
  API_DOC_TITLES,
  AUTO_CONFIGURE_CLIENT_TIMEOUT_MS,
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  CODE_TABLE_TITLES,
  CODE_TABLES,
  COUNTRIES,
  DELETE_MAX,
  FINGERPRINT_SETTING_FLAGS,
  GROUP_NAME_MAX,
  LANGUAGES,
  LIST_NUM_DEFAULT,
  LIST_NUM_MAX,
  LOCAL_API_BODY_LIMIT_BYTES,
  LOCAL_API_FLAGS,
  LOCAL_API_HTTP_STATUSES,
  LOCAL_API_PORT,
  LOCAL_API_RATE_LIMITS,
  MOBILE_SYSTEMS,
  OPENAPI_PATH,
  POSTMAN_FLOW,
  POSTMAN_VARIABLES,
  PROXY_CHECK_CODES_NOTE,
  PROXY_TYPES,
  RESOLUTIONS,
  SCRIPTS_PER_SESSION_MAX,
  SESSION_DESC_MAX,
  SESSION_NAME_MAX,
  STATUS_QUERY_MAX,
  SYSTEMS,
  MCP_PATH,
  MCP_TOOLS,
  TIMEZONES,
  adsPowerCallKey,
  bodyJsonSchema,
  buildOpenApi,
  buildPostmanCollection,
  buildPostmanEnvironment,
  docCalls,
  exampleAnswer,
  isCallPage,
  type AdsPowerCallKey,
  type ApiDocSlug,
  type CodeTableName,
  type DocCall,
  type Lang,
  type Localized,
} from '@hainiao/contract';
import { apiDocCopy } from '../../../locales/pages/api-doc.ts';
import { apiDocPages, type ProseSlug } from '../../../locales/pages/api-doc-pages.ts';
import type {
  AdsPowerCallView,
  Block,
  CallLink,
  CallView,
  CodeTableView,
  DocPageData,
  ExampleFile,
  SearchEntry,
} from '../types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (apps/web/src/pages/api-doc/build → five levels up). */
export const REPO_ROOT = path.resolve(here, '../../../../../..');

/** The runnable examples of the example page (docs/examples/, run by the test suite). */
export const EXAMPLE_FILES: readonly Omit<ExampleFile, 'source'>[] = [
  { id: 'curl', file: 'docs/examples/curl.sh', language: 'sh' },
  { id: 'puppeteer', file: 'docs/examples/puppeteer.mjs', language: 'js' },
  { id: 'playwright', file: 'docs/examples/playwright.mjs', language: 'js' },
  { id: 'python-requests', file: 'docs/examples/requests_example.py', language: 'py' },
  { id: 'python-selenium', file: 'docs/examples/selenium_example.py', language: 'py' },
];

export const CODE_TABLE_ORDER: readonly CodeTableName[] = ['main', 'session', 'browser', 'curl'];

function callView(call: DocCall): CallView {
  return { ...call, answer: { en: exampleAnswer(call, 'en'), zh: exampleAnswer(call, 'zh') } };
}

function callLink(call: DocCall): CallLink {
  return { path: call.path, title: call.title, page: call.page, anchor: call.anchor };
}

const both = (en: string, zh: string): Localized => ({ en, zh });

/** The limits of the contract (limits.ts, LOCAL_API_RATE_LIMITS), in words, for the overview. */
function limits(): { label: Localized; value: Localized }[] {
  const rate = Object.entries(LOCAL_API_RATE_LIMITS);
  return [
    {
      label: both('Default port', '默认端口'),
      value: both(`${LOCAL_API_PORT}`, `${LOCAL_API_PORT}`),
    },
    {
      label: both('IDs per listid page (ListNum)', 'listid 每页 ID 数（ListNum）'),
      value: both(
        `at most ${LIST_NUM_MAX}; ${LIST_NUM_DEFAULT} by default`,
        `最多 ${LIST_NUM_MAX}；默认 ${LIST_NUM_DEFAULT}`,
      ),
    },
    {
      label: both('Environments per delete', '每次删除的环境数'),
      value: both(`at most ${DELETE_MAX}`, `最多 ${DELETE_MAX}`),
    },
    {
      label: both(
        'Environments per start, stop, kill or status',
        '每次启动、关闭、结束或查询状态的环境数',
      ),
      value: both(`at most ${STATUS_QUERY_MAX}`, `最多 ${STATUS_QUERY_MAX}`),
    },
    {
      label: both('Scripts per environment', '每个环境的脚本数'),
      value: both(`at most ${SCRIPTS_PER_SESSION_MAX}`, `最多 ${SCRIPTS_PER_SESSION_MAX}`),
    },
    {
      label: both('Name, description, group name', '名称、描述、分组名称'),
      value: both(
        `${SESSION_NAME_MAX}, ${SESSION_DESC_MAX} and ${GROUP_NAME_MAX} characters`,
        `分别最多 ${SESSION_NAME_MAX}、${SESSION_DESC_MAX}、${GROUP_NAME_MAX} 个字符`,
      ),
    },
    {
      label: both('FingerPrint_Setting', 'FingerPrint_Setting'),
      value: both(
        `${FINGERPRINT_SETTING_FLAGS} flags, e.g. 1,1,1,1`,
        `${FINGERPRINT_SETTING_FLAGS} 个开关，例如 1,1,1,1`,
      ),
    },
    {
      label: both('Browser versions', '浏览器版本'),
      value: both(
        `${BROWSER_VERSION_MIN} to ${BROWSER_VERSION_MAX}`,
        `${BROWSER_VERSION_MIN} 到 ${BROWSER_VERSION_MAX}`,
      ),
    },
    ...rate.map(([call, limit]) => ({
      label: both(`Rate limit of ${call}`, `${call} 频率限制`),
      value: both(`${limit} calls per minute`, `每分钟 ${limit} 次`),
    })),
    {
      label: both(
        'Client time-out of create with Automatic_Configure 1',
        'Automatic_Configure 为 1 时创建接口的客户端超时',
      ),
      value: both(
        `more than ${AUTO_CONFIGURE_CLIENT_TIMEOUT_MS / 1000} seconds`,
        `大于 ${AUTO_CONFIGURE_CLIENT_TIMEOUT_MS / 1000} 秒`,
      ),
    },
    {
      label: both('Request body', '请求体'),
      value: both(
        `at most ${LOCAL_API_BODY_LIMIT_BYTES / 1024 / 1024} MB`,
        `最多 ${LOCAL_API_BODY_LIMIT_BYTES / 1024 / 1024} MB`,
      ),
    },
  ];
}

function codeTables(): CodeTableView[] {
  return CODE_TABLE_ORDER.map((table) => ({
    table,
    title: CODE_TABLE_TITLES[table],
    ...(table === 'curl' ? { note: PROXY_CHECK_CODES_NOTE } : {}),
    entries: CODE_TABLES[table].entries.map(({ code, name, en, zh }) => ({ code, name, en, zh })),
  }));
}

function examples(): ExampleFile[] {
  return EXAMPLE_FILES.map((example) => ({
    ...example,
    source: fs.readFileSync(path.join(REPO_ROOT, example.file), 'utf8'),
  }));
}

function postmanView() {
  const calls = new Map(docCalls().map((call) => [call.path, call]));
  return {
    files: {
      openapi: API_DOC_FILES.openapi,
      collection: API_DOC_FILES.postmanCollection,
      environment: API_DOC_FILES.postmanEnvironment,
    },
    flow: POSTMAN_FLOW.map((folder) => ({
      name: folder.name,
      calls: folder.calls.map((path) => callLink(calls.get(path)!)),
    })),
    variables: POSTMAN_VARIABLES.map(({ key, value, description, environment }) => ({
      key,
      value,
      description,
      environment,
    })),
  };
}

const flagsOf = (names: readonly string[]) =>
  LOCAL_API_FLAGS.filter((flag) => names.includes(flag.flag));

/** The AdsPower-compatible calls with their parameters, read from the schemas that check them. */
function adsPowerCalls(): AdsPowerCallView[] {
  return ADSPOWER_COMPAT_ROUTES.map((route) => {
    const schema = bodyJsonSchema(route.schema);
    const required = new Set(schema.required ?? []);
    return {
      method: route.method,
      path: route.path,
      input: route.input,
      parameters: Object.keys(schema.properties ?? {}).map((name) => ({
        name,
        required: required.has(name),
      })),
      does: ADSPOWER_DOC_CALLS[adsPowerCallKey(route) as AdsPowerCallKey],
    };
  });
}

/** The `call-example:<path>` blocks of a prose page. */
function exampleCallsOf(slug: ProseSlug): CallView[] {
  const paths = new Set(
    apiDocPages.en[slug].sections
      .flatMap((section) => section.blocks)
      .flatMap((block) =>
        'generated' in block && block.generated.startsWith('call-example:')
          ? [block.generated.slice('call-example:'.length)]
          : [],
      ),
  );
  return docCalls()
    .filter((call) => paths.has(call.path))
    .map(callView);
}

/** Everything a page renders beyond its copy. */
export function pageData(slug: ApiDocSlug): DocPageData {
  if (isCallPage(slug)) {
    const areas = API_DOC_CALL_PAGES[slug] as readonly string[];
    return {
      slug,
      calls: docCalls()
        .filter((c) => areas.includes(c.area))
        .map(callView),
    };
  }
  switch (slug) {
    case 'overview':
      return {
        slug,
        callIndex: docCalls().map(callLink),
        limits: limits(),
        postman: postmanView(),
        http: httpData(),
      };
    case 'help':
      return { slug, flags: LOCAL_API_FLAGS };
    case 'http':
      return { slug, http: httpData() };
    case 'appendix':
      return {
        slug,
        appendix: {
          systems: SYSTEMS,
          mobileSystems: MOBILE_SYSTEMS,
          proxyTypes: PROXY_TYPES,
          resolutions: RESOLUTIONS,
          timezones: TIMEZONES.map(({ offset, zone, label }) => ({ offset, zone, label })),
          languages: LANGUAGES.map(({ code, name, nativeName, rendering }) => ({
            code,
            name,
            nativeName,
            rendering,
          })),
          countries: COUNTRIES.map(({ code, name }) => ({ code, name })),
        },
      };
    case 'code':
      return { slug, codeTables: codeTables() };
    case 'postman':
      return { slug, postman: postmanView(), http: httpData() };
    case 'postman-example':
      return { slug, postman: postmanView(), calls: exampleCallsOf('postman-example') };
    case 'example':
      return { slug, examples: examples() };
    case 'adspower':
      return {
        slug,
        adspower: { calls: adsPowerCalls(), compatPort: ADSPOWER_COMPAT_PORT },
        flags: flagsOf(['--compat-port', '--api-key']),
      };
    case 'mcp':
      return { slug, mcp: { path: MCP_PATH, tools: MCP_TOOLS }, flags: flagsOf(['--api-key']) };
    case 'question':
    case 'postman-debug':
      return { slug };
  }
  throw new Error(`no documentation page ${slug}`);
}

function httpData() {
  return {
    statuses: LOCAL_API_HTTP_STATUSES,
    rateLimits: Object.entries(LOCAL_API_RATE_LIMITS).map(([path, perMinute]) => ({
      path,
      perMinute: perMinute as number,
    })),
    bodyLimitMb: LOCAL_API_BODY_LIMIT_BYTES / 1024 / 1024,
    openapiPath: OPENAPI_PATH,
  };
}

// --- Search ---------------------------------------------------------------------------------------

/** Inline markup as plain text (`code`, **bold**, [text](href)). */
export function plainText(inline: string): string {
  return inline
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
}

function blockText(block: Block): string {
  if ('p' in block) return plainText(block.p);
  if ('list' in block) return block.list.map(plainText).join(' ');
  if ('note' in block) return plainText(block.note);
  if ('table' in block)
    return [...block.table.head, ...block.table.rows.flat()].map(plainText).join(' ');
  if ('code' in block) return block.code;
  return '';
}

/** The text a search for a call should find: path, title, purpose, notes and field names. */
function callText(call: DocCall, lang: Lang): string {
  return [
    call.path,
    call.purpose[lang],
    ...call.notes.map((n) => n[lang]),
    ...call.fields.map((f) => `${f.name} ${f.description[lang]}`),
  ].join(' ');
}

/** One entry per page, per section of a hand-written page, per call, per code and per list. */
export function searchIndex(): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const description = (slug: ApiDocSlug) =>
    both(apiDocCopy.en.pageDescriptions[slug], apiDocCopy.zh.pageDescriptions[slug]);
  for (const slug of API_DOC_SLUGS) {
    entries.push({ slug, anchor: '', title: API_DOC_TITLES[slug], text: description(slug) });
    if (slug in apiDocPages.en) {
      const prose = slug as ProseSlug;
      apiDocPages.en[prose].sections.forEach((section, index) => {
        const zh = apiDocPages.zh[prose].sections[index]!;
        entries.push({
          slug,
          anchor: section.id,
          title: both(section.title, zh.title),
          text: both(section.blocks.map(blockText).join(' '), zh.blocks.map(blockText).join(' ')),
        });
      });
    }
  }
  for (const call of docCalls()) {
    entries.push({
      slug: call.page,
      anchor: call.anchor,
      title: both(`${call.title.en} — ${call.path}`, `${call.title.zh} — ${call.path}`),
      text: both(callText(call, 'en'), callText(call, 'zh')),
    });
  }
  for (const table of codeTables()) {
    for (const entry of table.entries) {
      entries.push({
        slug: 'code',
        anchor: table.table,
        title: both(`${entry.code} ${entry.name}`, `${entry.code} ${entry.name}`),
        text: both(`${table.title.en}: ${entry.en}`, `${table.title.zh}：${entry.zh}`),
      });
    }
  }
  for (const flag of LOCAL_API_FLAGS) {
    entries.push({
      slug: 'help',
      anchor: 'flags',
      title: both(flag.flag, flag.flag),
      text: both(
        `${flag.meaning.en} (default ${flag.default.en})`,
        `${flag.meaning.zh}（默认 ${flag.default.zh}）`,
      ),
    });
  }
  for (const call of adsPowerCalls()) {
    const key = `${call.method} ${call.path}`;
    entries.push({
      slug: 'adspower',
      anchor: 'calls',
      title: both(`AdsPower — ${key}`, `AdsPower — ${key}`),
      text: both(
        `${call.does.en} ${call.parameters.map((p) => p.name).join(' ')}`,
        `${call.does.zh} ${call.parameters.map((p) => p.name).join(' ')}`,
      ),
    });
  }
  for (const tool of MCP_TOOLS) {
    entries.push({
      slug: 'mcp',
      anchor: 'tools',
      title: both(`MCP — ${tool.name}`, `MCP — ${tool.name}`),
      text: both(tool.does.en, tool.does.zh),
    });
  }
  const appendix: [string, Localized, readonly string[]][] = [
    ['systems', both('Systems', '系统'), SYSTEMS],
    ['proxy-types', both('Proxy types', '代理类型'), PROXY_TYPES],
    ['resolutions', both('Resolutions', '分辨率'), RESOLUTIONS],
  ];
  for (const [anchor, title, values] of appendix) {
    entries.push({
      slug: 'appendix',
      anchor,
      title,
      text: both(values.join(' '), values.join(' ')),
    });
  }
  entries.push(
    {
      slug: 'appendix',
      anchor: 'timezones',
      title: both('Time zones', '时区'),
      text: both(
        TIMEZONES.map((t) => t.zone).join(' '),
        TIMEZONES.map((t) => `${t.zone} ${t.label.zh}`).join(' '),
      ),
    },
    {
      slug: 'appendix',
      anchor: 'languages',
      title: both('Languages', '语言'),
      text: both(
        LANGUAGES.map((l) => `${l.code} ${l.name.en}`).join(' '),
        LANGUAGES.map((l) => `${l.code} ${l.name.zh}`).join(' '),
      ),
    },
    {
      slug: 'appendix',
      anchor: 'countries',
      title: both('Country codes', '国家代码'),
      text: both(
        COUNTRIES.map((c) => `${c.code} ${c.name.en}`).join(' '),
        COUNTRIES.map((c) => `${c.code} ${c.name.zh}`).join(' '),
      ),
    },
  );
  return entries;
}

// --- Published files --------------------------------------------------------------------------

/** The files published under /api/doc/: OpenAPI document, Postman collection and environment. */
export function publishedFiles(siteUrl: string): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    [API_DOC_FILES.openapi]: json(buildOpenApi({ siteUrl })),
    [API_DOC_FILES.postmanCollection]: json(buildPostmanCollection({ siteUrl })),
    [API_DOC_FILES.postmanEnvironment]: json(buildPostmanEnvironment()),
  };
}
