/**
 * The documentation model of every call of the local API: LOCAL_API_ROUTES joined with the purpose
 * texts, the field tables of the request schemas, the examples, the codes each call can answer and
 * its rate limit. Pure data in, plain data out: the site's pages, the OpenAPI document and the
 * Postman collection are all rendered from `docCalls()`.
 */
import type { Lang, Localized } from '../i18n.ts';
import { BrowserCodes, MainCodes, EnvironmentFieldCodes } from '../codes/local-api.ts';
import { CurlCodes } from '../codes/curl.ts';
import { BROWSER_VERSION_MAX, BROWSER_VERSION_MIN, SCRIPTS_PER_SESSION_MAX } from '../limits.ts';
import { localApiMessages } from '../messages/local-api.ts';
import {
  LOCAL_API_ROUTES,
  type LocalApiArea,
  type LocalApiEnvelope,
  type LocalApiPath,
} from '../schemas/routes.ts';
import { CALL_EXAMPLES, type AnswerExample } from './examples.ts';
import { callAnchor, callPageOf, type ApiDocCallPage } from './pages.ts';
import { CALL_TEXTS } from './purposes.ts';
import {
  answerJsonSchema,
  fieldRows,
  requiredKeys,
  type FieldRow,
  type JsonSchema,
} from './schema.ts';
import { LOCAL_API_OPEN_PATHS, LOCAL_API_RATE_LIMITS } from './service.ts';

export type CodeTableName = 'main' | 'session' | 'browser' | 'curl';

/** The local API's code tables (codes/local-api.ts, codes/curl.ts) by name. */
export const CODE_TABLES = {
  main: MainCodes,
  session: EnvironmentFieldCodes,
  browser: BrowserCodes,
  curl: CurlCodes,
} as const;

export const CODE_TABLE_TITLES: Record<CodeTableName, Localized> = {
  main: { en: 'Main codes', zh: '主返回码' },
  session: { en: 'Create or update an environment', zh: '创建或更新环境' },
  browser: { en: 'Start and status (per environment)', zh: '启动与状态（按环境）' },
  curl: { en: 'Proxy check (libcurl codes)', zh: '代理检测（libcurl 错误码）' },
};

interface CodeRef {
  readonly table: CodeTableName;
  readonly code: number;
  /** HTTP status of the answer (200 unless said). */
  readonly http?: number;
  /** Reported per environment, in the data list, not as the answer's code. */
  readonly perItem?: boolean;
  readonly when?: Localized;
}

export interface DocCode {
  readonly table: CodeTableName;
  readonly code: number;
  readonly name: string;
  readonly message: Localized;
  readonly http: number;
  readonly perItem: boolean;
  readonly when?: Localized;
}

const main = (code: number, when?: Localized, http?: number): CodeRef => ({
  table: 'main',
  code,
  ...(when ? { when } : {}),
  ...(http ? { http } : {}),
});
const session = (code: number, when?: Localized): CodeRef => ({
  table: 'session',
  code,
  ...(when ? { when } : {}),
});
const item = (code: number, when?: Localized): CodeRef => ({
  table: 'browser',
  code,
  perItem: true,
  ...(when ? { when } : {}),
});
const notFound: CodeRef = {
  table: 'browser',
  code: BrowserCodes.code.SESSION_NOT_FOUND,
  when: { en: 'an environment you cannot see', zh: '环境不存在或无权访问' },
};
const other = (en: string, zh: string): CodeRef =>
  main(MainCodes.code.UNKNOWN_EXCEPTION, { en, zh });
const notOwner = other('the environment belongs to another account', '环境属于其他账号');
const savedProxyNotFound = other(
  'a Proxy_ID is not one of your saved proxies',
  'Proxy_ID 不是你已保存的代理',
);
const savedProxyTaken = other(
  'the name, or the same proxy, is saved already',
  '名称已被使用，或同一代理已保存',
);

const M = MainCodes.code;
const S = EnvironmentFieldCodes.code;
const B = BrowserCodes.code;

/** The environment settings that create, update, adv_setting and proxy/update check. */
const settingCodes = (...codes: number[]) => codes.map((code) => session(code));

