import type { Localized } from '../i18n.ts';

/**
 * Messages of POST /api/v1/session/self_check (issue 18): the call's own, and the title, detail and
 * fix of each finding, in the caller's language. Placeholders hold values (user agents, addresses,
 * zones, flags), never sentences.
 */
export const selfCheckMessages = {
  selfCheckFinished: { en: 'Self Check Finished.', zh: '自检完成。' },
  selfCheckStartFailed: {
    en: 'Self check failed: the environment did not start ({status}): {reason}',
    zh: '自检失败：环境未能启动（{status}）：{reason}',
  },
  selfCheckFailed: { en: 'Self check failed: {reason}', zh: '自检失败：{reason}' },
  selfCheckNothingToChange: { en: 'Nothing to change.', zh: '无需修改。' },
  selfCheckFindCause: {
    en: 'Restart the environment. If it persists, a plugin or the active script is the likely cause: turn them off one at a time to find it.',
    zh: '请重启环境。如果问题依旧，很可能是插件或当前启用的脚本所致：逐个停用它们即可找出原因。',
  },

  // --- user-agent ---
  selfCheckUserAgentTitle: {
    en: 'User agent, platform and client hints',
    zh: 'User-Agent、平台与客户端提示（Client Hints）',
  },
  selfCheckUserAgentOk: {
    en: 'The page, the iframe and all three kinds of worker present the same user agent ({userAgent}), platform and client hints, as the environment says.',
    zh: '页面、iframe 和三种 Worker 呈现的 User-Agent（{userAgent}）、平台和客户端提示完全一致，与环境设置相符。',
  },
  selfCheckUserAgentBad: {
    en: 'Sites compare these between the page and its workers, and they differ: {mismatches}',
    zh: '网站会在页面与其 Worker 之间比对这些值，而它们并不一致：{mismatches}',
  },
  selfCheckUserAgentFixSystem: {
    en: "Give the environment this machine's system, {system} (adv_setting SystemOS): another system can only be shown in pages, while shared and service workers keep this machine's.",
    zh: '将环境的系统改为本机系统 {system}（adv_setting 的 SystemOS）：其他系统只能在页面中呈现，共享 Worker 和 Service Worker 仍会显示本机的值。',
  },

  // --- realms ---
  selfCheckRealmsTitle: {
    en: 'Other values in the page, iframe and workers',
    zh: '页面、iframe 与 Worker 中的其他取值',
  },
  selfCheckRealmsOk: {
    en: 'Languages ({languages}), time zone ({timeZone}), locale, CPU cores ({cores}), memory and graphics are the same everywhere.',
    zh: '语言（{languages}）、时区（{timeZone}）、区域设置、CPU 核心数（{cores}）、内存和图形信息在各处完全一致。',
  },
  selfCheckRealmsBad: {
    en: 'Values differ between realms, which no real browser does: {mismatches}',
    zh: '不同执行环境中的取值不一致，真实浏览器不会这样：{mismatches}',
  },
  selfCheckRealmsUnavailable: {
    en: 'The check could not run in {realms}.',
    zh: '以下执行环境无法完成检测：{realms}。',
  },

  // --- lies ---
  selfCheckLiesTitle: {
    en: 'Replaced functions and noise (lie detector)',
    zh: '被替换的函数与噪声（谎言检测）',
  },
  selfCheckLiesOk: {
    en: 'No function is replaced or wrapped, and canvas, WebGL and audio read back exactly what was drawn, in every realm.',
    zh: '在所有执行环境中，没有任何函数被替换或包装，Canvas、WebGL 和音频读回的内容与绘制的完全一致。',
  },
  selfCheckLiesBad: {
    en: 'Sites that look for tampering find {count} {count|trace|traces}: {traces}',
    zh: '检测篡改的网站会发现 {count} 处痕迹：{traces}',
  },
  selfCheckLiesFixNoise: {
    en: 'Turn the scripted noise off (adv_setting FingerPrint_Noise 0): it replaces functions that pages can test, which is why it is opt-in. Environments already differ through native values.',
    zh: '关闭脚本噪声（adv_setting 的 FingerPrint_Noise 设为 0）：它会替换网页能够检测的函数，所以默认不开启。各环境本身已通过原生取值彼此区分。',
  },

  // --- devtools ---
  selfCheckDevToolsTitle: { en: 'Automation and DevTools traces', zh: '自动化与 DevTools 痕迹' },
  selfCheckDevToolsOk: {
    en: 'navigator.webdriver is false, no driver globals (cdc_…) are present, and no DevTools client has the Runtime domain on in pages.',
    zh: 'navigator.webdriver 为 false，没有驱动程序留下的全局变量（cdc_…），也没有 DevTools 客户端在页面中开启 Runtime 域。',
  },
  selfCheckDevToolsBad: {
    en: 'Pages can tell the browser is automated: {traces}',
    zh: '网页能够察觉浏览器正被自动化控制：{traces}',
  },
  selfCheckTraceWebdriver: { en: 'navigator.webdriver is true', zh: 'navigator.webdriver 为 true' },
  selfCheckTraceGlobals: { en: 'driver globals {names}', zh: '驱动程序留下的全局变量 {names}' },
  selfCheckTraceRuntime: {
    en: 'a DevTools client has the Runtime domain on (console calls are reported to it)',
    zh: '有 DevTools 客户端开启了 Runtime 域（console 调用会被上报给它）',
  },
  selfCheckTraceFlags: {
    en: 'the browser runs with {flags}',
    zh: '浏览器运行时带有 {flags} 参数',
  },
  selfCheckDevToolsFix: {
    en: 'Close the DevTools clients that enable Runtime in pages (stock Puppeteer and Playwright do), or drive pages without it, and start the environment without --enable-automation.',
    zh: '关闭会在页面中开启 Runtime 的 DevTools 客户端（原版 Puppeteer 和 Playwright 都会开启），或改用不开启它的方式控制页面，并且不要带 --enable-automation 参数启动环境。',
  },

  // --- webrtc ---
  selfCheckWebrtcTitle: { en: 'WebRTC addresses', zh: 'WebRTC 地址' },
  selfCheckWebrtcOk: {
    en: "WebRTC gives pages no address at all, neither this machine's nor its public one.",
    zh: 'WebRTC 不向网页暴露任何地址，既不暴露本机地址，也不暴露公网地址。',
  },
  selfCheckWebrtcUnavailable: {
    en: 'This browser offers pages no WebRTC, so it gives them no address.',
    zh: '该浏览器不向网页提供 WebRTC，因此不会暴露任何地址。',
  },
  selfCheckWebrtcBad: {
    en: 'WebRTC gives pages {count} {count|candidate|candidates}: {candidates}',
    zh: 'WebRTC 向网页暴露了 {count} 个候选地址：{candidates}',
  },
  selfCheckAddressLocal: {
    en: '{address} (an address of this machine)',
    zh: '{address}（本机地址）',
  },
  selfCheckAddressNotExit: { en: '{address} (not the exit IP)', zh: '{address}（不是出口 IP）' },
  selfCheckWebrtcFix: {
    en: 'Restart the environment: the service starts every browser with WebRTC kept off non-proxied UDP. If candidates remain, a plugin or a browser policy overrides that.',
    zh: '请重启环境：服务启动每个浏览器时都会禁止 WebRTC 使用未经代理的 UDP。如果仍有候选地址，说明有插件或浏览器策略覆盖了这一设置。',
  },

  // --- dns ---
  selfCheckDnsTitle: { en: 'DNS through the proxy', zh: 'DNS 经由代理' },
  selfCheckDnsOk: {
    en: 'The browser resolves no names itself: they go to the proxy ({rules}).',
    zh: '浏览器自身不解析任何域名，域名一律交给代理解析（{rules}）。',
  },
  selfCheckDnsNoProxy: {
    en: "No proxy: names are resolved by this machine's DNS, which fits the machine's own IP that sites see.",
    zh: '未使用代理：域名由本机 DNS 解析，与网站看到的本机 IP 相符。',
  },
  selfCheckDnsBad: {
    en: 'The browser uses a proxy but resolves names on this machine ({rules}): its DNS queries give the real network away.',
    zh: '浏览器使用了代理，却在本机解析域名（{rules}）：DNS 查询会暴露真实网络。',
  },
  selfCheckDnsUnknown: {
    en: "The browser's command line cannot be read on this system, so its DNS was not verified.",
    zh: '无法在此系统上读取浏览器的命令行，因此未能核实其 DNS。',
  },
  selfCheckRestart: {
    en: "Restart the environment so that it runs with the service's flags.",
    zh: '请重启环境，使其以服务设定的参数运行。',
  },

  // --- exit ---
  selfCheckExitTitle: { en: 'Exit IP', zh: '出口 IP' },
  selfCheckExitProxy: {
    en: 'Sites see {ip} ({country}), the exit of the {proxyType} proxy.',
    zh: '网站看到的是 {ip}（{country}），即 {proxyType} 代理的出口。',
  },
  selfCheckExitNoProxy: {
    en: "No proxy: sites see this machine's own public IP {ip} ({country}).",
    zh: '未使用代理：网站看到的是本机自己的公网 IP {ip}（{country}）。',
  },
  selfCheckExitChanged: {
    en: 'It is not the exit of the start ({startIp}): a time zone and language taken from that exit may no longer fit.',
    zh: '它与启动时的出口（{startIp}）不同：启动时按那个出口设定的时区和语言可能已不再相符。',
  },
  selfCheckExitFailed: {
    en: 'The exit IP could not be looked up ({reason}), so time zone and language were not compared with it.',
    zh: '无法查询出口 IP（{reason}），因此未能将时区和语言与其比对。',
  },
  selfCheckExitProxyFailed: {
    en: 'No request went through the {proxyType} proxy to the IP lookup ({reason}): sites cannot be reached through it either, and time zone and language were not compared.',
    zh: '请求无法经由 {proxyType} 代理到达 IP 查询地址（{reason}）：网站同样无法通过它访问，时区和语言也未能比对。',
  },
  selfCheckExitFix: {
    en: 'Check the proxy (session/proxy/update with Is_CheckProxy 1) and the IP-lookup endpoint of the service (--ip-lookup).',
    zh: '请检查代理（调用 session/proxy/update 并将 Is_CheckProxy 设为 1）以及服务的 IP 查询地址（--ip-lookup）。',
  },

  // --- timezone ---
  selfCheckTimezoneTitle: { en: 'Time zone and IP location', zh: '时区与 IP 所在地' },
  selfCheckTimezoneOk: {
    en: "The time zone {timeZone} matches the exit IP's ({exitZone}).",
    zh: '时区 {timeZone} 与出口 IP 所在时区（{exitZone}）相符。',
  },
  selfCheckTimezoneBad: {
    en: 'The clock says {timeZone} but the exit IP is in {exitZone} ({country}): sites compare the two.',
    zh: '浏览器时区为 {timeZone}，而出口 IP 位于 {exitZone}（{country}）：网站会比对两者。',
  },
  selfCheckTimezoneUnknown: {
    en: "Not compared: the exit IP's time zone is unknown.",
    zh: '未比对：出口 IP 所在时区未知。',
  },
  selfCheckTimezoneFix: {
    en: 'Set Automatic_Configure 1 so that the time zone follows the exit, or TimeZone {exitZone} (adv_setting or proxy/update).',
    zh: '将 Automatic_Configure 设为 1，让时区跟随出口 IP；或将 TimeZone 设为 {exitZone}（adv_setting 或 proxy/update）。',
  },

  // --- language ---
  selfCheckLanguageTitle: { en: 'Language and IP country', zh: '语言与 IP 所属国家' },
  selfCheckLanguageOk: {
    en: "The language {language} fits the exit IP's country ({country}).",
    zh: '语言 {language} 与出口 IP 所属国家（{country}）相符。',
  },
  selfCheckLanguageBad: {
    en: 'The browser speaks {language} but the exit IP is in {country}, where {expected} is usual.',
    zh: '浏览器语言为 {language}，而出口 IP 位于{country}，当地通常使用 {expected}。',
  },
  selfCheckLanguageUnknown: {
    en: "Not compared: the exit IP's country is unknown.",
    zh: '未比对：出口 IP 所属国家未知。',
  },
  selfCheckLanguageFix: {
    en: 'Set Automatic_Configure 1 so that the language follows the exit, or LanguageCode {expected} (adv_setting or proxy/update).',
    zh: '将 Automatic_Configure 设为 1，让语言跟随出口 IP；或将 LanguageCode 设为 {expected}（adv_setting 或 proxy/update）。',
  },
} as const satisfies Record<string, Localized>;
