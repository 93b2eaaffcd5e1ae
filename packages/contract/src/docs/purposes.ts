/**
 * What each call of the local API is for, in both languages: a short title, its purpose, and the
 * notes a caller needs (defaults, side effects, limits that are not a field's). The documentation
 * pages, the OpenAPI document and the Postman collection all take their words from here; the
 * field descriptions come from the request schemas themselves.
 */
import type { Localized } from '../i18n.ts';
import {
  AUTO_CONFIGURE_CLIENT_TIMEOUT_MS,
  CLONE_MAX,
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  DEFAULT_GROUP_NAME,
  DELETE_MAX,
  LIST_NUM_DEFAULT,
  LIST_NUM_MAX,
  SAVED_PROXY_CHECK_MAX,
  SAVED_PROXY_CHECK_PARALLEL,
  SAVED_PROXY_CREATE_MAX,
  SCRIPTS_PER_SESSION_MAX,
  STATUS_QUERY_MAX,
  TAGS_PER_SESSION_MAX,
  TRASH_KEEP_DAYS,
} from '../limits.ts';
import type { LocalApiPath } from '../schemas/routes.ts';

export interface CallText {
  /** A few words: navigation, headings, Postman request names. */
  readonly title: Localized;
  /** One or two sentences: what the call does. */
  readonly purpose: Localized;
  /** Further facts a caller needs, one per entry. */
  readonly notes?: readonly Localized[];
  /**
   * Fields whose requirement depends on other fields (the JSON Schema alone says "optional"):
   * shown in the "required" column instead of yes/no.
   */
  readonly requirement?: Readonly<Record<string, Localized>>;
}

const AUTO_TIMEOUT_S = AUTO_CONFIGURE_CLIENT_TIMEOUT_MS / 1000;

/** Which environments use a saved proxy: no link to keep, the proxy's own fields tell. */
const SAVED_PROXY_USE_NOTE: Localized = {
  en: 'An environment uses a saved proxy when its proxy is the same one: the same type, host, port and user name. Choosing a saved proxy in a create or update call is sending its fields (get answers them).',
  zh: '当环境的代理与已保存的代理相同（类型、主机、端口和用户名都相同）时，就视为该环境在使用这个代理。在创建或更新接口中选用已保存的代理，就是发送它的各字段（可由 get 获取）。',
};

