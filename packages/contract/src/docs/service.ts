/**
 * Facts about the running service that the documentation states and the service's own tests hold
 * it to (apps/local-api/src/docs.test.ts): its start-up flags with their defaults, the per-minute
 * rate limits, the body size limit, and what each HTTP status means.
 */
import type { Localized } from '../i18n.ts';
import {
  CLOUD_PORT,
  LOCAL_API_HOST,
  LOCAL_API_PORT,
  RATE_LIMIT_LOGIN_PER_MINUTE,
  RATE_LIMIT_SESSION_CALL_PER_MINUTE,
  RATE_LIMIT_SESSION_WRITE_PER_MINUTE,
} from '../limits.ts';
import { LOCAL_API_ROUTES, type LocalApiPath } from '../schemas/routes.ts';

export interface StartupFlag {
  /** As typed: `--port`. */
  readonly flag: string;
  /** The value's placeholder: `8186`, `on|off`, `NAME`. */
  readonly value: string;
  /** The default in words (`none` when there is none). */
  readonly default: Localized;
  /** The environment variable that sets it too. */
  readonly env?: string;
  readonly meaning: Localized;
}

const none: Localized = { en: 'none', zh: '无' };

/** The flags of `hainiao-api`: the spec's (port … hide) plus data folder, cloud, host, browser. */
export const LOCAL_API_FLAGS: readonly StartupFlag[] = [
  {
    flag: '--port',
    value: String(LOCAL_API_PORT),
    default: { en: String(LOCAL_API_PORT), zh: String(LOCAL_API_PORT) },
    env: 'HAINIAO_API_PORT',
    meaning: { en: 'Listening port', zh: '监听端口' },
  },
  {
    flag: '--account',
    value: 'NAME',
    default: none,
    meaning: {
      en: 'Account to log in with at start (with --app_id and --app_key)',
      zh: '启动时登录的账号（与 --app_id、--app_key 一起使用）',
    },
  },
  {
    flag: '--app_id',
    value: 'ID',
    default: none,
    meaning: { en: 'API credential id (APP_ID)', zh: 'API 凭证 ID（APP_ID）' },
  },
  {
    flag: '--app_key',
    value: 'KEY',
    default: none,
    env: 'HAINIAO_APP_KEY',
    meaning: {
      en: 'API credential secret (APP_KEY); shown by ps, so prefer HAINIAO_APP_KEY or --app_key-file',
      zh: 'API 凭证密钥（APP_KEY）；命令行参数会被 ps 看到，建议使用 HAINIAO_APP_KEY 或 --app_key-file',
    },
  },
  {
    flag: '--app_key-file',
    value: 'FILE',
    default: none,
    meaning: {
      en: 'File holding the API credential secret (read once at start, trimmed)',
      zh: '存放 API 凭证密钥的文件（启动时读取一次，去除首尾空白）',
    },
  },
  {
    flag: '--return',
    value: 'on|off',
    default: { en: 'on', zh: 'on' },
    meaning: { en: 'Print each call and its answer', zh: '在控制台打印每次调用及其返回值' },
  },
  {
    flag: '--logs',
    value: 'on|off',
    default: { en: 'on', zh: 'on' },
    meaning: {
      en: 'Write a log file in <data>/logs (rotated at 5 MB)',
      zh: '在 <数据目录>/logs 中写日志文件（5 MB 轮换）',
    },
  },
  {
    flag: '--hide',
    value: 'on|off',
    default: { en: 'off', zh: 'off' },
    meaning: {
      en: 'Run in the background (PID file <data>/hainiao-api.pid)',
      zh: '在后台运行（PID 文件为 <数据目录>/hainiao-api.pid）',
    },
  },
  {
    flag: '--data',
    value: 'DIR',
    default: {
      en: "the system's app data folder: `%APPDATA%\\Hainiao`, `~/Library/Application Support/Hainiao`, `$XDG_DATA_HOME/hainiao` (`~/.local/share/hainiao`); `~/.hainiao` if it already holds data",
      zh: '系统的应用数据目录：`%APPDATA%\\Hainiao`、`~/Library/Application Support/Hainiao`、`$XDG_DATA_HOME/hainiao`（即 `~/.local/share/hainiao`）；若 `~/.hainiao` 已有数据则继续使用它',
    },
    env: 'HAINIAO_DATA',
    meaning: {
      en: 'Data folder: environment store, browser profiles, plugins and scripts, logs',
      zh: '数据目录：环境数据库、浏览器配置、插件与脚本、日志',
    },
  },
  {
    flag: '--cloud',
    value: 'URL',
    default: { en: `http://localhost:${CLOUD_PORT}`, zh: `http://localhost:${CLOUD_PORT}` },
    env: 'HAINIAO_CLOUD',
    meaning: {
      en: 'The cloud to log in to; also the only web origin allowed to call the service (the "try it" panel of these pages)',
      zh: '登录所用的云端地址；也是唯一允许从网页调用本服务的来源（本文档的“在线调试”面板）',
    },
  },
  {
    flag: '--host',
    value: 'ADDRESS',
    default: { en: LOCAL_API_HOST, zh: LOCAL_API_HOST },
    meaning: {
      en: 'Interface to listen on; requests must still name a loopback host',
      zh: '监听的网络接口；请求的 Host 仍必须是本机地址',
    },
  },
  {
    flag: '--cookie-dir',
    value: 'DIR',
    default: {
      en: '~/Downloads if it exists, else <data>/cookies',
      zh: '存在时为 ~/Downloads，否则为 <数据目录>/cookies',
    },
    env: 'HAINIAO_COOKIE_DIR',
    meaning: {
      en: 'The only folder import-cookie reads from and export-cookie writes to',
      zh: 'import-cookie 读取与 export-cookie 写入的唯一目录',
    },
  },
  {
    flag: '--browser-path',
    value: 'FILE',
    default: { en: 'found in the usual places', zh: '在常见位置自动查找' },
    env: 'HAINIAO_BROWSER_PATH',
    meaning: { en: 'Chromium, Chrome or Edge to run', zh: '要运行的 Chromium、Chrome 或 Edge' },
  },
  {
    flag: '--ip-lookup',
    value: 'URL',
    default: none,
    env: 'HAINIAO_IP_LOOKUP',
    meaning: {
      en: 'IP-lookup endpoint of proxy checks (finds the exit IP, its time zone and language)',
      zh: '代理检测使用的 IP 查询地址（获取出口 IP 及其时区和语言）',
    },
  },
  {
    flag: '--api-key',
    value: 'on|off',
    default: {
      en: 'off on 127.0.0.1; on (and required) with any other --host',
      zh: '在 127.0.0.1 上为 off；使用其他 --host 时为 on（且必须开启）',
    },
    meaning: {
      en: 'Every call must send the key of <data>/api-key (created 0600 at first start) as "Authorization: Bearer KEY", the X-API-Key header or ?api_key=KEY; other calls answer HTTP 401',
      zh: '每次调用都须发送 <数据目录>/api-key 中的密钥（首次启动时生成，权限 0600），方式为“Authorization: Bearer 密钥”、X-API-Key 请求头或 ?api_key=密钥；否则返回 HTTP 401',
    },
  },
  {
    flag: '--compat-port',
    value: '50325',
    default: none,
    meaning: {
      en: 'Also listen on this port (AdsPower’s is 50325) with the AdsPower-compatible calls only, on the same --host and with the same guards',
      zh: '同时监听此端口（AdsPower 使用 50325），该端口仅提供兼容 AdsPower 的接口，使用相同的 --host 和相同的安全检查',
    },
  },
  {
    flag: '--remember-login',
    value: 'on|off',
    default: { en: 'on', zh: 'on' },
    env: 'HAINIAO_REMEMBER_LOGIN',
    meaning: {
      en: 'Keep the credential of the last /login in <data>/remembered-login.json (0600) and log in with it at the next start, until a sign-out',
      zh: '将最近一次 /login 的凭证保存在 <数据目录>/remembered-login.json（权限 0600）中，下次启动时用它登录，直到退出登录',
    },
  },
  {
    flag: '--help',
    value: '',
    default: none,
    meaning: { en: 'Print the usage and exit', zh: '打印用法并退出' },
  },
];