/** Codes each call answers beyond the common ones (0, -10000 for HTTP 400, -4, 429). */
const CALL_CODES: Readonly<Record<LocalApiPath, readonly CodeRef[]>> = {
  '/login': [
    main(M.LOGIN_INVALID),
    main(M.LOGIN_TIMEOUT, { en: 'the cloud did not answer in time', zh: '云端未及时响应' }),
    main(M.PACKAGE_EXPIRED),
    main(M.LOGIN_SERVER_ERROR, { en: 'the cloud cannot be reached', zh: '无法连接云端' }),
    main(M.APP_ID_ONLINE, {
      en: 'the credential is in use by a service on another machine',
      zh: '该凭证正被另一台电脑上的服务使用',
    }),
  ],
  '/members': [
    main(M.LOGIN_SERVER_ERROR, { en: 'the cloud cannot be reached', zh: '无法连接云端' }),
  ],
  '/api/v1/team/list': [
    main(M.LOGIN_SERVER_ERROR, { en: 'the cloud cannot be reached', zh: '无法连接云端' }),
  ],
  '/api/v1/quit': [],
  '/api/v1/session/listid': [],
  '/api/v1/session/id_container': [item(B.SESSION_NOT_FOUND)],
  '/api/v1/session/create': [
    ...settingCodes(
      S.NAME_TOO_LONG,
      S.DESC_TOO_LONG,
      S.GROUP_NOT_FOUND,
      S.PROXY_INVALID,
      S.PROXY_CHECK_FAILED,
      S.TIMEZONE_INIT_FAILED,
      S.OS_INVALID,
      S.RESOLUTION_INVALID,
      S.USER_AGENT_INVALID,
      S.LANGUAGE_INVALID,
      S.FINGERPRINT_SETTING_INVALID,
      S.COOKIE_FILE_INVALID,
    ),
  ],
  '/api/v1/session/update': [
    notFound,
    notOwner,
    ...settingCodes(S.NAME_TOO_LONG, S.DESC_TOO_LONG, S.GROUP_NOT_FOUND, S.COOKIE_FILE_INVALID),
  ],
  '/api/v1/session/adv_setting': [
    notFound,
    notOwner,
    ...settingCodes(
      S.PROXY_INVALID,
      S.TIMEZONE_INIT_FAILED,
      S.OS_INVALID,
      S.LANGUAGE_INVALID,
      S.FINGERPRINT_SETTING_INVALID,
    ),
  ],
  '/api/v1/session/proxy/update': [
    notFound,
    notOwner,
    ...settingCodes(
      S.PROXY_INVALID,
      S.PROXY_CHECK_FAILED,
      S.TIMEZONE_INIT_FAILED,
      S.LANGUAGE_INVALID,
    ),
  ],
  '/api/v1/session/share': [
    notFound,
    notOwner,
    other('sharing with your own account', '分享给自己的账号'),
    other('no account has this name', '不存在该名称的账号'),
    other(
      'the environment could not be uploaded to the cloud first (offline)',
      '未能先将环境上传到云端（离线）',
    ),
  ],
  '/api/v1/session/unshare': [
    notFound,
    notOwner,
    other('the environment is not shared with this account', '该环境并未分享给此账号'),
  ],
  '/api/v1/session/delete': [
    main(M.DELETE_FAILED, {
      en: 'some environments were not deleted (running, or of another account)',
      zh: '部分环境未删除（运行中或属于其他账号）',
    }),
  ],
  '/api/v1/session/import-cookie': [
    notFound,
    notOwner,
    main(M.COOKIE_IMPORT_FAILED, { en: 'the file cannot be read', zh: '文件无法读取' }),
    session(S.COOKIE_FILE_INVALID, {
      en: 'the file is not a cookie list',
      zh: '文件内容不是 Cookie 列表',
    }),
  ],
  '/api/v1/session/export-cookie': [
    notFound,
    main(M.COOKIE_EXPORT_FAILED, { en: 'the file cannot be written', zh: '文件无法写入' }),
  ],
  '/api/v1/session/random-user-agent': [
    session(S.OS_INVALID),
    session(S.USER_AGENT_INVALID, {
      en: `Version outside ${BROWSER_VERSION_MIN}–${BROWSER_VERSION_MAX}`,
      zh: `Version 不在 ${BROWSER_VERSION_MIN}–${BROWSER_VERSION_MAX} 范围内`,
    }),
  ],
  '/api/v1/session/BrowserCache-clean': [],
  '/api/v1/session/auto_open/list': [item(B.SESSION_NOT_FOUND)],
  '/api/v1/session/auto_open/add': [notFound, notOwner],
  '/api/v1/session/auto_open/update': [
    notFound,
    notOwner,
    other('no environment has the old page', '没有环境包含该旧网址'),
  ],
  '/api/v1/session/auto_open/delete': [
    notFound,
    notOwner,
    other('no environment has the page', '没有环境包含该网址'),
  ],
  '/api/v1/session/self_check': [
    notFound,
    other(
      'the environment did not start for the check, or its check page did not answer',
      '环境未能为检测而启动，或其检测页面没有响应',
    ),
  ],
  '/api/v1/browser/status': [
    item(B.SUCCESS),
    item(B.ENV_QUEUED),
    item(B.BROWSER_EXITED),
    item(B.CONNECTION_FAILED, { en: 'its proxy failed', zh: '代理连接失败' }),
    item(B.LOGOUT_EXIT),
    item(B.SESSION_NOT_FOUND),
  ],
  '/api/v1/browser/start': [
    item(B.SUCCESS),
    item(B.INIT_DATA_FAILED),
    item(B.START_BROWSER_FAILED),
    item(B.PLUGIN_DOWNLOAD_FAILED, {
      en: 'an installed plugin is not in the local library (folder or manifest.json missing); nothing starts',
      zh: '已安装的插件不在本地插件库中（文件夹或 manifest.json 缺失）；不会启动任何内容',
    }),
    item(B.PLUGIN_LOAD_FAILED, {
      en: 'the browser refused a plugin (bad manifest, unsupported manifest version, …) or it was not running within 5 s; the browser is closed again',
      zh: '浏览器拒绝加载插件（清单无效、清单版本不受支持等），或插件未在 5 秒内运行；浏览器随即关闭',
    }),
    item(B.ENV_RUNNING),
    item(B.ENV_QUEUED),
    item(B.CDP_INIT_FAILED),
    item(B.LISTEN_FAILED, {
      en: 'the --remote-debugging-port given in args is taken',
      zh: 'args 中指定的 --remote-debugging-port 端口已被占用',
    }),
    item(B.BROWSER_EXITED, {
      en: 'the browser exited while it was starting',
      zh: '浏览器在启动过程中退出',
    }),
    item(B.CONNECTION_FAILED, { en: 'the proxy cannot be reached', zh: '无法连接代理' }),
    item(B.NO_RESPONSE, {
      en: 'the browser did not answer on its DevTools pipe in time',
      zh: '浏览器未能在限定时间内通过 DevTools 管道响应',
    }),
    item(B.SESSION_NOT_FOUND),
    item(B.START_WAITING_UPLOAD, {
      en: 'cloud sync: the environment’s last run on another device is still uploading; try again shortly',
      zh: '云同步：该环境在另一台设备上的上次运行数据仍在上传，请稍后再试',
    }),
    item(B.START_SYNC_TIMEOUT, {
      en: 'cloud sync: a newer version or profile of the environment could not be downloaded in time',
      zh: '云同步：未能及时下载该环境的较新版本或配置文件',
    }),
    item(B.START_DATA_CORRUPTED, {
      en: 'cloud sync: the cloud’s copy of the environment failed its checksum and is not used',
      zh: '云同步：云端的环境副本未通过校验，不会使用',
    }),
  ],
  '/api/v1/browser/stop': [
    item(B.SUCCESS),
    item(B.CLOSE_FAILED),
    item(B.HEADLESS_MUST_KILL),
    item(B.SESSION_NOT_FOUND),
  ],
  '/api/v1/browser/kill': [item(B.SUCCESS), item(B.FORCE_CLOSE_FAILED), item(B.SESSION_NOT_FOUND)],
  '/api/v1/script/list': [
    main(M.LOGIN_SERVER_ERROR, { en: 'the cloud cannot be reached', zh: '无法连接云端' }),
    other('the cloud refuses to list the library', '云端拒绝返回脚本库'),
  ],
  '/api/v1/session/id_script_list': [notFound],
  '/api/v1/session/id_script_active': [
    notFound,
    notOwner,
    other('the script is not assigned to the environment', '该脚本未分配给此环境'),
  ],
  '/api/v1/session/id_script_add': [
    notFound,
    notOwner,
    other(
      `a script is not in your library, or more than ${SCRIPTS_PER_SESSION_MAX} scripts`,
      `脚本不在脚本库中，或超过 ${SCRIPTS_PER_SESSION_MAX} 个脚本`,
    ),
  ],
  '/api/v1/session/id_script_Deactivate': [
    notFound,
    notOwner,
    other('Script_ID is not the active script', 'Script_ID 不是当前启用的脚本'),
  ],
  '/api/v1/session/id_script_Delete': [
    notFound,
    notOwner,
    other('a script is active or not assigned', '脚本正在启用或未分配'),
  ],
  '/api/v1/session/tags': [notFound, notOwner],
  '/api/v1/session/tag/list': [],
  '/api/v1/session/clone': [notFound, notOwner],
  '/api/v1/session/trash/list': [],
  '/api/v1/session/trash/restore': [
    other('an environment is not in your recycle bin', '回收站中没有该环境'),
  ],
  '/api/v1/session/trash/delete': [
    other('an environment is not in your recycle bin', '回收站中没有该环境'),
  ],
  '/api/v1/group/list': [],
  '/api/v1/group/create': [other('the group exists already', '分组已存在')],
  '/api/v1/group/update': [
    session(S.GROUP_NOT_FOUND),
    other(
      'a group with the new name exists already, or the group is "default"',
      '新名称的分组已存在，或要重命名的是 "default" 分组',
    ),
  ],
  '/api/v1/group/del': [
    session(S.GROUP_NOT_FOUND),
    other(
      'a group still holds environments, or is "default"',
      '分组中仍有环境，或是 "default" 分组',
    ),
  ],
  '/api/v1/group/move_session': [
    session(S.GROUP_NOT_FOUND),
    notFound,
    notOwner,
    other('an environment is not in Orgin_Group_Name', '环境不在 Orgin_Group_Name 分组中'),
  ],
  '/api/v1/plugin/list': [other('the plugin library cannot be downloaded', '无法下载插件库')],
  '/api/v1/session/id_plugin_list': [notFound],
  '/api/v1/session/plugin_install': [
    notFound,
    notOwner,
    other('a plugin or version is not in the library', '插件或版本不在插件库中'),
  ],
  '/api/v1/session/plugin_delete': [
    notFound,
    notOwner,
    other('a plugin (or that version) is not installed', '插件（或该版本）未安装'),
  ],
  '/manager/proxies/list': [],
  '/manager/proxies/get': [savedProxyNotFound],
  '/manager/proxies/create': [
    session(S.PROXY_INVALID, {
      en: 'a proxy breaks a rule of the create call’s proxy fields',
      zh: '某个代理不符合创建接口代理字段的规则',
    }),
    savedProxyTaken,
  ],
  '/manager/proxies/update': [
    savedProxyNotFound,
    session(S.PROXY_INVALID, {
      en: 'the proxy breaks a rule of the create call’s proxy fields',
      zh: '代理不符合创建接口代理字段的规则',
    }),
    savedProxyTaken,
  ],
  '/manager/proxies/delete': [savedProxyNotFound],
  '/manager/proxies/check': [savedProxyNotFound],
  '/manager/proxies/exits': [],
};

