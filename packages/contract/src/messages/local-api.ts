import type { Localized } from '../i18n.ts';
import { profileSyncMessages } from './profile-sync.ts';
import { proxyCheckMessages } from './proxy-check.ts';
import { proxyLibraryMessages } from './proxy-library.ts';
import { runningCookiesMessages } from './running-cookies.ts';
import { securityArgsMessages } from './security-args.ts';
import { securityFilesMessages } from './security-files.ts';
import { securityLibraryMessages } from './security-library.ts';
import { selfCheckMessages } from './self-check.ts';
import { syncMessages } from './sync.ts';
import { virtualDisplayMessages } from './virtual-display.ts';

/**
 * Success and failure messages of the local API (the calls of schemas/local-api/ and the codes of codes/local-api.ts).
 *
 * The English of the messages the spec spells is kept verbatim, including its capitals, spaces
 * and trailing dots ('APISERVER shut down.', 'Session move Success', 'Import Cookie failed').
 * Messages the spec implies but does not spell follow the same style. Placeholders are filled by
 * `format()` / `msg()` and are identical in both languages.
 */
export const localApiMessages = {
  // --- Service and account (/login, /members, /api/v1/quit) ---
  quit: { en: 'APISERVER shut down.', zh: 'API 服务已关闭。' },
  loginSuccess: { en: 'Login Success', zh: '登录成功' },
  logoutSuccess: { en: 'Logout Success', zh: '退出登录成功' },
  membersSuccess: { en: 'Members Return Success', zh: '成员信息获取成功' },
  teamListSuccess: { en: 'Team Return Success', zh: '团队信息获取成功' },

  // --- Environments (/api/v1/session/*) ---
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

  // --- Browser control (/api/v1/browser/*) ---
  browserStartFinished: { en: 'Browser Start Finished.', zh: '浏览器启动完成。' },
  browserStopFinished: { en: 'Browser Stop Finished.', zh: '浏览器关闭完成。' },
  browserKillFinished: { en: 'Browser Kill Finished.', zh: '浏览器强制关闭完成。' },
  browserStatusSuccess: { en: 'Browser Status Return Success', zh: '浏览器状态获取成功' },

  // --- Scripts (/api/v1/session/id_script_*) ---
  scriptListSuccess: { en: 'Script List Return Success', zh: '脚本列表获取成功' },
  scriptActiveSuccess: { en: 'Script Active Success', zh: '脚本激活成功' },
  scriptAddSuccess: { en: 'Script Add Success', zh: '脚本添加成功' },
  scriptDeactivateSuccess: { en: 'Script Deactivate Success', zh: '脚本停用成功' },
  scriptDeleteSuccess: { en: 'Script Delete Success', zh: '脚本删除成功' },
  // /api/v1/script/list (beyond the spec: issue 27).
  scriptLibrarySuccess: { en: 'Script Library Return Success', zh: '脚本库获取成功' },

  // --- Plugins (/api/v1/plugin/list and the per-environment plugin calls) ---
  pluginListSuccess: { en: 'Plugin List Return Success', zh: '插件列表获取成功' },
  pluginInstallSuccess: { en: 'Plugin Install Success', zh: '插件安装成功' },
  pluginDeleteSuccess: { en: 'Plugin Delete Success', zh: '插件删除成功' },

  // --- Groups (/api/v1/group/*) ---
  groupListSuccess: { en: 'Group List Return Success', zh: '分组列表获取成功' },
  groupCreateSuccess: { en: 'New Group Create Success', zh: '新分组创建成功' },
  groupDeleteSuccess: { en: 'Group Delete Success', zh: '分组删除成功' },
  groupUpdateSuccess: { en: 'Group Rename Success', zh: '分组重命名成功' },
  sessionMoveSuccess: { en: 'Session move Success', zh: '环境移动成功' },

  // --- Tags, clones and the recycle bin (beyond the spec: issue 27) ---
  sessionTagsSuccess: { en: 'Session Tags Update Success', zh: '环境标签更新成功' },
  tagListSuccess: { en: 'Tag List Return Success', zh: '标签列表获取成功' },
  sessionCloneSuccess: { en: 'Session Clone Success', zh: '环境克隆成功' },
  cloneName: { en: '{name} (copy)', zh: '{name}（副本）' },
  cloneNameNumbered: { en: '{name} (copy {n})', zh: '{name}（副本 {n}）' },
  trashListSuccess: { en: 'Recycle Bin List Return Success', zh: '回收站列表获取成功' },
  trashRestoreSuccess: { en: 'Session Restore Success', zh: '环境恢复成功' },
  trashDeleteSuccess: { en: 'Recycle Bin Delete Success', zh: '已从回收站永久删除' },
  notInTrash: {
    en: 'Not in your recycle bin: {id}',
    zh: '回收站中没有该环境：{id}',
  },

  // --- Failures (validation rules, and the decisions of docs/local-api.md) ---
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
  groupNamesDiffer: {
    en: 'Session_Group and Group_Name name different groups: send one of them',
    zh: 'Session_Group 与 Group_Name 指定了不同的分组：请只提供其中一个',
  },
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

  // --- Defaults and further failures of the service (beyond the spec's spellings) ---
  /** The name of an environment created without Session_Name, in the caller's language. */
  defaultSessionName: { en: 'business environment', zh: '业务环境' },
  unknownSessionIds: {
    en: 'Session not found: {ids}',
    zh: '环境不存在：{ids}',
  },
  sessionNotOwner: {
    en: 'Only the owner can change this environment: {id}',
    zh: '只有环境的所有者可以修改该环境：{id}',
  },
  groupNotFoundNamed: { en: 'Group not found: {name}', zh: '分组不存在：{name}' },
  groupNotEmptyNamed: {
    en: 'Group not empty, move its sessions first: {name}',
    zh: '分组下仍有环境，请先将其移至其他分组：{name}',
  },
  defaultGroupKept: {
    en: 'The default group cannot be deleted',
    zh: '默认分组不能删除',
  },
  defaultGroupNotRenamed: {
    en: 'The default group cannot be renamed',
    zh: '默认分组不能重命名',
  },
  groupNameExistsNamed: {
    en: 'A group named “{name}” already exists',
    zh: '已存在名为“{name}”的分组',
  },
  sessionNotInGroup: {
    en: 'Session {id} is not in group {name}',
    zh: '环境 {id} 不在分组 {name} 中',
  },
  shareToSelf: {
    en: 'An environment cannot be shared with its own account',
    zh: '不能将环境分享给自己的账号',
  },
  proxyRequired: {
    en: 'Automatic_Configure 1 needs a proxy (Proxy_Type, Proxy_Ip, Proxy_Port)',
    zh: 'Automatic_Configure 为 1 时必须设置代理（Proxy_Type、Proxy_Ip、Proxy_Port）',
  },
  proxyFieldsInvalid: {
    en: 'Proxy is invalid: {reason}',
    zh: '代理无效：{reason}',
  },
  proxyCheckFailed: {
    en: 'Proxy detection failed: {reason}',
    zh: '代理检测失败：{reason}',
  },
  /** The environment manager's Check proxy (adapters/manager/manager.ts), nothing saved. */
  proxyCheckPassed: { en: 'Proxy check passed', zh: '代理检测通过' },
  userAgentMismatch: {
    en: 'User agent is invalid: it must be a Chrome user agent of the system {system}',
    zh: 'User-Agent 无效：必须是系统 {system} 上的 Chrome User-Agent',
  },
  geolocationOutOfRange: {
    en: '{field} must be a number from {min} to {max}',
    zh: '{field} 必须是 {min} 到 {max} 之间的数字',
  },
  geolocationPair: {
    en: 'Geolocation_Latitude and Geolocation_Longitude go together: give both, or both empty',
    zh: 'Geolocation_Latitude 与 Geolocation_Longitude 必须同时提供，或同时为空',
  },
  userAgentVersionUnknown: {
    en: 'Version must be a browser version from {min} to {max}',
    zh: 'Version 必须是 {min} 到 {max} 之间的浏览器版本号',
  },
  cookieFileUnreadable: {
    en: 'Import Cookie failed: cannot read {file}',
    zh: 'Cookie 导入失败：无法读取 {file}',
  },
  cookieFileContentInvalid: {
    en: 'Cookie file is invalid: {reason}',
    zh: 'Cookie 文件无效：{reason}',
  },
  cookieFileUnwritable: {
    en: 'Export Cookie failed: cannot write {file}',
    zh: 'Cookie 导出失败：无法写入 {file}',
  },
  cookieExportNoSpace: {
    en: 'Export Cookie failed: no space left on the disk of the cookie folder to write {file}',
    zh: 'Cookie 导出失败：Cookie 文件夹所在磁盘空间不足，无法写入 {file}',
  },
  cookieExportReadOnly: {
    en: 'Export Cookie failed: the cookie folder is on a read-only disk, cannot write {file}',
    zh: 'Cookie 导出失败：Cookie 文件夹位于只读磁盘，无法写入 {file}',
  },
  scriptNotInLibrary: {
    en: 'Script not found in the library: {id}',
    zh: '脚本库中没有该脚本：{id}',
  },
  scriptNotAssigned: {
    en: 'Script not assigned to this session: {id}',
    zh: '该环境未分配此脚本：{id}',
  },
  scriptIsActive: {
    en: 'Active script cannot be deleted, deactivate it first: {id}',
    zh: '不能删除正在启用的脚本，请先停用：{id}',
  },
  scriptNotActive: {
    en: 'Script is not the active one: {id}',
    zh: '该脚本不是当前启用的脚本：{id}',
  },
  noActiveScript: { en: 'No active script', zh: '没有启用的脚本' },
  scriptsTooMany: {
    en: 'Too many scripts: at most {max} per session',
    zh: '脚本过多：每个环境最多 {max} 个',
  },
  pluginNotInLibrary: {
    en: 'Plugin not found in the library: {id}',
    zh: '插件库中没有该插件：{id}',
  },
  pluginVersionNotFound: {
    en: 'Plugin {id} has no version {version}',
    zh: '插件 {id} 没有版本 {version}',
  },
  pluginNotInstalled: {
    en: 'Plugin not installed in this session: {id}',
    zh: '该环境未安装此插件：{id}',
  },
  // Start -3 and -4 (runtime/profile/extensions.ts): the start answer's `message` for that environment.
  pluginMissingFromLibrary: {
    en: 'Plugin download failed: plugin {id} is not in the local library ({file} is missing or unreadable); install it again with session/plugin_install',
    zh: '插件下载失败：插件 {id} 不在本地插件库中（{file} 不存在或无法读取）；请用 session/plugin_install 重新安装',
  },
  pluginRefused: {
    en: 'Plugin load failed: the browser refused plugin {id} ({dir}): {reason}',
    zh: '插件加载失败：浏览器拒绝加载插件 {id}（{dir}）：{reason}',
  },
  pluginNotEnabled: {
    en: "Plugin load failed: plugin {id} ({dir}) is not among the browser's enabled extensions",
    zh: '插件加载失败：插件 {id}（{dir}）不在浏览器已启用的扩展中',
  },
  pluginBackgroundNotStarted: {
    en: 'Plugin load failed: the background of plugin {id} ({dir}) did not start within {seconds} s',
    zh: '插件加载失败：插件 {id}（{dir}）的后台脚本未在 {seconds} 秒内启动',
  },
  pluginPageNotOpened: {
    en: 'Plugin load failed: {url} of plugin {id} ({dir}) does not open: {reason}',
    zh: '插件加载失败：插件 {id}（{dir}）的 {url} 无法打开：{reason}',
  },
  libraryUnavailable: {
    en: 'Library download failed: {reason}',
    zh: '资源库下载失败：{reason}',
  },
  startPageNotFound: {
    en: 'Start page not found: {url}',
    zh: '找不到该启动网址：{url}',
  },
  bodyTooLarge: { en: 'Request body too large', zh: '请求体过大' },
  unknownCall: { en: 'Unknown call: {method} {url}', zh: '未知接口：{method} {url}' },
  browserRuntimeMissing: {
    en: 'Browser runtime not installed yet',
    zh: '尚未安装浏览器运行环境',
  },
  // Logged once at service start on Windows and macOS hosts (runtime/fingerprint/font-levers.ts).
  fontLeversUnavailable: {
    en: "FingerPrint_Setting d (fonts) and the font hinting of a (canvas) have no effect on {system}: Chromium reads the environment's fontconfig file on Linux only, so every environment shows this machine's installed fonts",
    zh: 'FingerPrint_Setting 的 d（字体）和 a（画布）中的字体微调在 {system} 上无效：Chromium 只在 Linux 上读取环境自己的 fontconfig 文件，因此所有环境显示的都是本机安装的字体',
  },
  ...securityArgsMessages,
  ...securityFilesMessages,
  ...securityLibraryMessages,
  ...selfCheckMessages,
  ...syncMessages,
  ...profileSyncMessages,
  ...runningCookiesMessages,
  ...virtualDisplayMessages,
  ...proxyCheckMessages,
  ...proxyLibraryMessages,
} as const satisfies Record<string, Localized>;

export type LocalApiMessageKey = keyof typeof localApiMessages;
