/**
 * The OpenAPI 3.1 document of the local API, generated from the contract: every call with its
 * request schema (the input side of the zod schema the service validates with: types, limits,
 * required fields, descriptions in English with `x-description-zh`, examples), its answers with
 * the schemas the service checks them against (LOCAL_API_ROUTES' answer) and examples in both
 * languages, the codes it can answer (`x-codes`) and its rate limit. The service
 * serves it at GET /openapi.json; the site publishes it at /api/doc/openapi.json.
 */
import { SYSTEMS } from '../appendix/systems.ts';
import { PROXY_TYPES } from '../appendix/proxy-types.ts';
import { RESOLUTIONS } from '../appendix/resolutions.ts';
import { TIMEZONES } from '../appendix/timezones.ts';
import { LANGUAGES } from '../appendix/languages.ts';
import { COUNTRIES } from '../appendix/countries.ts';
import { LOCAL_API_PORT } from '../limits.ts';
import { localApiMessages } from '../messages/local-api.ts';
import { LOCAL_API_ROUTES, type LocalApiPath } from '../schemas/routes.ts';
import {
  CODE_TABLES,
  CODE_TABLE_TITLES,
  docCalls,
  exampleAnswer,
  type CodeTableName,
  type DocCall,
} from './calls.ts';
import { API_DOC_BASE, apiDocPath } from './pages.ts';
import { bodyJsonSchema, openApiSchema, type JsonSchema } from './schema.ts';
import { LOCAL_API_HTTP_STATUSES, OPENAPI_PATH } from './service.ts';

export const OPENAPI_VERSION = '3.1.0';
/** The version of the documented interface (bump when a call or field changes meaning). */
export const LOCAL_API_DOC_VERSION = '1.0.0';

export interface OpenApiOptions {
  /** The site the documentation pages are on (externalDocs, links). */
  siteUrl?: string;
  /** The default port of the server entry (a running service puts its own). */
  port?: number;
}

type Json = Record<string, unknown>;

/** Rules zod checks in code that JSON Schema can still state (see the bodies' refinements). */
const EXTRA_CONSTRAINTS: Partial<Record<LocalApiPath, JsonSchema>> = {
  '/login': {
    allOf: [
      { anyOf: [{ required: ['APP_ID'] }, { required: ['App_ID'] }] },
      { anyOf: [{ required: ['APP_KEY'] }, { required: ['App_Key'] }] },
    ],
  },
  '/api/v1/session/delete': {
    anyOf: [
      { required: ['Session_ID'] },
      { required: ['Is_Delete_All'], properties: { Is_Delete_All: { enum: [1, '1'] } } },
    ],
  },
};

const AREA_TEXT: Record<string, { en: string; zh: string }> = {
  login: { en: 'Logging the service in', zh: '登录服务' },
  members: { en: 'Account membership', zh: '账号会员信息' },
  service: { en: 'The service itself', zh: '服务本身' },
  session: { en: 'Environments (browser profiles)', zh: '环境（浏览器配置）' },
  browser: { en: 'Starting, stopping and watching browsers', zh: '启动、关闭和查看浏览器' },
  group: { en: 'Groups of environments', zh: '环境分组' },
  script: { en: 'Scripts of an environment', zh: '环境的脚本' },
  plugin: { en: 'Plugins (browser extensions)', zh: '插件（浏览器扩展）' },
  proxy: { en: 'The proxy library (saved proxies)', zh: '代理库（已保存的代理）' },
};