const malformed: CodeRef = main(
  M.UNKNOWN_EXCEPTION,
  {
    en: 'malformed request: wrong JSON, type or limit, missing or unknown field',
    zh: '请求格式错误：JSON、类型或范围错误，缺少字段或字段未知',
  },
  400,
);
const notLoggedIn: CodeRef = main(M.LOGIN_EXPIRE, { en: 'not logged in', zh: '尚未登录' }, 401);
const rateLimited = (limit: number): CodeRef =>
  main(
    M.UNKNOWN_EXCEPTION,
    { en: `more than ${limit} calls in a minute`, zh: `一分钟内超过 ${limit} 次调用` },
    429,
  );

export interface DocCall {
  readonly path: LocalApiPath;
  readonly area: LocalApiArea;
  readonly page: ApiDocCallPage;
  /** The id of the call's section on its page. */
  readonly anchor: string;
  readonly envelope: LocalApiEnvelope;
  readonly title: Localized;
  readonly purpose: Localized;
  readonly notes: readonly Localized[];
  readonly fields: readonly FieldRow[];
  readonly request: Readonly<Record<string, unknown>>;
  readonly answer: AnswerExample;
  /**
   * The JSON Schema of the success answer as the contract declares it (LOCAL_API_ROUTES' answer):
   * of `data` for v1 calls, of the whole answer for legacy ones.
   */
  readonly answerSchema: JsonSchema;
  readonly codes: readonly DocCode[];
  /** Calls per minute, when limited. */
  readonly rateLimit?: number;
  /** Every call but those of LOCAL_API_OPEN_PATHS needs a logged-in service. */
  readonly needsLogin: boolean;
}

