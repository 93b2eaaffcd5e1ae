import type { Localized } from '../i18n.ts';

/**
 * Success and failure messages of the local API (local-api.md §4, §7, §8).
 *
 * The English of the messages the spec spells is kept verbatim, including its capitals, spaces
 * and trailing dots ('APISERVER shut down.', 'Session move Success', 'Import Cookie failed').
 * Messages the spec implies but does not spell follow the same style. Placeholders are filled by
 * `format()` / `msg()` and are identical in both languages.
 */
export const localApiMessages = {
  // --- Service and account (§4, §7 "Session and login") ---
  quit: { en: 'APISERVER shut down.', zh: 'API 服务已关闭。' },
  loginSuccess: { en: 'Login Success', zh: '登录成功' },
  logoutSuccess: { en: 'Logout Success', zh: '退出登录成功' },
  membersSuccess: { en: 'Members Return Success', zh: '成员信息获取成功' },

  // --- Environments (§7 "Environments") ---
  sessionCreateSuccess: { en: 'Session Create Success', zh: '环境创建成功' },
  sessionListSuccess: { en: 'Session List Return Success', zh: '环境列表获取成功' },
  sessionInfoSuccess: { en: 'Session Info Return Success', zh: '环境信息获取成功' },
  updateSuccess: { en: 'Update Success', zh: '更新成功' },
  advSettingSuccess: { en: 'Update Session adv_setting Success', zh: '环境高级设置更新成功' },
  proxyUpdateSuccess: { en: 'Proxy Update Success', zh: '代理更新成功' },
  shareSuccess: { en: 'Share Success', zh: '分享成功' },
  sessionDeleteFinished: { en: 'Session Delete Finished.', zh: '环境删除完成。' },
  allSessionDeleteFinished: { en: 'All Session Delete Finished.', zh: '全部环境删除完成。' },
  allSessionDeleteFailed: { en: 'All Session Delete Failed.', zh: '全部环境删除失败。' },
  importCookieSuccess: { en: 'Import Cookie Success', zh: 'Cookie 导入成功' },
  exportCookieSuccess: { en: 'Export Cookie Success', zh: 'Cookie 导出成功' },
  importCookieFailed: { en: 'Import Cookie failed', zh: 'Cookie 导入失败' },
  exportCookieFailed: { en: 'Export Cookie failed', zh: 'Cookie 导出失败' },
  randomUserAgentSuccess: { en: 'Random User Agent Success', zh: '随机 User-Agent 生成成功' },
  cleanCacheFinished: { en: 'Clean Cache Finished.', zh: '缓存清理完成。' },
  autoOpenListSuccess: { en: 'Auto Open List Return Success', zh: '自动打开网址列表获取成功' },
  autoOpenAddSuccess: { en: 'Auto Open Add Success', zh: '自动打开网址添加成功' },
  autoOpenUpdateSuccess: { en: 'Auto Open Update Success', zh: '自动打开网址更新成功' },
  autoOpenDeleteSuccess: { en: 'Auto Open Delete Success', zh: '自动打开网址删除成功' },

  // --- Browser control (§7 "Browser control") ---
  browserStartFinished: { en: 'Browser Start Finished.', zh: '浏览器启动完成。' },
  browserStopFinished: { en: 'Browser Stop Finished.', zh: '浏览器关闭完成。' },
  browserKillFinished: { en: 'Browser Kill Finished.', zh: '浏览器强制关闭完成。' },
  browserStatusSuccess: { en: 'Browser Status Return Success', zh: '浏览器状态获取成功' },

  // --- Scripts (§7 "Scripts") ---
  scriptListSuccess: { en: 'Script List Return Success', zh: '脚本列表获取成功' },
  scriptActiveSuccess: { en: 'Script Active Success', zh: '脚本激活成功' },
  scriptAddSuccess: { en: 'Script Add Success', zh: '脚本添加成功' },
  scriptDeactivateSuccess: { en: 'Script Deactivate Success', zh: '脚本停用成功' },
  scriptDeleteSuccess: { en: 'Script Delete Success', zh: '脚本删除成功' },

  // --- Plugins (§7 "Plugins") ---
  pluginListSuccess: { en: 'Plugin List Return Success', zh: '插件列表获取成功' },
  pluginInstallSuccess: { en: 'Plugin Install Success', zh: '插件安装成功' },
  pluginDeleteSuccess: { en: 'Plugin Delete Success', zh: '插件删除成功' },

  // --- Groups (§7 "Groups") ---
  groupListSuccess: { en: 'Group List Return Success', zh: '分组列表获取成功' },
  groupCreateSuccess: { en: 'New Group Create Success', zh: '新分组创建成功' },
  groupDeleteSuccess: { en: 'Group Delete Success', zh: '分组删除成功' },
  sessionMoveSuccess: { en: 'Session move Success', zh: '环境移动成功' },

  // --- Failures (§5, DESIGN "Local API: decisions the spec leaves open") ---
  notLoggedIn: {
    en: 'Not logged in, please call /login first',
    zh: '尚未登录，请先调用 /login 接口',
  },
  groupNameExists: { en: 'Group Name already exists', zh: '分组名称已存在' },
  groupNotEmpty: {
    en: 'Group not empty, move its sessions first',
    zh: '分组下仍有环境，请先将其移至其他分组',
  },
  groupNotFound: { en: 'Group not found', zh: '分组不存在' },
  sessionNotFound: { en: 'Session not found', zh: '环境不存在' },
  invalidJson: { en: 'Invalid JSON body', zh: '请求体不是有效的 JSON' },
  contentTypeJson: {
    en: 'Content-Type must be application/json',
    zh: 'Content-Type 必须为 application/json',
  },
  forbiddenHost: { en: 'Forbidden host', zh: '禁止访问：不允许的 Host' },
  forbiddenOrigin: { en: 'Forbidden origin', zh: '禁止访问：不允许的来源（Origin）' },
  rateLimited: {
    en: 'Rate limit exceeded: {limit} calls per minute for {route}',
    zh: '请求过于频繁：{route} 每分钟最多调用 {limit} 次',
  },
  missingParameter: { en: 'Missing required parameter: {field}', zh: '缺少必填参数：{field}' },
  invalidParameter: { en: 'Invalid parameter: {field}', zh: '参数无效：{field}' },
  tooManySessionIds: {
    en: 'Too many Session_ID: at most {max}',
    zh: 'Session_ID 数量过多，最多 {max} 个',
  },
  modelRequired: {
    en: 'Model required for mobile systems',
    zh: '移动端系统必须指定机型（MobileModel）',
  },
  unknownField: { en: 'Unknown field: {field}', zh: '未知字段：{field}' },
} as const satisfies Record<string, Localized>;

export type LocalApiMessageKey = keyof typeof localApiMessages;