function operationId(path: string): string {
  return (
    path
      .replace(/^\/api\/v1\//, '')
      .replace(/^\//, '')
      .replace(/[^A-Za-z0-9]+/g, '_') || 'root'
  );
}

function codesMarkdown(call: DocCall, lang: 'en' | 'zh'): string {
  const head =
    lang === 'en'
      ? '| code | HTTP | meaning |\n|---|---|---|'
      : '| 代码 | HTTP | 含义 |\n|---|---|---|';
  const rows = call.codes.map((code) => {
    const where = code.perItem ? (lang === 'en' ? ' (per environment)' : '（按环境）') : '';
    const when = code.when ? ` — ${code.when[lang]}` : '';
    return `| ${code.code} | ${code.http} | ${code.message[lang]}${when}${where} |`;
  });
  return [head, ...rows].join('\n');
}

function describe(call: DocCall, lang: 'en' | 'zh', siteUrl: string): string {
  const link = `${siteUrl}${lang === 'zh' ? '/zh' : ''}${apiDocPath(call.page)}#${call.anchor}`;
  return [
    call.purpose[lang],
    ...call.notes.map((note) => `- ${note[lang]}`),
    call.rateLimit
      ? lang === 'en'
        ? `Rate limit: ${call.rateLimit} calls per minute.`
        : `频率限制：每分钟 ${call.rateLimit} 次。`
      : '',
    codesMarkdown(call, lang),
    `${lang === 'en' ? 'Documentation' : '文档'}: ${link}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The 200 answer: the call's success as the contract declares it (code 0 and its data; a legacy
 * call's whole answer), or a failure (another code, data null or the failure's own).
 */
function answerSchema(call: DocCall): JsonSchema {
  const declared = openApiSchema(call.answerSchema);
  const success: JsonSchema =
    call.envelope === 'legacy'
      ? declared
      : {
          type: 'object',
          required: ['message', 'code', 'data'],
          properties: {
            message: { type: 'string', description: 'Message in the language of Accept-Language' },
            code: { const: 0, description: '0: success' },
            data: declared,
          },
          additionalProperties: false,
        };
  const failure = envelopeSchema(call.envelope, {
    description: 'null, or what the failure carries (e.g. -105 the proxy check’s curl code)',
  });
  return { anyOf: [success, failure] };
}

function envelopeSchema(envelope: 'v1' | 'legacy', data: JsonSchema): JsonSchema {
  return envelope === 'legacy'
    ? {
        type: 'object',
        required: ['msg', 'status', 'data'],
        properties: {
          msg: { type: 'string', description: 'Message in the language of Accept-Language' },
          status: { type: 'integer', description: '0 success, else a main code' },
          data,
        },
      }
    : {
        type: 'object',
        required: ['message', 'code', 'data'],
        properties: {
          message: { type: 'string', description: 'Message in the language of Accept-Language' },
          code: { type: 'integer', description: '0 success, else a code of the tables' },
          data,
        },
      };
}

function failureExample(envelope: 'v1' | 'legacy', code: number, message: string): Json {
  return envelope === 'legacy'
    ? { msg: message, status: code, data: null }
    : { message, code, data: null };
}

function operation(call: DocCall, siteUrl: string): Json {
  const route = LOCAL_API_ROUTES.find((r) => r.path === call.path)!;
  const json = bodyJsonSchema(route.body);
  const extra = EXTRA_CONSTRAINTS[call.path];
  const schema = openApiSchema({ ...json, ...(extra ?? {}) });
  const hasRequired = Boolean(json.required?.length) || Boolean(extra);
  const suffix = call.envelope === 'legacy' ? 'Legacy' : '';
  const answers = {
    en: exampleAnswer(call, 'en'),
    zh: exampleAnswer(call, 'zh'),
  };
  const responses: Json = {
    '200': {
      description:
        'The answer: code (status for /login and /members) 0 on success, else a code listed in x-codes',
      content: {
        'application/json': {
          schema: answerSchema(call),
          examples: {
            en: { summary: 'Success (English)', value: answers.en },
            zh: { summary: '成功（中文，Accept-Language: zh）', value: answers.zh },
          },
        },
      },
    },
    '400': { $ref: `#/components/responses/Malformed${suffix}` },
    ...(call.needsLogin ? { '401': { $ref: `#/components/responses/NotLoggedIn${suffix}` } } : {}),
    '403': { $ref: `#/components/responses/Forbidden${suffix}` },
    ...(call.rateLimit ? { '429': { $ref: `#/components/responses/RateLimited${suffix}` } } : {}),
  };
  return {
    operationId: operationId(call.path),
    tags: [call.area],
    summary: call.title.en,
    description: describe(call, 'en', siteUrl),
    'x-summary-zh': call.title.zh,
    'x-description-zh': describe(call, 'zh', siteUrl),
    requestBody: {
      required: hasRequired,
      content: { 'application/json': { schema, example: call.request } },
    },
    responses,
    'x-codes': call.codes.map((code) => ({
      table: code.table,
      code: code.code,
      name: code.name,
      http: code.http,
      perItem: code.perItem,
      message: code.message.en,
      'message-zh': code.message.zh,
      ...(code.when ? { when: code.when.en, 'when-zh': code.when.zh } : {}),
    })),
    ...(call.rateLimit ? { 'x-rate-limit-per-minute': call.rateLimit } : {}),
    externalDocs: {
      url: `${siteUrl}${apiDocPath(call.page)}#${call.anchor}`,
      description: 'Documentation page',
    },
  };
}

function codeSchema(table: CodeTableName): JsonSchema {
  const entries = CODE_TABLES[table].entries;
  return {
    type: 'integer',
    title: CODE_TABLE_TITLES[table].en,
    'x-title-zh': CODE_TABLE_TITLES[table].zh,
    enum: entries.map((e) => e.code),
    'x-enum-varnames': entries.map((e) => e.name),
    'x-enum-descriptions': entries.map((e) => e.en),
    'x-enum-descriptions-zh': entries.map((e) => e.zh),
  };
}

function failureResponse(envelope: 'v1' | 'legacy', status: number, example: Json): Json {
  const meaning = LOCAL_API_HTTP_STATUSES.find((s) => s.status === status)!.meaning;
  return {
    description: meaning.en,
    'x-description-zh': meaning.zh,
    ...(status === 429
      ? {
          headers: {
            'Retry-After': {
              description: 'Seconds until the next call is accepted',
              schema: { type: 'integer' },
            },
          },
        }
      : {}),
    content: {
      'application/json': {
        schema: envelopeSchema(envelope, { type: 'null' }),
        example,
      },
    },
  };
}

function failureResponses(): Json {
  const out: Json = {};
  for (const envelope of ['v1', 'legacy'] as const) {
    const suffix = envelope === 'legacy' ? 'Legacy' : '';
    out[`Malformed${suffix}`] = failureResponse(
      envelope,
      400,
      failureExample(envelope, -10000, 'Missing required parameter: Account'),
    );
    out[`NotLoggedIn${suffix}`] = failureResponse(
      envelope,
      401,
      failureExample(envelope, -4, localApiMessages.notLoggedIn.en),
    );
    out[`Forbidden${suffix}`] = failureResponse(
      envelope,
      403,
      failureExample(envelope, -10000, localApiMessages.forbiddenOrigin.en),
    );
    out[`RateLimited${suffix}`] = failureResponse(
      envelope,
      429,
      failureExample(
        envelope,
        -10000,
        'Rate limit exceeded: 40 calls per minute for /api/v1/session/update',
      ),
    );
  }
  return out;
}

function overview(siteUrl: string): string {
  const statuses = LOCAL_API_HTTP_STATUSES.map(
    (s) => `| ${s.status} | ${s.code ?? 'any'} | ${s.meaning.en} |`,
  ).join('\n');
  return [
    'The local automation service of the Hainiao anti-detection browser. It runs on your own machine',
    '(`hainiao-api`, default port 8186, loopback only) and is called with `POST` and a JSON body',
    '(`Content-Type: application/json`). Log in first with `/login` (Account, APP_ID, APP_KEY from',
    'the API console); every other call but `/api/v1/quit` needs the login.',
    '',
    'Answers of `/api/v1/*` are `{message, code, data}`; `/login` and `/members` answer',
    '`{msg, status, data}`. Code 0 is success; the other codes are in `x-codes` of each call and in',
    'the code schemas of the components. Send `Accept-Language: zh` for Chinese messages.',
    'Chinese descriptions are in `x-description-zh` and `x-summary-zh`.',
    '',
    '| HTTP | code | meaning |',
    '|---|---|---|',
    statuses,
    '',
    `Documentation: ${siteUrl}${API_DOC_BASE}`,
  ].join('\n');
}

/** The OpenAPI 3.1 document of the local API. */
export function buildOpenApi(options: OpenApiOptions = {}): Json {
  const siteUrl = (options.siteUrl ?? 'http://localhost:8080').replace(/\/$/, '');
  const port = options.port ?? LOCAL_API_PORT;
  const calls = docCalls();
  const paths: Json = {};
  for (const call of calls) paths[call.path] = { post: operation(call, siteUrl) };
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'openapi',
      tags: ['service'],
      summary: 'This OpenAPI document',
      'x-summary-zh': '本 OpenAPI 文档',
      description: 'The OpenAPI 3.1 document of the service. No login needed.',
      'x-description-zh': '本服务的 OpenAPI 3.1 文档。无需登录。',
      responses: {
        '200': {
          description: 'The document',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        '403': { $ref: '#/components/responses/Forbidden' },
      },
    },
  };
  const areas = [...new Set(calls.map((c) => c.area))];
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Hainiao local API',
      'x-title-zh': '海鸟本地 API',
      version: LOCAL_API_DOC_VERSION,
      description: overview(siteUrl),
    },
    externalDocs: {
      url: `${siteUrl}${API_DOC_BASE}`,
      description: 'Hainiao local API documentation',
    },
    servers: [
      {
        url: 'http://127.0.0.1:{port}',
        description: 'The service on this machine',
        variables: { port: { default: String(port), description: 'hainiao-api --port' } },
      },
    ],
    tags: areas.map((area) => ({
      name: area,
      description: AREA_TEXT[area]?.en ?? area,
      'x-description-zh': AREA_TEXT[area]?.zh ?? area,
    })),
    paths,
    components: {
      schemas: {
        MainCode: codeSchema('main'),
        SessionCode: codeSchema('session'),
        BrowserCode: codeSchema('browser'),
        CurlCode: codeSchema('curl'),
        System: { type: 'string', enum: [...SYSTEMS], title: 'Appendix: System' },
        ProxyType: { type: 'string', enum: [...PROXY_TYPES], title: 'Appendix: proxy types' },
        Resolution: { type: 'string', enum: [...RESOLUTIONS], title: 'Appendix: Resolution' },
        TimeZone: {
          type: 'string',
          enum: TIMEZONES.map((t) => t.zone),
          title: 'Appendix: Timezone',
          'x-enum-descriptions': TIMEZONES.map((t) => t.label.en),
        },
        LanguageCode: {
          type: 'string',
          enum: LANGUAGES.map((l) => l.code),
          title: 'Appendix: Language',
          'x-enum-descriptions': LANGUAGES.map((l) => l.name.en),
        },
        CountryCode: {
          type: 'string',
          enum: COUNTRIES.map((c) => c.code),
          title: 'Appendix: Country code',
          'x-enum-descriptions': COUNTRIES.map((c) => c.name.en),
        },
      },
      responses: failureResponses(),
    },
  };
}
