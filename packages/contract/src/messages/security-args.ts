import type { Localized } from '../i18n.ts';

/** Local API messages of the security rules (issue "Security"): args. */
export const securityArgsMessages = {
  /** browser/start: `args` outside the allow-list ({flags} the refused ones, {allowed} the list). */
  browserArgsNotAllowed: {
    en: 'Browser arguments not allowed: {flags}. Accepted: {allowed}',
    zh: '不允许的浏览器启动参数：{flags}。可用的参数：{allowed}',
  },
  /** browser/start: an allowed flag given more than once. */
  browserArgsRepeated: {
    en: 'Browser arguments given more than once: {flags}',
    zh: '浏览器启动参数重复：{flags}',
  },
  apiKeyRequired: {
    en: 'API key missing or wrong: send the key of <data folder>/api-key as "Authorization: Bearer KEY" (or the X-API-Key header)',
    zh: 'API 密钥缺失或错误：请通过 Authorization 请求头以 Bearer 方式（或通过 X-API-Key 请求头）发送数据目录下 api-key 文件中的密钥',
  },
} as const satisfies Record<string, Localized>;
