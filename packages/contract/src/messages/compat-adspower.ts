import type { Localized } from '../i18n.ts';

/**
 * Messages of the AdsPower-compatible calls (docs/adspower-compat.md): the `msg` of a
 * failure (`code: -1`). Their success `msg` is AdsPower's own token ("success" / "Success"),
 * which scripts compare, so it is not translated.
 */
export const adsPowerMessages = {
  /** A field that must be sent ({field} in AdsPower's spelling). */
  missingParameter: { en: '{field} is required', zh: '缺少必填参数：{field}' },
  /** A field whose value has the wrong form. */
  invalidParameter: { en: 'Invalid parameter: {field}', zh: '参数无效：{field}' },
  /** A text longer than this service keeps. */
  tooLong: {
    en: '{field} is too long: at most {max} characters',
    zh: '{field} 过长：最多 {max} 个字符',
  },
  unknownField: { en: 'Unknown field: {field}', zh: '未知字段：{field}' },
  /** A documented field with a value this service cannot honour ({accepted}: what it can). */
  valueNotSupported: {
    en: '{field}: the value {value} is not supported by this service (accepted: {accepted})',
    zh: '{field}：本服务不支持取值 {value}（可用取值：{accepted}）',
  },
  /** A documented field this service has no equivalent of, whatever the value. */
  fieldNotSupported: {
    en: '{field} is not supported by this service: {reason}',
    zh: '本服务不支持 {field}：{reason}',
  },
  noSerialNumbers: {
    en: 'environments here have no serial numbers: use {idField}',
    zh: '本服务的环境没有编号，请使用 {idField}',
  },
  noPlatformAccounts: {
    en: 'platform accounts (user name, password, 2FA key) are not stored here',
    zh: '本服务不保存平台账号（用户名、密码、2FA 密钥）',
  },
  noSavedProxies: {
    en: 'there is no saved proxy list here: send the proxy in user_proxy_config',
    zh: '本服务没有已保存的代理列表，请通过 user_proxy_config 提供代理',
  },
  noFingerprintLever: {
    en: 'this value is the machine’s own here (the environments differ through native levers only; see docs/browser-runtime.md)',
    zh: '本服务中该值保持本机真实值（环境之间仅通过原生手段区分，见 docs/browser-runtime.md）',
  },
  deviceScaleModel: {
    en: 'the pixel ratio of a mobile environment follows its model',
    zh: '移动端环境的像素比由其机型决定',
  },
  noProviderIp: {
    en: 'a proxy provider’s exit IP cannot be chosen here (its country, region and city can)',
    zh: '本服务不能指定代理商的出口 IP（可指定国家、地区和城市）',
  },
  ipLookupService: {
    en: 'the IP lookup is the service’s own (--ip-lookup)',
    zh: 'IP 查询渠道由服务统一设置（--ip-lookup）',
  },
  noProxyRefreshUrl: {
    en: 'mobile proxy refresh links are not kept here',
    zh: '本服务不保存移动代理的刷新链接',
  },
  noLastOpenTime: {
    en: 'the last opening time is not recorded here',
    zh: '本服务不记录最近打开时间',
  },
  /** The time zone and the language follow the proxy exit together (Automatic_Configure). */
  localeTogether: {
    en: 'with a proxy, the time zone and the language follow its exit IP together: set both automatically, or both by hand (automatic_timezone 0 with timezone, and language)',
    zh: '使用代理时，时区和语言一同根据出口 IP 设置：请两者都自动，或两者都手动（automatic_timezone 为 0 并提供 timezone，同时提供 language）',
  },
  /** A field that only means something with another one. */
  needs: {
    en: '{field} needs {other}',
    zh: '{field} 需要同时提供 {other}',
  },
  groupNotFound: { en: 'Group {id} does not exist', zh: '分组 {id} 不存在' },
  groupExists: { en: 'Group {name} already exists', zh: '分组 {name} 已存在' },
  profileOpen: {
    en: 'Profile {id} is open: close it before deleting it',
    zh: '环境 {id} 正在运行：请先关闭再删除',
  },
  startFailed: {
    en: 'Browser start failed ({status}): {reason}',
    zh: '浏览器启动失败（{status}）：{reason}',
  },
  startQueued: {
    en: 'Profile {id} is already being started',
    zh: '环境 {id} 正在启动中',
  },
  stopFailed: {
    en: 'Browser stop failed ({status})',
    zh: '浏览器关闭失败（{status}）',
  },
  devToolsUnanswered: {
    en: 'The browser of profile {id} started but its DevTools endpoint did not answer',
    zh: '环境 {id} 的浏览器已启动，但调试端口没有响应',
  },
  /** The guard: GET (and HEAD) only on the paths of its allow-list. */
  getNotAllowed: {
    en: 'GET is only for the AdsPower-compatible calls: {method} {url} is not one (the other calls are POST with a JSON body)',
    zh: 'GET 仅用于兼容 AdsPower 的接口：{method} {url} 不是其中之一（其他接口均为 POST，正文为 JSON）',
  },
  /** --compat-port serves these calls only. */
  compatPortOnly: {
    en: 'Only the AdsPower-compatible calls are served on this port: {method} {url} is not one',
    zh: '此端口仅提供兼容 AdsPower 的接口：{method} {url} 不是其中之一',
  },
  unknownError: { en: 'failed: {reason}', zh: '失败：{reason}' },
} as const satisfies Record<string, Localized>;