/** The calls open to a service that is not logged in (every other call answers -4 then). */
export const LOCAL_API_OPEN_PATHS: readonly LocalApiPath[] = ['/login', '/api/v1/quit'];

/** The session calls limited to 40 a minute (the spec gives no unit; read per minute). */
const SESSION_WRITE_PATHS: readonly LocalApiPath[] = [
  '/api/v1/session/update',
  '/api/v1/session/proxy/update',
  '/api/v1/session/delete',
];

/**
 * Per-minute limits of the calls that have one (the spec's rate limits), each call with its
 * own budget: login 10; session update, proxy update and delete 40; every other session call (a
 * path under /api/v1/session/, "some session calls 40 or 50 per minute") 50. The group, browser,
 * plugin-list, members and quit calls are not limited.
 */
export const LOCAL_API_RATE_LIMITS: Readonly<Partial<Record<LocalApiPath, number>>> = {
  '/login': RATE_LIMIT_LOGIN_PER_MINUTE,
  ...Object.fromEntries(
    LOCAL_API_ROUTES.filter((route) => route.path.startsWith('/api/v1/session/')).map((route) => [
      route.path,
      SESSION_WRITE_PATHS.includes(route.path)
        ? RATE_LIMIT_SESSION_WRITE_PER_MINUTE
        : RATE_LIMIT_SESSION_CALL_PER_MINUTE,
    ]),
  ),
};