function docCode(ref: CodeRef): DocCode {
  const entry = CODE_TABLES[ref.table].get(ref.code);
  if (!entry) throw new Error(`no code ${ref.code} in the ${ref.table} table`);
  return {
    table: ref.table,
    code: ref.code,
    name: entry.name,
    message: { en: entry.en, zh: entry.zh },
    http: ref.http ?? 200,
    perItem: ref.perItem ?? false,
    ...(ref.when ? { when: ref.when } : {}),
  };
}

let cache: DocCall[] | undefined;

/** Every call of LOCAL_API_ROUTES, in the contract's order, ready to document. */
export function docCalls(): readonly DocCall[] {
  cache ??= LOCAL_API_ROUTES.map((route): DocCall => {
    const path = route.path as LocalApiPath;
    const text = CALL_TEXTS[path];
    const example = CALL_EXAMPLES[path];
    const needsLogin = !LOCAL_API_OPEN_PATHS.includes(path);
    const rateLimit = LOCAL_API_RATE_LIMITS[path];
    const refs: CodeRef[] = [
      main(M.SUCCESS),
      ...CALL_CODES[path],
      malformed,
      ...(needsLogin ? [notLoggedIn] : []),
      ...(rateLimit ? [rateLimited(rateLimit)] : []),
    ];
    return {
      path,
      area: route.area,
      page: callPageOf(route.area),
      anchor: callAnchor(path),
      envelope: route.envelope,
      title: text.title,
      purpose: text.purpose,
      notes: text.notes ?? [],
      fields: fieldRows(route.body, text.requirement),
      request: example.request,
      answer: example.answer,
      answerSchema: answerJsonSchema(route.answer),
      codes: refs.map(docCode),
      ...(rateLimit ? { rateLimit } : {}),
      needsLogin,
    };
  });
  return cache;
}

