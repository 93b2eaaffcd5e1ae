import type { Localized } from '../i18n.ts';

/**
 * Local API messages of cookies stored while an environment runs: they go into its browser too,
 * or the call stores nothing and says why ({id} the environment).
 */
export const runningCookiesMessages = {
  /** Chromium refused a cookie the store's own rules accept (e.g. __Host- without Secure). */
  cookiesRefusedByBrowser: {
    en: 'Cookies not stored: the running browser of environment {id} refused them (Chromium takes no __Host- or __Secure- cookie without Secure, no SameSite=None cookie without Secure, and no name and value longer than 4096 bytes together); nothing was changed',
    zh: 'Cookie 未保存：环境 {id} 正在运行的浏览器拒绝了这些 Cookie（Chromium 不接受未设置 Secure 的 __Host- 或 __Secure- Cookie、未设置 Secure 的 SameSite=None Cookie，也不接受名称与值合计超过 4096 字节的 Cookie）；未做任何更改',
  },
  /** The browser did not answer (or its connection closed) while the cookies were put in. */
  cookiesBrowserUnreachable: {
    en: 'Cookies not stored: the running browser of environment {id} did not take them in time; nothing was changed. Try again, or stop the environment first',
    zh: 'Cookie 未保存：环境 {id} 正在运行的浏览器未能及时接收这些 Cookie；未做任何更改。请重试，或先关闭该环境',
  },
  /** The environment is in the start queue or starting: its browser cannot take cookies yet. */
  cookiesEnvironmentStarting: {
    en: 'Cookies not stored: environment {id} is starting; store them again once it runs',
    zh: 'Cookie 未保存：环境 {id} 正在启动；请在启动完成后重新保存',
  },
} as const satisfies Record<string, Localized>;