/** The largest JSON body the service reads. */
export const LOCAL_API_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** GET, without login: the OpenAPI document of the service. */
export const OPENAPI_PATH = '/openapi.json';

export interface HttpAnswer {
  readonly status: number;
  /** The code in the body (`null`: any code of the tables). */
  readonly code: number | null;
  readonly meaning: Localized;
}

/** What each HTTP status of the service means (the body always has the call's envelope). */
export const LOCAL_API_HTTP_STATUSES: readonly HttpAnswer[] = [
  {
    status: 200,
    code: null,
    meaning: {
      en: 'The call ran: code 0 is success; any other code is a result of the tables (-22 unknown environment, -101…-112 invalid setting, -13…-15 delete or cookie failures…). Per-environment results are in the data lists.',
      zh: '调用已执行：code 为 0 表示成功；其他代码为返回码表中的结果（-22 环境不存在，-101…-112 设置无效，-13…-15 删除或 Cookie 失败……）。按环境的结果在 data 的列表中。',
    },
  },
  {
    status: 400,
    code: -10000,
    meaning: {
      en: 'Malformed request: invalid JSON, a field of the wrong type or out of its limits, a missing field, an unknown (misspelt) field, too many IDs. The message names the field.',
      zh: '请求格式错误：JSON 无效、字段类型错误或超出范围、缺少字段、未知（拼写错误）字段、ID 过多。消息中会指出字段名。',
    },
  },
  {
    status: 401,
    code: -4,
    meaning: {
      en: 'Not logged in (or the login ended): call /login first.',
      zh: '尚未登录（或登录已失效）：请先调用 /login。',
    },
  },
  {
    status: 403,
    code: -10000,
    meaning: {
      en: 'The Host header is not a loopback name (127.0.0.1, localhost, [::1]), or a web page of another origin than the cloud called.',
      zh: 'Host 请求头不是本机地址（127.0.0.1、localhost、[::1]），或来自云端以外来源的网页发起了调用。',
    },
  },
  {
    status: 404,
    code: -10000,
    meaning: {
      en: 'Unknown call: check the path, including its case (id_script_Deactivate, BrowserCache-clean).',
      zh: '未知接口：请检查路径及其大小写（id_script_Deactivate、BrowserCache-clean）。',
    },
  },
  {
    status: 413,
    code: -10000,
    meaning: {
      en: `The body is larger than ${LOCAL_API_BODY_LIMIT_BYTES / 1024 / 1024} MB.`,
      zh: `请求体大于 ${LOCAL_API_BODY_LIMIT_BYTES / 1024 / 1024} MB。`,
    },
  },
  {
    status: 415,
    code: -10000,
    meaning: {
      en: 'A body was sent without Content-Type: application/json.',
      zh: '发送了请求体，但 Content-Type 不是 application/json。',
    },
  },
  {
    status: 429,
    code: -10000,
    meaning: {
      en: 'Rate limit reached: wait the seconds of the Retry-After header.',
      zh: '超出调用频率限制：请等待 Retry-After 响应头给出的秒数。',
    },
  },
  {
    status: 500,
    code: -10000,
    meaning: {
      en: 'Unknown exception inside the service (see its log).',
      zh: '服务内部未知异常（请查看服务日志）。',
    },
  },
];