/** The calls a reference page documents, in the contract's order. */
export function docCallsOf(page: ApiDocCallPage): readonly DocCall[] {
  return docCalls().filter((call) => call.page === page);
}

/** A call's example answer as the service sends it, in a language. */
export function exampleAnswer(call: Pick<DocCall, 'envelope' | 'answer'>, lang: Lang): object {
  const message = localApiMessages[call.answer.message][lang];
  const code = call.answer.code ?? 0;
  return call.envelope === 'legacy'
    ? { msg: message, status: code, data: call.answer.data, ...call.answer.extra }
    : { message, code, data: call.answer.data };
}

/** The JSON Schema of the `data` a call answers on success (legacy answers hold it in `data`). */
export function answerDataSchema(call: Pick<DocCall, 'envelope' | 'answerSchema'>): JsonSchema {
  return call.envelope === 'legacy'
    ? (call.answerSchema.properties?.data ?? {})
    : call.answerSchema;
}

/** The keys of the data that every successful answer has, by the declared schema (for tests). */
export function answerDataKeys(call: Pick<DocCall, 'envelope' | 'answerSchema'>): string[] {
  return requiredKeys(answerDataSchema(call));
}

/**
 * The keys of the first entry of the example's per-environment list, by the declared schema: the
 * fullest kind of entry the example's entry is (for tests).
 */
export function answerItemKeys(
  call: Pick<DocCall, 'envelope' | 'answerSchema' | 'answer'>,
): string[] {
  const data = answerDataSchema(call).properties ?? {};
  const list = data.listid ?? data.listcontainer;
  const example = call.answer.data as Record<string, unknown> | null;
  const entries = example && (example.listid ?? example.listcontainer);
  const first = Array.isArray(entries) ? (entries[0] as unknown) : undefined;
  if (!list?.items || !first || typeof first !== 'object') return [];
  const present = Object.keys(first);
  const kinds = (list.items.anyOf ?? [list.items]).map(requiredKeys);
  const fits = kinds.filter((keys) => keys.every((key) => present.includes(key)));
  return fits.sort((a, b) => b.length - a.length)[0] ?? [];
}
