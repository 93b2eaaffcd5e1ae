import { defineCodeTable } from './table.ts';

/**
 * Main codes of the local API (every code with both messages: docs/reference/codes.md).
 *
 * The spec gives a second reading for session calls that shifts -12/-13/-14 by one
 * ('All Session Delete Failed.' as -12, 'Import Cookie failed' as -13, 'Export Cookie failed' as
 * -14). We follow the main table everywhere, because -12 must stay "app id already online" for the
 * login/lease flow and a code must mean one thing whichever call returns it:
 *   delete finished with failures / all failed  -> -13 DELETE_FAILED
 *   import cookie failed                        -> -14 COOKIE_IMPORT_FAILED
 *   export cookie failed                        -> -15 COOKIE_EXPORT_FAILED
 */
export const MainCodes = /* @__PURE__ */ defineCodeTable([
  { code: 0, name: 'SUCCESS', en: 'Success', zh: '成功' },
  {
    code: -1,
    name: 'LOGIN_INVALID',
    en: 'Login failed: invalid App_ID or App_KEY',
    zh: '登录失败：App_ID 或 App_KEY 无效',
  },
  { code: -2, name: 'LOGIN_TIMEOUT', en: 'Login failed: timed out', zh: '登录失败：连接超时' },
  { code: -3, name: 'PACKAGE_EXPIRED', en: 'Account package expired', zh: '账户套餐已过期' },
  {
    code: -4,
    name: 'LOGIN_EXPIRE',
    en: 'Login expired, please log in again (Login_Expire)',
    zh: '登录已失效，请重新登录（Login_Expire）',
  },
  {
    code: -5,
    name: 'LOGIN_SERVER_ERROR',
    en: 'Server access error (Login_ServerError)',
    zh: '服务器访问出错（Login_ServerError）',
  },
  {
    code: -6,
    name: 'LOGIN_MBSVR_ERROR',
    en: 'Service failed to start (Login_MbSvrError)',
    zh: '服务启动失败（Login_MbSvrError）',
  },
  {
    code: -7,
    name: 'LOGIN_UPING',
    en: 'Waiting for upload to finish (Login_Uping)',
    zh: '正在等待数据上传完成（Login_Uping）',
  },
  {
    code: -8,
    name: 'LOGIN_OCCUPY',
    en: 'Login occupied by another instance (Login_Occupy)',
    zh: '登录已被另一个实例占用（Login_Occupy）',
  },
  { code: -9, name: 'SYNC_TIMEOUT', en: 'Sync timed out', zh: '同步超时' },
  { code: -10, name: 'DATA_CORRUPTED', en: 'Data corrupted', zh: '数据已损坏' },
  { code: -11, name: 'NO_WRITE_PERMISSION', en: 'No write permission', zh: '没有写入权限' },
  {
    code: -12,
    name: 'APP_ID_ONLINE',
    en: 'This App_ID is already online on another device',
    zh: '该 App_ID 已在其他设备上登录',
  },
  { code: -13, name: 'DELETE_FAILED', en: 'Failed to delete environment', zh: '删除环境失败' },
  { code: -14, name: 'COOKIE_IMPORT_FAILED', en: 'Cookie import failed', zh: 'Cookie 导入失败' },
  { code: -15, name: 'COOKIE_EXPORT_FAILED', en: 'Cookie export failed', zh: 'Cookie 导出失败' },
  { code: -10000, name: 'UNKNOWN_EXCEPTION', en: 'Unknown exception', zh: '未知异常' },
] as const);

/** Create or update an environment: -101 … -112, one per field rule broken. */
export const EnvironmentFieldCodes = /* @__PURE__ */ defineCodeTable([
  { code: -101, name: 'NAME_TOO_LONG', en: 'Environment name is too long', zh: '环境名称过长' },
  {
    code: -102,
    name: 'DESC_TOO_LONG',
    en: 'Environment description is too long',
    zh: '环境描述过长',
  },
  { code: -103, name: 'GROUP_NOT_FOUND', en: 'Group does not exist', zh: '分组不存在' },
  { code: -104, name: 'PROXY_INVALID', en: 'Proxy is invalid', zh: '代理无效' },
  { code: -105, name: 'PROXY_CHECK_FAILED', en: 'Proxy detection failed', zh: '代理检测失败' },
  {
    code: -106,
    name: 'TIMEZONE_INIT_FAILED',
    en: 'Time zone initialisation failed',
    zh: '时区初始化失败',
  },
  { code: -107, name: 'OS_INVALID', en: 'Operating system name is wrong', zh: '操作系统名称错误' },
  { code: -108, name: 'RESOLUTION_INVALID', en: 'Resolution is wrong', zh: '分辨率错误' },
  { code: -109, name: 'USER_AGENT_INVALID', en: 'User agent is invalid', zh: 'User-Agent 无效' },
  { code: -110, name: 'LANGUAGE_INVALID', en: 'Language is invalid', zh: '语言无效' },
  {
    code: -111,
    name: 'FINGERPRINT_SETTING_INVALID',
    en: 'Fingerprint setting is invalid',
    zh: '指纹设置无效',
  },
  { code: -112, name: 'COOKIE_FILE_INVALID', en: 'Cookie file is invalid', zh: 'Cookie 文件无效' },
] as const);

