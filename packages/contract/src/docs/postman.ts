/**
 * A Postman collection (v2.1) and environment generated from the OpenAPI document: every call of
 * the local API, in an order that runs top to bottom against a real service (log in, make a group
 * and an environment, use it, clean up, shut down). The examples' sample values become variables
 * ({{sessionId}}, {{groupName}}, …); test scripts check each answer's code and documented data keys
 * and keep the IDs that later requests need.
 */
import type { Localized } from '../i18n.ts';
import { LOCAL_API_HOST, LOCAL_API_PORT } from '../limits.ts';
import type { LocalApiPath } from '../schemas/routes.ts';
import { answerDataKeys, answerItemKeys, docCalls } from './calls.ts';
import { DOC_SAMPLES } from './examples.ts';
import { buildOpenApi, type OpenApiOptions } from './openapi.ts';
import { API_DOC_FILES } from './pages.ts';

type Json = Record<string, unknown>;

export const POSTMAN_SCHEMA =
  'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** The collection's steps: folders in run order, each with its calls in run order. */
export const POSTMAN_FLOW: readonly { name: string; calls: readonly LocalApiPath[] }[] = [
  { name: '1. Log in', calls: ['/login', '/members', '/api/v1/team/list'] },
  {
    name: '2. Groups',
    calls: ['/api/v1/group/list', '/api/v1/group/create', '/api/v1/group/update'],
  },
  {
    name: '3. Environments',
    calls: [
      '/api/v1/session/create',
      '/api/v1/session/listid',
      '/api/v1/session/id_container',
      '/api/v1/session/update',
      '/api/v1/session/adv_setting',
      '/api/v1/session/share',
      '/api/v1/session/unshare',
      '/api/v1/session/random-user-agent',
      '/api/v1/session/export-cookie',
      '/api/v1/session/import-cookie',
      '/api/v1/session/BrowserCache-clean',
      '/api/v1/session/tags',
      '/api/v1/session/tag/list',
      '/api/v1/session/clone',
    ],
  },
  {
    name: '4. Start pages',
    calls: [
      '/api/v1/session/auto_open/add',
      '/api/v1/session/auto_open/list',
      '/api/v1/session/auto_open/update',
      '/api/v1/session/auto_open/delete',
    ],
  },
  {
    name: '5. Browser',
    calls: [
      '/api/v1/browser/start',
      '/api/v1/browser/status',
      // While it runs: checked in a new tab (a stopped one would be started headless).
      '/api/v1/session/self_check',
      '/api/v1/browser/stop',
      '/api/v1/browser/kill',
    ],
  },
  {
    name: '6. Proxy and locale',
    calls: [
      '/api/v1/session/proxy/update',
      // The proxy library: save one, use it, check it, delete it again.
      '/manager/proxies/create',
      '/manager/proxies/list',
      '/manager/proxies/get',
      '/manager/proxies/update',
      '/manager/proxies/check',
      '/manager/proxies/exits',
      '/manager/proxies/delete',
    ],
  },
  {
    name: '7. Scripts',
    calls: [
      '/api/v1/script/list',
      '/api/v1/session/id_script_add',
      '/api/v1/session/id_script_active',
      '/api/v1/session/id_script_list',
      '/api/v1/session/id_script_Deactivate',
      '/api/v1/session/id_script_Delete',
    ],
  },
  {
    name: '8. Plugins',
    calls: [
      '/api/v1/plugin/list',
      '/api/v1/session/plugin_install',
      '/api/v1/session/id_plugin_list',
      '/api/v1/session/plugin_delete',
    ],
  },
  {
    name: '9. Clean up',
    calls: [
      '/api/v1/group/move_session',
      '/api/v1/session/delete',
      '/api/v1/group/del',
      '/api/v1/session/trash/list',
      '/api/v1/session/trash/restore',
      '/api/v1/session/trash/delete',
    ],
  },
  { name: '10. Shut down', calls: ['/api/v1/quit'] },
];

/**
 * Bodies that differ from the documented example so that the run works anywhere: the browser
 * starts headless (no display needed), and is therefore ended with kill.
 */
