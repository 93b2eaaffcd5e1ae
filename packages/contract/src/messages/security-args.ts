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
} as const satisfies Record<string, Localized>;