/** Per-environment results of browser start and status: 0 success, a negative code otherwise. */
export const BrowserCodes = /* @__PURE__ */ defineCodeTable([
  { code: 0, name: 'SUCCESS', en: 'Success', zh: '成功' },
  { code: -1, name: 'INIT_DATA_FAILED', en: 'Failed to initialise data', zh: '初始化数据失败' },
  {
    code: -2,
    name: 'START_BROWSER_FAILED',
    en: 'Failed to start the browser',
    zh: '启动浏览器失败',
  },
  { code: -3, name: 'PLUGIN_DOWNLOAD_FAILED', en: 'Plugin download failed', zh: '插件下载失败' },
  { code: -4, name: 'PLUGIN_LOAD_FAILED', en: 'Plugin load failed', zh: '插件加载失败' },
  { code: -5, name: 'SCRIPT_DOWNLOAD_FAILED', en: 'Script download failed', zh: '脚本下载失败' },
  { code: -6, name: 'SCRIPT_LOAD_FAILED', en: 'Script load failed', zh: '脚本加载失败' },
  { code: -7, name: 'ENV_RUNNING', en: 'Environment is already running', zh: '环境正在运行' },
  {
    code: -8,
    name: 'ENV_QUEUED',
    en: 'Environment is waiting in the start queue',
    zh: '环境正在排队启动',
  },
  { code: -9, name: 'CDP_INIT_FAILED', en: 'CDP initialisation failed', zh: 'CDP 初始化失败' },
  {
    code: -10,
    name: 'SERVICE_INIT_FAILED',
    en: 'Service initialisation failed',
    zh: '服务初始化失败',
  },
  { code: -11, name: 'LISTEN_FAILED', en: 'Failed to listen on the port', zh: '端口监听失败' },
  { code: -12, name: 'BROWSER_EXITED', en: 'Browser process exited', zh: '浏览器进程已退出' },
  { code: -13, name: 'CONNECTION_FAILED', en: 'Connection failed', zh: '连接失败' },
  {
    code: -14,
    name: 'ENV_INIT_FAILED',
    en: 'Environment initialisation failed',
    zh: '环境初始化失败',
  },
  {
    code: -15,
    name: 'SHORT_PATH_FAILED',
    en: 'Failed to get the short path name',
    zh: '获取短路径名失败',
  },
  { code: -16, name: 'MEMORY_ALLOC_FAILED', en: 'Memory allocation failed', zh: '内存分配失败' },
  {
    code: -17,
    name: 'LOGOUT_EXIT',
    en: 'Exited because the account logged out',
    zh: '账户已退出登录，环境已关闭',
  },
  { code: -18, name: 'NO_RESPONSE', en: 'No response', zh: '无响应' },
  { code: -19, name: 'CLOSE_FAILED', en: 'Failed to close', zh: '关闭失败' },
  {
    code: -20,
    name: 'HEADLESS_MUST_KILL',
    en: 'A headless environment must be closed with kill',
    zh: '无头模式的环境只能用 kill 关闭',
  },
  { code: -21, name: 'FORCE_CLOSE_FAILED', en: 'Forced close failed', zh: '强制关闭失败' },
  { code: -22, name: 'SESSION_NOT_FOUND', en: 'Session ID not found', zh: '找不到该环境 ID' },
  // Cloud sync's start failures. The main table's numbers for them (-7, -9, -10) mean other
  // things in this table (running, CDP init, service init), so a start answers these instead.
  {
    code: -23,
    name: 'START_WAITING_UPLOAD',
    en: 'Waiting for another device to finish uploading this environment',
    zh: '正在等待另一台设备上传完该环境的数据',
  },
  { code: -24, name: 'START_SYNC_TIMEOUT', en: 'Sync timed out', zh: '同步超时' },
  { code: -25, name: 'START_DATA_CORRUPTED', en: 'Data corrupted', zh: '数据已损坏' },
  { code: -5010, name: 'UNKNOWN_ERROR', en: 'Unknown error', zh: '未知错误' },
  { code: -10000, name: 'UNKNOWN_EXCEPTION', en: 'Unknown exception', zh: '未知异常' },
] as const);