const POSTMAN_BODY: Partial<Record<LocalApiPath, Json>> = {
  // A port nobody listens on, on this machine: the check fails at once instead of waiting for a
  // documentation address that never answers (a failed check is still a code 0 answer).
  '/manager/proxies/create': {
    Proxies: [
      { Name: 'Postman demo proxy', Proxy_Type: 'HTTP', Proxy_Ip: '127.0.0.1', Proxy_Port: 9 },
    ],
  },
  '/api/v1/browser/start': { isHeadless: 1 },
  // The rename keeps {{groupName}} the group's name (its test script sets the new one).
  '/api/v1/group/update': { New_Group_Name: '{{groupName}} 2' },
  // Both go to the recycle bin (the copy too, or its group could not be deleted); the copy comes
  // back (into the default group: its own is gone), the original goes for good.
  '/api/v1/session/delete': { Session_ID: ['{{sessionId}}', '{{otherSessionId}}'] },
  '/api/v1/session/trash/restore': { Session_ID: ['{{otherSessionId}}'] },
};

/** Variables the requests use, with their defaults (the environment file overrides them). */
export const POSTMAN_VARIABLES: readonly {
  key: keyof typeof DOC_SAMPLES | 'host' | 'port' | 'language' | 'apiKey';
  value: string;
  description: Localized;
  /** Kept in the environment file, for the user to fill in. */
  environment: boolean;
  secret?: boolean;
}[] = [
  {
    key: 'host',
    value: LOCAL_API_HOST,
    description: { en: 'Host of the service', zh: '服务的主机地址' },
    environment: true,
  },
  {
    key: 'port',
    value: String(LOCAL_API_PORT),
    description: {
      en: 'Port of the service (hainiao-api --port)',
      zh: '服务的端口（hainiao-api --port）',
    },
    environment: true,
  },
  {
    key: 'apiKey',
    value: '',
    description: {
      en: "The service's own key (<data>/api-key), when it runs with --api-key on; sent as a Bearer token",
      zh: '服务自身的密钥（<数据目录>/api-key），服务以 --api-key on 运行时需要；以 Bearer 令牌发送',
    },
    environment: true,
    secret: true,
  },
  {
    key: 'language',
    value: 'en',
    description: {
      en: 'Accept-Language of the calls: en or zh',
      zh: '调用的 Accept-Language：en 或 zh',
    },
    environment: true,
  },
  {
    key: 'account',
    value: '',
    description: { en: 'Your account name', zh: '你的账号名' },
    environment: true,
  },
  {
    key: 'appId',
    value: '',
    description: { en: 'APP_ID from the API console', zh: 'API 控制台中的 APP_ID' },
    environment: true,
  },
  {
    key: 'appKey',
    value: '',
    description: { en: 'APP_KEY from the API console', zh: 'API 控制台中的 APP_KEY' },
    environment: true,
    secret: true,
  },
  {
    key: 'groupName',
    value: 'Postman demo',
    description: {
      en: 'A group the collection creates and deletes again',
      zh: '集合创建并最终删除的分组',
    },
    environment: true,
  },
  {
    key: 'shareUsername',
    value: DOC_SAMPLES.shareUsername,
    description: {
      en: 'An account to share the demo environment with',
      zh: '接收演示环境分享的账号',
    },
    environment: true,
  },
  {
    key: 'cookieFile',
    value: 'hainiao-postman-cookies.json',
    description: {
      en: 'A cookie file path on the machine of the service (export writes it, import reads it back)',
      zh: '运行服务的电脑上的 Cookie 文件路径（导出时写入，导入时读回）',
    },
    environment: true,
  },
  {
    key: 'scriptId',
    value: DOC_SAMPLES.scriptId,
    description: {
      en: 'A Script_ID of your script library ("Script library" lists them)',
      zh: '你的脚本库中的一个 Script_ID（"Script library" 会列出）',
    },
    environment: true,
  },
  {
    key: 'sessionId',
    value: '',
    description: { en: 'Set by "Create an environment"', zh: '由 "Create an environment" 设置' },
    environment: false,
  },
  {
    key: 'otherSessionId',
    value: '',
    description: {
      en: 'Set by "Clone an environment" to the copy',
      zh: '由 "Clone an environment" 设置为副本的 ID',
    },
    environment: false,
  },
  {
    key: 'pluginId',
    value: DOC_SAMPLES.pluginId,
    description: {
      en: 'Set by "Plugin library" to its first plugin',
      zh: '由 "Plugin library" 设置为插件库中的第一个插件',
    },
    environment: false,
  },
  {
    key: 'proxyId',
    value: '',
    description: { en: 'Set by "Save proxies"', zh: '由 "Save proxies" 设置' },
    environment: false,
  },
];