export const CALL_TEXTS: Readonly<Record<LocalApiPath, CallText>> = {
  // --- Login and service -----------------------------------------------------------------------
  '/login': {
    title: { en: 'Log in', zh: '登录' },
    purpose: {
      en: 'Logs the service in with an account and one of its API credentials (APP_ID and APP_KEY from the API console), or switches it to another account. Every other call but /api/v1/quit needs a login.',
      zh: '使用账号及其 API 凭证（API 控制台中的 APP_ID 和 APP_KEY）登录服务，或切换到另一个账号。除 /api/v1/quit 外，其他所有接口都需要先登录。',
    },
    notes: [
      {
        en: 'A credential can be used by one device at a time: while this service holds it, a service on another machine gets -12. Quitting, or logging in with another credential, releases it at once.',
        zh: '一个凭证同一时间只能在一台设备上使用：本服务占用期间，其他电脑上的服务登录会得到 -12。退出服务或用其他凭证登录会立即释放它。',
      },
      {
        en: 'Switching to another account closes the browsers of the previous one.',
        zh: '切换到其他账号时，原账号已打开的浏览器会被关闭。',
      },
      {
        en: 'The spellings App_ID and App_Key are accepted too. The answer uses the msg/status/data envelope.',
        zh: '也接受 App_ID 和 App_Key 的拼写。返回值使用 msg/status/data 格式。',
      },
    ],
    requirement: {
      APP_ID: { en: 'yes (or App_ID)', zh: '是（或 App_ID）' },
      APP_KEY: { en: 'yes (or App_Key)', zh: '是（或 App_Key）' },
    },
  },
  '/members': {
    title: { en: 'Membership', zh: '会员信息' },
    purpose: {
      en: 'Answers the type of an account (0 main account, 1 sub-account) with its registration date and package expiry date.',
      zh: '返回账号类型（0 主账号，1 子账号）以及注册日期和套餐到期日期。',
    },
    notes: [
      {
        en: 'data is the text "<Account>,<type>"; the dates are beside it (account_reg_date, account_expire_date). The answer uses the msg/status/data envelope.',
        zh: 'data 为文本 "<账号>,<类型>"；日期位于同一层（account_reg_date、account_expire_date）。返回值使用 msg/status/data 格式。',
      },
    ],
  },
  '/api/v1/team/list': {
    title: { en: 'Team members', zh: '团队成员' },
    purpose: {
      en: "Answers the team of the logged-in account as the web console's Team tab shows it: the team's main account, the credential quota (quota) and the credentials the main account holds (held), and each member with its type (0 main account, 1 sub-account), the credentials it holds (credentials: a sub-account holds none, it logs in with one of its main account's), whether a service is logged in as it now, and its registration and package expiry dates.",
      zh: '按网页控制台“团队”页的方式返回当前登录账号所在的团队：团队主账号、凭证上限（quota）和主账号已持有的凭证数（held），以及每位成员的类型（0 主账号，1 子账号）、其持有的凭证数（credentials：子账号不持有凭证，它使用主账号的凭证登录）、当前是否有服务以其身份登录、注册日期和套餐到期日期。',
    },
    notes: [
      {
        en: "A main account sees its whole team; a sub-account sees its main account and itself. An account without a team sees itself. Members' email addresses are not answered.",
        zh: '主账号可以看到整个团队；子账号只能看到其主账号和自己。没有团队的账号只看到自己。不返回成员的邮箱地址。',
      },
      {
        en: "Members are added and removed by the main account in the web console's Team tab. The environments of each member that this machine sees: listid with Session_Owner.",
        zh: '成员由主账号在网页控制台的“团队”页添加和移除。本机可见的某位成员的环境：使用 listid 的 Session_Owner 筛选。',
      },
    ],
  },
  '/api/v1/quit': {
    title: { en: 'Shut the service down', zh: '关闭服务' },
    purpose: {
      en: 'Answers, then stops every running browser, releases the credential and ends the service.',
      zh: '先返回结果，然后关闭所有运行中的浏览器、释放凭证并退出服务。',
    },
    notes: [
      {
        en: 'Works whether the service is logged in or not, so a service started in the background (--hide on) without a credential can be stopped too. The loopback and origin checks and the API key (--api-key on) still apply.',
        zh: '无论服务是否已登录都可调用，因此在后台启动（--hide on）且未登录的服务也能被关闭。本机地址与来源检查以及 API 密钥（--api-key on）仍然有效。',
      },
    ],
  },

  // --- Environments -----------------------------------------------------------------------------
  '/api/v1/session/listid': {
    title: { en: 'List environment IDs', zh: '查询环境 ID 列表' },
    purpose: {
      en: `Answers the IDs of the environments you own or that were shared with you, newest update first, filtered and paged. Without parameters: the first ${LIST_NUM_DEFAULT}.`,
      zh: `返回自己的以及他人分享给你的环境 ID，按更新时间从新到旧排列，可筛选和分页。不带参数时返回前 ${LIST_NUM_DEFAULT} 个。`,
    },
    notes: [
      {
        en: `data.total counts every match; page with CurrentPage and ListNum (at most ${LIST_NUM_MAX}).`,
        zh: `data.total 为全部匹配数量；用 CurrentPage 和 ListNum（最多 ${LIST_NUM_MAX}）分页。`,
      },
      {
        en: 'Text filters match a part of the value, ignoring case. Times are local time of the machine running the service.',
        zh: '文本筛选为部分匹配且不区分大小写。时间为运行服务电脑的本地时间。',
      },
      {
        en: "A team's main account also sees its sub-accounts' environments: Session_Owner narrows the list to one member's (see team/list).",
        zh: '团队主账号还能看到其子账号的环境：Session_Owner 可将列表限定为某位成员的环境（见 team/list）。',
      },
    ],
  },
  '/api/v1/session/id_container': {
    title: { en: 'Read environment details', zh: '获取环境详情' },
    purpose: {
      en: 'Answers the settings of one or more environments: everything (type 1), a brief line (type 2), or the brief line with plugins and scripts (type 3).',
      zh: '返回一个或多个环境的配置：全部信息（类型 1）、简要信息（类型 2），或简要信息加插件与脚本（类型 3）。',
    },
    notes: [
      {
        en: 'Each environment is an entry of data.listcontainer with its status: 0, or -22 for an ID you cannot see.',
        zh: '每个环境是 data.listcontainer 中的一项，带有 status：0，或 -22（无权查看或不存在的 ID）。',
      },
      {
        en: 'Type 1 also has the proxy, cookies, start pages, web accounts, shares, plugins, the active script (base64 in Actived_script_encode) and, while running, the process ID and browser_CDP_Port.',
        zh: '类型 1 还包含代理、Cookie、启动页、网站账号、分享对象、插件、当前启用的脚本（Actived_script_encode 为 base64），运行中时还有进程 ID 和 browser_CDP_Port。',
      },
    ],
  },
  '/api/v1/session/create': {
    title: { en: 'Create an environment', zh: '创建环境' },
    purpose: {
      en: "Creates an environment: a browser profile with its own fingerprint, proxy, locale, cookies and start pages. Answers its ID (spelt Session_Id) and Fingerprint_PageOnly: what its system shows in pages but not in workers (empty for this computer's system), known before the first start.",
      zh: '创建一个环境：拥有独立指纹、代理、地区、Cookie 和启动页的浏览器配置。返回其 ID（拼写为 Session_Id）和 Fingerprint_PageOnly：该系统只在页面中、不在 Worker 中呈现的值（本机系统时为空），首次启动前即可知道。',
    },
    notes: [
      {
        en: `Automatic_Configure is required. With 1, a proxy is required and checked, and time zone, language and location follow its exit IP: the call is slow, so let your client wait more than ${AUTO_TIMEOUT_S} seconds.`,
        zh: `Automatic_Configure 为必填。为 1 时必须提供代理并会检测，时区、语言和位置跟随代理出口 IP：调用较慢，客户端超时时间应大于 ${AUTO_TIMEOUT_S} 秒。`,
      },
      {
        en: 'Without SystemOS, the environment takes this computer\'s system (every value is then the engine\'s own, in pages and workers alike); without resolution, a common screen of that system in turn. Android, iPhone and iPad need MobileModel. Without User_Agent, one is generated to match the system. Without Session_Group, the environment goes to the group "default".',
        zh: '不提供 SystemOS 时使用本机系统（此时页面和 Worker 中的所有值都来自浏览器内核本身）；不提供 resolution 时依次选用该系统的常见屏幕分辨率。Android、iPhone 和 iPad 必须提供 MobileModel。不提供 User_Agent 时会按系统自动生成。不提供 Session_Group 时归入 "default" 分组。',
      },
      {
        en: 'The fingerprint is generated once and stays the same across starts. No script changes any value: environments differ through native settings (screen, font rendering and families, colour scheme, language, time zone), so lie detectors find nothing.',
        zh: '指纹只生成一次，之后每次启动保持不变。不用脚本修改任何值：环境之间通过原生设置（屏幕、字体渲染与字体族、配色模式、语言、时区）区分，检测工具查不出伪造痕迹。',
      },
    ],
  },
  '/api/v1/session/update': {
    title: { en: 'Update an environment', zh: '更新环境' },
    purpose: {
      en: 'Changes the name, description, group, cookies, start pages and the video and image switches of one of your environments. Fields you leave out keep their values.',
      zh: '修改自己环境的名称、描述、分组、Cookie、启动页以及视频和图片开关。未提供的字段保持不变。',
    },
    notes: [
      {
        en: 'Cookie replaces the stored cookies; HomePage_url replaces the start pages. An empty Session_Name gives the default name.',
        zh: 'Cookie 会替换已保存的 Cookie；HomePage_url 会替换启动页。Session_Name 为空时使用默认名称。',
      },
    ],
  },
  '/api/v1/session/adv_setting': {
    title: { en: 'Advanced settings', zh: '高级设置' },
    purpose: {
      en: 'Changes the advanced settings of one of your environments: fingerprint switches, browser behaviour, static IPs, locale, geolocation and the operating system it presents.',
      zh: '修改自己环境的高级设置：指纹开关、浏览器行为、静态 IP、地区、地理位置以及模拟的操作系统。',
    },
    notes: [
      {
        en: "The Geolocation_* fields are not in the specification: the permission every site gets (0 ask, 1 allow, 2 block) and coordinates that win over the proxy exit's location. Latitude and longitude go together; a value out of range answers -10000 with the range.",
        zh: 'Geolocation_* 字段不在规范中：所有网站获得的地理位置权限（0 询问，1 允许，2 禁止），以及优先于代理出口 IP 位置的坐标。纬度与经度须同时提供；超出范围时返回 -10000 并说明范围。',
      },
      {
        en: 'A new SystemOS brings a user agent of that system (same browser version), answered in data.User_Agent.',
        zh: '修改 SystemOS 时会换成该系统的 User-Agent（浏览器版本不变），新值在 data.User_Agent 中返回。',
      },
      {
        en: "Beyond the specification, resolution and User_Agent change the screen and the user agent after creation (the user agent must be one of the environment's system, or of the new SystemOS sent with it).",
        zh: '规范之外：resolution 和 User_Agent 可在创建后修改屏幕分辨率和 User-Agent（User-Agent 必须属于环境的系统，或属于同时提交的新 SystemOS）。',
      },
    ],
  },
  '/api/v1/session/proxy/update': {
    title: { en: 'Change the proxy and locale', zh: '修改代理与地区' },
    purpose: {
      en: 'Changes the proxy, locale and static IPs of one of your environments.',
      zh: '修改自己环境的代理、地区和静态 IP。',
    },
    notes: [
      {
        en: 'With Is_CheckProxy 1, or with Automatic_Configure 1 and a new proxy, the proxy is checked first. A failed check answers -105 with the libcurl code in data.Proxy_Check_Code (see the code page).',
        zh: 'Is_CheckProxy 为 1，或 Automatic_Configure 为 1 且代理有变化时，会先检测代理。检测失败返回 -105，data.Proxy_Check_Code 为 libcurl 错误码（见返回码页）。',
      },
    ],
  },
  '/api/v1/session/share': {
    title: { en: 'Share an environment', zh: '分享环境' },
    purpose: {
      en: "Shares one of your environments with another account through the cloud. It appears on that account's machines (filter Session_Recv of listid), which can start it and whose cookies and profile are saved back, but cannot change its settings, delete it or share it on.",
      zh: '通过云端将自己的环境分享给其他账号。对方的设备上会出现该环境（listid 的 Session_Recv 筛选），对方可以启动它，其 Cookie 和浏览器资料会同步回来，但不能修改其设置、删除或再次分享。',
    },
  },
  '/api/v1/session/unshare': {
    title: { en: 'Stop sharing an environment', zh: '取消分享环境' },
    purpose: {
      en: "Ends a share made with session/share: the environment leaves that account's machines at their next sync.",
      zh: '取消通过 session/share 建立的分享：该环境会在对方设备下次同步时被移除。',
    },
  },
  '/api/v1/session/delete': {
    title: { en: 'Delete environments', zh: '删除环境' },
    purpose: {
      en: `Deletes up to ${DELETE_MAX} of your environments with their browser profiles, or all of them with Is_Delete_All 1.`,
      zh: `删除最多 ${DELETE_MAX} 个自己的环境及其浏览器数据，或通过 Is_Delete_All 为 1 删除全部环境。`,
    },
    notes: [
      {
        en: 'Running environments and those of other accounts are not deleted: they are listed in data.Delete_Session_Failed and the code is -13.',
        zh: '运行中的环境和其他账号的环境不会被删除：它们列在 data.Delete_Session_Failed 中，返回码为 -13。',
      },
      {
        en: 'With Is_Delete_All 1 the answer counts the deleted ones in data.Delete_All_Session_Success_cont.',
        zh: 'Is_Delete_All 为 1 时，data.Delete_All_Session_Success_cont 为删除的数量。',
      },
    ],
    requirement: {
      Session_ID: { en: 'unless Is_Delete_All is 1', zh: 'Is_Delete_All 不为 1 时必填' },
    },
  },
  '/api/v1/session/import-cookie': {
    title: { en: 'Import cookies from a file', zh: '从文件导入 Cookie' },
    purpose: {
      en: 'Reads a cookie file on the machine running the service and adds its cookies to an environment (a cookie with the same name, domain and path is replaced).',
      zh: '读取运行服务的电脑上的 Cookie 文件，并将其中的 Cookie 加入环境（名称、域名和路径相同的 Cookie 会被替换）。',
    },
    notes: [
      {
        en: 'Formats: the JSON array that browser extensions export (EditThisCookie, Cookie-Editor; Puppeteer and Playwright cookie lists too) or a Netscape cookies.txt.',
        zh: '支持的格式：浏览器插件导出的 JSON 数组（EditThisCookie、Cookie-Editor；也支持 Puppeteer 和 Playwright 的 Cookie 列表）或 Netscape cookies.txt。',
      },
      {
        en: 'A file that cannot be read answers -14, one whose content is not a cookie list -112.',
        zh: '文件无法读取时返回 -14，内容不是 Cookie 列表时返回 -112。',
      },
    ],
  },
  '/api/v1/session/export-cookie': {
    title: { en: 'Export cookies to a file', zh: '导出 Cookie 到文件' },
    purpose: {
      en: 'Writes the cookies of an environment to a file on the machine running the service: Netscape cookies.txt when the name ends in .txt, the JSON array of browser extensions otherwise.',
      zh: '将环境的 Cookie 写入运行服务的电脑上的文件：文件名以 .txt 结尾时为 Netscape cookies.txt 格式，否则为浏览器插件使用的 JSON 数组。',
    },
    notes: [
      {
        en: 'A file that cannot be written answers -15.',
        zh: '文件无法写入时返回 -15。',
      },
    ],
  },
  '/api/v1/session/random-user-agent': {
    title: { en: 'Generate a user agent', zh: '生成随机 User-Agent' },
    purpose: {
      en: 'Answers a user agent exactly as Chrome sends it on the given system, for the given browser version or a current one.',
      zh: '返回与 Chrome 在指定系统上发送的完全一致的 User-Agent，使用指定的浏览器版本或当前版本。',
    },
    notes: [
      {
        en: `Version is a browser version of the downloads, ${BROWSER_VERSION_MIN} to ${BROWSER_VERSION_MAX}; another value answers -109.`,
        zh: `Version 为可下载的浏览器版本，${BROWSER_VERSION_MIN} 到 ${BROWSER_VERSION_MAX}；其他值返回 -109。`,
      },
      {
        en: "The version in a stored user agent is not the one pages see: a running environment presents the version of the engine that runs it (Chrome/MAJOR.0.0.0 and the client hints of that engine), because a user agent that names another version than its engine is detectable. The start and status answers show it: core is the engine's version and User_Agent carries its major.",
        zh: '保存的 User-Agent 中的版本号并不是网页看到的版本：运行中的环境呈现的是实际运行它的内核版本（Chrome/主版本号.0.0.0 及该内核的客户端提示），因为声明的版本与内核不一致的 User-Agent 可以被检测出来。启动与状态接口的返回中可以看到：core 为内核版本，User_Agent 中为同一主版本号。',
      },
    ],
  },
  '/api/v1/session/BrowserCache-clean': {
    title: { en: 'Clear the browser cache', zh: '清除浏览器缓存' },
    purpose: {
      en: 'Clears the browser cache of environments that are not running, and their cookies too with Is_Clean_Cookies 1.',
      zh: '清除未运行环境的浏览器缓存；Is_Clean_Cookies 为 1 时同时清除 Cookie。',
    },
    notes: [
      {
        en: 'Running and unknown environments are listed in data.Clean_SessionID_Failed.',
        zh: '运行中或不存在的环境列在 data.Clean_SessionID_Failed 中。',
      },
    ],
  },
  '/api/v1/session/auto_open/list': {
    title: { en: 'List auto-open pages', zh: '查询自动打开网页' },
    purpose: {
      en: 'Answers the pages environments open when they start, as StartPage1…N in the form flag-url (1 opened, 0 kept but not opened). Without Session_ID: every environment that has pages.',
      zh: '返回环境启动时打开的网页，格式为 StartPage1…N，值为 标志-网址（1 打开，0 保留但不打开）。不提供 Session_ID 时返回所有设置了网页的环境。',
    },
  },
  '/api/v1/session/auto_open/add': {
    title: { en: 'Add an auto-open page', zh: '添加自动打开网页' },
    purpose: {
      en: 'Adds a page that the given environments open when they start (a page they already have is kept once).',
      zh: '为指定环境添加启动时打开的网页（已存在的网页不会重复添加）。',
    },
  },
  '/api/v1/session/auto_open/update': {
    title: { en: 'Replace an auto-open page', zh: '修改自动打开网页' },
    purpose: {
      en: 'Replaces a start page by another in the given environments, or in every one of yours that has it.',
      zh: '在指定环境（或所有包含该网页的自己的环境）中，将一个启动网页替换为另一个。',
    },
  },
  '/api/v1/session/auto_open/delete': {
    title: { en: 'Remove an auto-open page', zh: '删除自动打开网页' },
    purpose: {
      en: 'Removes a start page from the given environments, or from every one of yours that has it.',
      zh: '从指定环境（或所有包含该网页的自己的环境）中删除一个启动网页。',
    },
  },

  '/api/v1/session/self_check': {
    title: { en: 'Self-check an environment', zh: '环境自检' },
    purpose: {
      en: 'Opens a page in the environment the way a site would and reports what it could see: one score from 0 to 100 and a list of findings, each with what to change, in the language of the call.',
      zh: '像网站一样在环境中打开一个页面，报告网站能看到的内容：一个 0 到 100 的评分和一组检测结果，每项都附有修改建议，语言与调用时的语言一致。',
    },
    notes: [
      {
        en: 'A running environment is checked in a new tab (in the background when it has a window). A stopped one is started headless for the check and stopped again; data.started is then 1. It starts without its start pages and its stored cookies are left as they are.',
        zh: '运行中的环境在新标签页中检测（有窗口时在后台标签页中）。已停止的环境会以无头模式启动，检测后再关闭，此时 data.started 为 1；这次启动不打开启动网页，也不改动已保存的 Cookie。',
      },
      {
        en: "Findings (data.findings, each with id, severity high, medium or low, ok, title, detail and fix): user-agent (user agent, platform and client hints the same in the page, a same-origin iframe and a dedicated, shared and service worker), realms (languages, time zone, locale, hardware, graphics the same there too), lies (replaced functions, noise), devtools (navigator.webdriver, driver globals such as cdc_…, a DevTools client with Runtime on, automation flags), webrtc (candidates compared with this machine's addresses and the exit IP), dns (names resolved at the proxy, from the flags the browser runs with), exit, timezone and language (compared with the exit IP's location).",
        zh: '检测结果（data.findings，每项含 id、severity（high、medium 或 low）、ok、title、detail 和 fix）：user-agent（页面、同源 iframe 以及专用、共享和 Service Worker 中的 User-Agent、平台和客户端提示是否一致）、realms（语言、时区、区域设置、硬件和图形信息是否同样一致）、lies（被替换的函数、噪声）、devtools（navigator.webdriver、cdc_… 等驱动程序全局变量、开启 Runtime 的 DevTools 客户端、自动化启动参数）、webrtc（候选地址与本机地址和出口 IP 的比对）、dns（依据浏览器实际的启动参数判断域名是否由代理解析）、exit、timezone 和 language（与出口 IP 所在地比对）。',
      },
      {
        en: "score starts at 100 and loses 25 for each failed high finding, 10 for a medium one and 5 for a low one. The exit IP is looked up through the environment's proxy (or directly without one) at the IP-lookup endpoint of the service. The check page never reaches the network: the service answers its requests itself.",
        zh: 'score 从 100 起算，每项未通过的 high 扣 25 分，medium 扣 10 分，low 扣 5 分。出口 IP 通过环境的代理（无代理时直接）向服务的 IP 查询地址查询。检测页面不访问网络，其请求由服务自行应答。',
      },
      {
        en: "A proxy that is down does not keep a stopped environment from being checked: the exit finding says so. An environment that does not start at all answers -10000 with the start's status and reason in the message.",
        zh: '代理不可用并不妨碍检测已停止的环境：exit 一项会指出问题。环境完全无法启动时返回 -10000，消息中包含启动状态码和原因。',
      },
    ],
  },

  // --- Browser control -----------------------------------------------------------------------------
  '/api/v1/browser/status': {
    title: { en: 'Environment status', zh: '查询运行状态' },
    purpose: {
      en: `Answers whether environments are running and, for running ones, how to reach them (browser_CDP_Port, webdriver). Without Session_ID: all running environments (the stopped ones with Actived_Type 2). At most ${STATUS_QUERY_MAX} IDs.`,
      zh: `返回环境是否在运行，以及运行中环境的连接方式（browser_CDP_Port、webdriver）。不提供 Session_ID 时返回所有运行中的环境（Actived_Type 为 2 时返回已停止的环境）。最多 ${STATUS_QUERY_MAX} 个 ID。`,
    },
    notes: [
      {
        en: 'Each entry of data.listcontainer has a status from the start/status table: 0, or why the environment is not running (-12 the browser exited, -13 its proxy failed, -8 waiting to start, -22 unknown ID).',
        zh: 'data.listcontainer 中每一项都有启动/状态表中的 status：0，或环境未运行的原因（-12 浏览器已退出，-13 代理连接失败，-8 正在排队启动，-22 ID 不存在）。',
      },
    ],
  },
  '/api/v1/browser/start': {
    title: { en: 'Start environments', zh: '启动环境' },
    purpose: {
      en: `Starts up to ${STATUS_QUERY_MAX} environments and answers, per environment, its status and how to automate it: browser_CDP_Port for Puppeteer and Playwright, webdriver (the chromedriver path) for Selenium.`,
      zh: `启动最多 ${STATUS_QUERY_MAX} 个环境，并按环境返回状态和自动化连接方式：Puppeteer 和 Playwright 使用 browser_CDP_Port，Selenium 使用 webdriver（chromedriver 路径）。`,
    },
    notes: [
      {
        en: 'The call answers when every browser has started or failed. Each entry of data.listid has status 0 or a code of the start/status table (-7 already running, -2 the browser could not start, -13 proxy connection failed, …).',
        zh: '所有浏览器启动成功或失败后才返回。data.listid 中每一项的 status 为 0 或启动/状态表中的代码（-7 已在运行，-2 浏览器无法启动，-13 代理连接失败……）。',
      },
      {
        en: 'With isHeadless 1 there is no window; such an environment can only be ended with kill. Start_Interval waits that many seconds between two launches.',
        zh: 'isHeadless 为 1 时没有窗口，这样的环境只能用 kill 结束。Start_Interval 为两次启动之间等待的秒数。',
      },
      {
        en: "Without isHeadless or args, a start uses the environment's own Session_Headless and Session_Args (set at create); the values of the call win when it sends them (args: [] starts without extra arguments).",
        zh: '未提供 isHeadless 或 args 时，使用环境自身的 Session_Headless 和 Session_Args（创建时设置）；调用中提供的值优先（args: [] 表示不带额外参数启动）。',
      },
      {
        en: 'core is the version of the engine that runs the environment, and User_Agent names the same major (Chrome/MAJOR.0.0.0), whatever version the stored user agent names: a user agent that disagrees with its engine is detectable.',
        zh: 'core 为实际运行该环境的内核版本，User_Agent 中为同一主版本号（Chrome/主版本号.0.0.0），与保存的 User-Agent 中写的版本无关：与内核不一致的 User-Agent 可以被检测出来。',
      },
      {
        en: 'template_id and template_name are empty: environments are created from their own settings here, not from a template.',
        zh: 'template_id 和 template_name 为空：此处的环境由其自身设置创建，不基于模板。',
      },
      {
        en: "Fingerprint_PageOnly lists the values that pages show but workers do not: empty when the environment's system is this computer's; for another system, the platform and client hints that only pages can present (lie detectors compare them with workers).",
        zh: 'Fingerprint_PageOnly 列出只在页面中生效、Worker 中仍为本机真实值的项：环境系统与本机一致时为空；选择其他系统时，列出只能在页面中呈现的平台和客户端提示（检测工具会把它们与 Worker 对比）。',
      },
      {
        en: "Fingerprint_Summary is what sites see, together, as the browser got it: SystemOS, User_Agent, Screen and Window (WIDTHxHEIGHT), TimeZone, LanguageCode, Public_ip and the exit's CountryCode (empty without a lookup). Warnings lists where they disagree, each with its kind: userAgentSystem (a user agent of another system), windowLargerThanScreen, timezoneCountry (a clock of another country than the exit's).",
        zh: 'Fingerprint_Summary 汇总浏览器实际获得、网站能看到的信息：SystemOS、User_Agent、Screen 与 Window（宽x高）、TimeZone、LanguageCode、Public_ip 以及出口的 CountryCode（未查询出口时为空）。Warnings 列出其中互相矛盾之处，kind 分别为：userAgentSystem（User-Agent 属于另一系统）、windowLargerThanScreen（窗口大于屏幕）、timezoneCountry（时区所在国家与出口 IP 不符）。',
      },
    ],
  },
  '/api/v1/browser/stop': {
    title: { en: 'Stop environments', zh: '关闭环境' },
    purpose: {
      en: 'Closes the browsers of environments the normal way (cookies are saved when Exit_SaveCookie is on).',
      zh: '正常关闭环境的浏览器（Exit_SaveCookie 开启时会保存 Cookie）。',
    },
    notes: [
      {
        en: 'A headless environment answers -20: end it with kill. An environment that is not running answers 0.',
        zh: '无头模式的环境返回 -20：请用 kill 结束。未运行的环境返回 0。',
      },
    ],
  },
  '/api/v1/browser/kill': {
    title: { en: 'Force environments to end', zh: '强制结束环境' },
    purpose: {
      en: 'Ends the browser processes of environments at once, headless ones included.',
      zh: '立即结束环境的浏览器进程，包括无头模式的环境。',
    },
  },

  // --- Scripts ---------------------------------------------------------------------------------------
  '/api/v1/script/list': {
    title: { en: 'Script library', zh: '脚本库列表' },
    purpose: {
      en: "Answers the scripts you can assign (beyond the spec), in the caller's language: each with its Script_ID for id_script_add, its name, what it does and its version (the newest, which id_script_add assigns).",
      zh: '返回可分配的脚本（规范之外），使用调用方的语言：每个脚本给出用于 id_script_add 的 Script_ID、名称、用途说明和版本（最新版本，即 id_script_add 分配的版本）。',
    },
  },
  '/api/v1/session/id_script_list': {
    title: { en: 'Scripts of an environment', zh: '查询环境的脚本' },
    purpose: {
      en: 'Answers the active script of an environment (Script_ID, name and source in base64) and its inactive ones (UnActived_script_list).',
      zh: '返回环境当前启用的脚本（Script_ID、名称和 base64 编码的源码）以及未启用的脚本（UnActived_script_list）。',
    },
  },
  '/api/v1/session/id_script_active': {
    title: { en: 'Activate a script', zh: '启用脚本' },
    purpose: {
      en: 'Makes one of the scripts assigned to an environment its active script (the previous one becomes inactive). The active script runs in every page.',
      zh: '将已分配给环境的一个脚本设为启用（原来启用的脚本变为未启用）。启用的脚本会在每个网页中运行。',
    },
  },
  '/api/v1/session/id_script_add': {
    title: { en: 'Assign scripts', zh: '分配脚本' },
    purpose: {
      en: `Assigns scripts of your script library to an environment (at most ${SCRIPTS_PER_SESSION_MAX} per environment); they are downloaded and stay inactive until activated.`,
      zh: `将脚本库中的脚本分配给环境（每个环境最多 ${SCRIPTS_PER_SESSION_MAX} 个）；脚本会被下载，启用前保持未启用状态。`,
    },
  },
  '/api/v1/session/id_script_Deactivate': {
    title: { en: 'Deactivate the active script', zh: '停用脚本' },
    purpose: {
      en: 'Makes the active script of an environment inactive; the environment then runs no script.',
      zh: '停用环境当前启用的脚本；之后该环境不运行任何脚本。',
    },
  },
  '/api/v1/session/id_script_Delete': {
    title: { en: 'Remove scripts', zh: '删除脚本' },
    purpose: {
      en: 'Removes inactive scripts from an environment (deactivate the active one first).',
      zh: '从环境中删除未启用的脚本（启用中的脚本需先停用）。',
    },
  },

  // --- Groups ----------------------------------------------------------------------------------------
  '/api/v1/session/tags': {
    title: { en: 'Tag environments', zh: '批量设置标签' },
    purpose: {
      en: `Adds and removes tags (beyond the spec) on many environments at once; all of them or none change. An environment holds at most ${TAGS_PER_SESSION_MAX} tags. Session_Tags of create and update sets one environment's tags, and listid's Session_Tag filters by one.`,
      zh: `批量为多个环境添加或移除标签（规范之外）；要么全部修改，要么都不修改。每个环境最多 ${TAGS_PER_SESSION_MAX} 个标签。创建和更新接口的 Session_Tags 可设置单个环境的标签，listid 的 Session_Tag 可按标签筛选。`,
    },
  },
  '/api/v1/session/tag/list': {
    title: { en: 'List tags', zh: '获取标签列表' },
    purpose: {
      en: 'The tags of the environments you see (beyond the spec), each with how many environments carry it, A to Z.',
      zh: '返回你可见环境上的所有标签（规范之外）及各自的环境数量，按字母顺序排列。',
    },
  },
  '/api/v1/session/clone': {
    title: { en: 'Clone an environment', zh: '克隆环境' },
    purpose: {
      en: `Makes up to ${CLONE_MAX} copies of one of your environments (beyond the spec): its settings, proxy, start pages, plugins, scripts and tags. Each copy gets its own id and, at its first start, its own fingerprint and an empty profile; cookies are copied only with Copy_Cookies 1.`,
      zh: `为自己的一个环境创建最多 ${CLONE_MAX} 个副本（规范之外）：复制设置、代理、启动页、插件、脚本和标签。每个副本有自己的 ID，首次启动时生成自己的指纹和空白的浏览器数据；只有 Copy_Cookies 为 1 时才复制 Cookie。`,
    },
  },
  '/api/v1/session/trash/list': {
    title: { en: 'List the recycle bin', zh: '获取回收站列表' },
    purpose: {
      en: `The environments you deleted in the last ${TRASH_KEEP_DAYS} days (beyond the spec), newest first, each with when it goes for good.`,
      zh: `返回最近 ${TRASH_KEEP_DAYS} 天内删除的环境（规范之外），最新删除的在前，并给出各自被永久删除的时间。`,
    },
  },
  '/api/v1/session/trash/restore': {
    title: { en: 'Restore from the recycle bin', zh: '从回收站恢复' },
    purpose: {
      en: 'Brings deleted environments back with their settings, cookies, fingerprint and profile, and syncs them again (beyond the spec). Shares are not restored. All of them or none come back.',
      zh: '恢复已删除的环境，包括设置、Cookie、指纹和浏览器数据，并重新同步（规范之外）。分享关系不会恢复。要么全部恢复，要么都不恢复。',
    },
  },
  '/api/v1/session/trash/delete': {
    title: { en: 'Delete from the recycle bin', zh: '从回收站永久删除' },
    purpose: {
      en: `Deletes environments from the recycle bin for good, or empties it with Is_Delete_All 1 (beyond the spec). Left alone, they go after ${TRASH_KEEP_DAYS} days.`,
      zh: `从回收站永久删除环境，或在 Is_Delete_All 为 1 时清空回收站（规范之外）。不处理的话，${TRASH_KEEP_DAYS} 天后会自动删除。`,
    },
  },
  '/api/v1/group/list': {
    title: { en: 'List groups', zh: '查询分组列表' },
    purpose: {
      en: `Answers the names of your groups; "${DEFAULT_GROUP_NAME}" is always there.`,
      zh: `返回自己的分组名称；始终包含 "${DEFAULT_GROUP_NAME}" 分组。`,
    },
  },
  '/api/v1/group/create': {
    title: { en: 'Create a group', zh: '创建分组' },
    purpose: {
      en: 'Creates a group; group names are unique per account.',
      zh: '创建分组；同一账号下分组名称唯一。',
    },
  },
  '/api/v1/group/update': {
    title: { en: 'Rename a group', zh: '重命名分组' },
    purpose: {
      en: `Renames a group (beyond the spec): every environment of yours in it moves to the new name at once, and syncs as any change does. The new name follows group/create's rules; "${DEFAULT_GROUP_NAME}" cannot be renamed, and a name in use is refused.`,
      zh: `重命名分组（规范之外）：其中自己的所有环境一次性移到新名称下，并像其他修改一样同步。新名称遵循 group/create 的规则；"${DEFAULT_GROUP_NAME}" 分组不能重命名，已被使用的名称会被拒绝。`,
    },
  },
  '/api/v1/group/del': {
    title: { en: 'Delete groups', zh: '删除分组' },
    purpose: {
      en: `Deletes groups that hold no environment. Nothing is deleted when one of them is not empty, does not exist, or is "${DEFAULT_GROUP_NAME}".`,
      zh: `删除不包含环境的分组。只要其中一个分组非空、不存在或是 "${DEFAULT_GROUP_NAME}"，就一个都不删除。`,
    },
  },
  '/api/v1/group/move_session': {
    title: { en: 'Move environments to another group', zh: '移动环境到其他分组' },
    purpose: {
      en: 'Moves environments from one group to another. Note the spelling Orgin_Group_Name.',
      zh: '将环境从一个分组移动到另一个分组。注意字段拼写为 Orgin_Group_Name。',
    },
  },

  // --- Plugins ---------------------------------------------------------------------------------------
  '/api/v1/plugin/list': {
    title: { en: 'Plugin library', zh: '插件库列表' },
    purpose: {
      en: 'Answers the plugins (browser extensions) you can install: newest version first, with every version in Plugin_Ver_List.',
      zh: '返回可安装的插件（浏览器扩展）：每个插件给出最新版本，所有版本列在 Plugin_Ver_List 中。',
    },
  },
  '/api/v1/session/id_plugin_list': {
    title: { en: 'Plugins of an environment', zh: '查询环境的插件' },
    purpose: {
      en: 'Answers the plugins installed in an environment.',
      zh: '返回环境中已安装的插件。',
    },
  },
  '/api/v1/session/plugin_install': {
    title: { en: 'Install plugins', zh: '安装插件' },
    purpose: {
      en: 'Downloads plugins of the library and installs them in an environment; they load at its next start. Plugin_ver picks a version, otherwise the newest.',
      zh: '下载插件库中的插件并安装到环境中，下次启动时加载。Plugin_ver 指定版本，否则使用最新版本。',
    },
  },
  '/api/v1/session/plugin_delete': {
    title: { en: 'Remove plugins', zh: '删除插件' },
    purpose: {
      en: 'Removes plugins from an environment (with Plugin_ver, only if that version is installed).',
      zh: '从环境中删除插件（提供 Plugin_ver 时，仅当安装的是该版本才删除）。',
    },
  },

  '/manager/proxies/list': {
    title: { en: 'List saved proxies', zh: '查询代理库' },
    purpose: {
      en: 'Your saved proxies on this machine (beyond the spec), by name, each with its last check and how many of your environments use it. Passwords are masked; get answers one with its password.',
      zh: '返回本机上你已保存的代理（规范之外），按名称排序，并给出每个代理最近一次的检测结果以及有多少个自己的环境在使用它。密码以掩码显示；需要密码时请调用 get。',
    },
    notes: [SAVED_PROXY_USE_NOTE],
  },
  '/manager/proxies/get': {
    title: { en: 'Get a saved proxy', zh: '获取已保存的代理' },
    purpose: {
      en: 'One saved proxy with its password (beyond the spec), to fill the proxy fields of a create or update call.',
      zh: '返回一个已保存的代理及其密码（规范之外），用于填写创建或更新接口的代理字段。',
    },
  },
  '/manager/proxies/create': {
    title: { en: 'Save proxies', zh: '保存代理' },
    purpose: {
      en: `Saves 1 to ${SAVED_PROXY_CREATE_MAX} proxies under names of their own (beyond the spec): all of them or none. Each follows the create call's rules of a proxy; names are unique, and so is each proxy (type, host, port and user name).`,
      zh: `以各自的名称保存 1 到 ${SAVED_PROXY_CREATE_MAX} 个代理（规范之外）：要么全部保存，要么都不保存。每个代理都遵循创建接口的代理规则；名称不能重复，同一代理（类型、主机、端口和用户名都相同）也只能保存一次。`,
    },
    notes: [
      {
        en: 'A refused proxy is named by its place in the list and its name; nothing is saved then.',
        zh: '被拒绝的代理会以它在列表中的序号和名称指出；此时不会保存任何代理。',
      },
    ],
  },
  '/manager/proxies/update': {
    title: { en: 'Change a saved proxy', zh: '修改已保存的代理' },
    purpose: {
      en: 'Changes the fields sent (beyond the spec); the others, the password included, are kept. Every environment of yours that uses the proxy gets its new values at once (a running one from its next start); the answer lists them in Session_ID.',
      zh: '修改所提供的字段（规范之外），其余字段（包括密码）保持不变。自己所有使用该代理的环境会立即获得新的值（正在运行的环境从下次启动起生效）；返回值的 Session_ID 列出这些环境。',
    },
    notes: [
      SAVED_PROXY_USE_NOTE,
      {
        en: 'A change of the type, host, port, user name or password clears the last check: it no longer tells about this proxy.',
        zh: '修改类型、主机、端口、用户名或密码后，最近一次的检测结果会被清除：它已不能说明这个代理的情况。',
      },
    ],
  },
  '/manager/proxies/delete': {
    title: { en: 'Delete saved proxies', zh: '删除已保存的代理' },
    purpose: {
      en: 'Deletes saved proxies (beyond the spec): all of them or none. Environments that use one keep its values as their own proxy: nothing stops working.',
      zh: '删除已保存的代理（规范之外）：要么全部删除，要么都不删除。正在使用它的环境会把这些值保留为自己的代理设置，不会因此无法使用。',
    },
  },
  '/manager/proxies/check': {
    title: { en: 'Check saved proxies', zh: '检测已保存的代理' },
    purpose: {
      en: `Checks 1 to ${SAVED_PROXY_CHECK_MAX} saved proxies, ${SAVED_PROXY_CHECK_PARALLEL} at a time (beyond the spec), with the check of create's Is_CheckProxy 1: a real request through each proxy to the IP-lookup endpoint. Each result is kept with the proxy: the exit IP and country and the latency, or libcurl's code and the reason.`,
      zh: `检测 1 到 ${SAVED_PROXY_CHECK_MAX} 个已保存的代理，每次同时检测 ${SAVED_PROXY_CHECK_PARALLEL} 个（规范之外），检测方式与创建接口 Is_CheckProxy 为 1 时相同：经每个代理向 IP 查询服务发出真实请求。结果随代理保存：出口 IP、国家和延迟，或 libcurl 错误码及原因。`,
    },
    notes: [
      {
        en: 'A proxy that fails does not fail the call: its Check_Status is failed, with Proxy_Check_Code and Check_Message.',
        zh: '某个代理检测失败不会使整个调用失败：它的 Check_Status 为 failed，并带有 Proxy_Check_Code 和 Check_Message。',
      },
      {
        en: 'Latency_ms is the time of the lookup request through the proxy, in milliseconds.',
        zh: 'Latency_ms 是经代理发出查询请求所用的时间，单位为毫秒。',
      },
    ],
  },
  '/manager/proxies/exits': {
    title: { en: 'Exits of environments', zh: '查询环境出口' },
    purpose: {
      en: "For each environment (beyond the spec): the saved proxy it uses, if any, and its last known exit IP and country, from the last check of that proxy or from its own last start's lookup, whichever is newer (Exit_From check or start; empty when neither is known). IDs you cannot see are left out.",
      zh: '针对每个环境（规范之外）：返回它使用的已保存代理（如有），以及最近已知的出口 IP 和国家——取该代理最近一次检测与环境自身最近一次启动时查询中较新的一个（Exit_From 为 check 或 start；两者都没有时为空）。你看不到的环境 ID 不会出现在结果中。',
    },
    notes: [SAVED_PROXY_USE_NOTE],
  },
};