const SAMPLE_TO_VARIABLE = new Map<unknown, string>(
  POSTMAN_VARIABLES.filter((v) => v.key in DOC_SAMPLES).map((v) => [
    DOC_SAMPLES[v.key as keyof typeof DOC_SAMPLES],
    `{{${v.key}}}`,
  ]),
);

/** The example with its sample values replaced by variables. */
export function withVariables(value: unknown): unknown {
  if (typeof value === 'string') return SAMPLE_TO_VARIABLE.get(value) ?? value;
  if (Array.isArray(value)) return value.map(withVariables);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, withVariables(v)]));
  }
  return value;
}

/** The test script of a call: HTTP 200, code 0, documented data keys, and kept IDs. */
function testScript(
  path: LocalApiPath,
  legacy: boolean,
  keys: string[],
  itemKeys: string[],
): string[] {
  const codeField = legacy ? 'status' : 'code';
  const lines = [
    'pm.test("HTTP 200", function () { pm.response.to.have.status(200); });',
    'const body = pm.response.json();',
    `pm.test("${codeField} is 0", function () { pm.expect(body.${codeField}, body.${legacy ? 'msg' : 'message'}).to.eql(0); });`,
  ];
  if (keys.length) {
    lines.push(
      `pm.test("data has the documented keys", function () { pm.expect(body.data).to.include.all.keys(${keys
        .map((k) => JSON.stringify(k))
        .join(', ')}); });`,
    );
  }
  if (path === '/api/v1/session/create') {
    lines.push('pm.collectionVariables.set("sessionId", body.data.Session_Id);');
  }
  if (path === '/api/v1/session/clone') {
    lines.push(
      'pm.collectionVariables.set("otherSessionId", body.data.Session_Clones[0].Session_Id);',
    );
  }
  if (path === '/api/v1/group/update') {
    // Local scope: it wins over an environment file's groupName for the rest of the run.
    lines.push('pm.variables.set("groupName", body.data.New_Group_Name);');
  }
  if (path === '/manager/proxies/create') {
    lines.push('pm.collectionVariables.set("proxyId", body.data.Proxies[0].Proxy_ID);');
  }
  if (path === '/api/v1/script/list') {
    // The folder's later calls use {{scriptId}} (an environment value): one not in the library
    // fails here, where the library's ids are shown, rather than at id_script_add.
    lines.push(
      'pm.test("the library holds scriptId", function () { pm.expect(body.data.Script_list.map(function (s) { return s.Script_ID; })).to.include(pm.variables.get("scriptId")); });',
    );
  }
  if (path === '/api/v1/plugin/list') {
    lines.push(
      'if (body.data.Plugin_list.length) pm.collectionVariables.set("pluginId", body.data.Plugin_list[0].Plugin_Id);',
    );
  }
  const items = ITEM_CHECKS[path];
  if (items) {
    // Entries of a started (or running, or found) environment have the documented keys.
    lines.push(
      `pm.test("every environment has a status", function () { body.data.${items.list}.forEach(function (item) { pm.expect(item.status).to.be.a("number"); if (item.${items.when} === ${items.is}) pm.expect(item).to.include.all.keys(${itemKeys
        .map((k) => JSON.stringify(k))
        .join(', ')}); }); });`,
    );
  }
  return lines;
}

/** Per-environment lists whose entries the tests check, and when an entry is a full one. */
const ITEM_CHECKS: Partial<Record<LocalApiPath, { list: string; when: string; is: number }>> = {
  '/api/v1/browser/start': { list: 'listid', when: 'status', is: 0 },
  '/api/v1/browser/status': { list: 'listcontainer', when: 'Session_Actived', is: 1 },
  '/api/v1/session/id_container': { list: 'listcontainer', when: 'status', is: 0 },
};

interface OpenApiOperation {
  summary: string;
  description: string;
  requestBody?: { content: { 'application/json': { example: Json } } };
  responses: {
    '200': { content: { 'application/json': { examples: { en: { value: unknown } } } } };
  };
}

/** The Postman collection (v2.1) of the local API, built from its OpenAPI document. */
export function buildPostmanCollection(options: OpenApiOptions = {}): Json {
  const openapi = buildOpenApi(options) as { paths: Record<string, { post: OpenApiOperation }> };
  const calls = new Map(docCalls().map((call) => [call.path, call]));
  const headers = [
    { key: 'Content-Type', value: 'application/json' },
    { key: 'Accept-Language', value: '{{language}}' },
  ];
  const item = POSTMAN_FLOW.map((folder) => ({
    name: folder.name,
    item: folder.calls.map((path) => {
      const op = openapi.paths[path]!.post;
      const call = calls.get(path)!;
      const body = {
        ...op.requestBody!.content['application/json'].example,
        ...POSTMAN_BODY[path],
      };
      const url = {
        raw: `http://{{host}}:{{port}}${path}`,
        protocol: 'http',
        host: ['{{host}}'],
        port: '{{port}}',
        path: path.slice(1).split('/'),
      };
      const request = {
        method: 'POST',
        header: headers,
        body: {
          mode: 'raw',
          raw: JSON.stringify(withVariables(body), null, 2),
          options: { raw: { language: 'json' } },
        },
        url,
        description: op.description,
      };
      return {
        name: `${op.summary} — ${path}`,
        event: [
          {
            listen: 'test',
            script: {
              type: 'text/javascript',
              exec: testScript(
                path,
                call.envelope === 'legacy',
                answerDataKeys(call),
                answerItemKeys(call),
              ),
            },
          },
        ],
        request,
        response: [
          {
            name: 'Success',
            originalRequest: request,
            status: 'OK',
            code: 200,
            _postman_previewlanguage: 'json',
            header: [{ key: 'Content-Type', value: 'application/json; charset=utf-8' }],
            body: JSON.stringify(
              op.responses['200'].content['application/json'].examples.en.value,
              null,
              2,
            ),
          },
        ],
      };
    }),
  }));
  return {
    info: {
      _postman_id: '5b0c6f0e-7d1b-4a8e-9f55-4a1e0f3c8e01',
      name: 'Hainiao local API',
      description: [
        'Every call of the Hainiao local API, in an order that runs top to bottom: log in, create a',
        'group and an environment, use every call on it, clean up, and finally shut the service down',
        '(the last request, "Shut the service down", ends hainiao-api).',
        '',
        `Import ${API_DOC_FILES.postmanEnvironment} too and fill in account, appId and appKey.`,
      ].join('\n'),
      schema: POSTMAN_SCHEMA,
    },
    item,
    // The service's key (--api-key on) on every request; an empty key is ignored when it is off.
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
    variable: POSTMAN_VARIABLES.map((v) => ({
      key: v.key,
      value: v.value,
      description: v.description.en,
    })),
  };
}

/** The Postman environment (host, port, credential, demo values) that goes with the collection. */
export function buildPostmanEnvironment(): Json {
  return {
    id: '8e3d2a41-95c7-4d0b-b7f2-2f6a3c1d9e10',
    name: `Hainiao local API (${LOCAL_API_HOST}:${LOCAL_API_PORT})`,
    values: POSTMAN_VARIABLES.filter((v) => v.environment).map((v) => ({
      key: v.key,
      value: v.value,
      type: v.secret ? 'secret' : 'default',
      enabled: true,
    })),
    _postman_variable_scope: 'environment',
  };
}
