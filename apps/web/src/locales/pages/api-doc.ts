/**
 * Copy of the documentation shell (navigation, search, tables, copy buttons, "try it" panel) and
 * each page's description for search engines. Page titles are the contract's (API_DOC_TITLES).
 */
import type { ApiDocSlug, Lang } from '@hainiao/contract';

const en = {
  docs: 'Local API documentation',
  navLabel: 'Documentation pages',
  openNav: 'Documentation menu',
  closeNav: 'Close the menu',
  onThisPage: 'On this page',
  previous: 'Previous',
  next: 'Next',
  search: {
    label: 'Search the documentation',
    placeholder: 'Search calls, fields, codes…',
    loading: 'Loading the index…',
    none: 'Nothing found for “{query}”.',
    results: 'Results',
  },
  copy: { copy: 'Copy', copied: 'Copied', failed: 'Press Ctrl+C to copy' },
  call: {
    noLogin: 'No login needed',
    rateLimit: 'At most {limit} calls per minute',
    fields: 'Body fields',
    noFields: 'No parameters: send {} or no body.',
    field: 'Field',
    type: 'Type',
    required: 'Required',
    limits: 'Limits',
    description: 'Description',
    yes: 'yes',
    no: 'no',
    example: 'e.g.',
    request: 'Example request',
    curl: 'With curl',
    answer: 'Example answer',
    codes: 'Codes',
    code: 'Code',
    http: 'HTTP',
    meaning: 'Meaning',
    perItem: 'per environment, in the data list',
    legacy: 'This call answers {msg, status, data}.',
  },
  tryIt: {
    open: 'Try it',
    close: 'Close',
    title: 'Try it on your own service',
    intro:
      'Sends this call from this page to the local API on your computer (127.0.0.1). Your service must be running and started with --cloud set to this site.',
    port: 'Port',
    body: 'Request body (JSON)',
    send: 'Send',
    sending: 'Sending…',
    reset: 'Reset the example',
    answer: 'Answer',
    status: 'HTTP {status}',
    invalidJson: 'The body is not valid JSON: {error}',
    unreachable:
      'No answer from {url}. Is hainiao-api running on this port, started with --cloud {origin}?',
    quitWarning: 'This call shuts your service down.',
  },
  table: {
    flag: 'Flag',
    default: 'Default',
    meaning: 'Meaning',
    env: 'Also set by',
    status: 'HTTP status',
    code: 'Code',
    call: 'Call',
    path: 'Path',
    page: 'Page',
    perMinute: 'Calls per minute',
    limit: 'Limit',
    value: 'Value',
    name: 'Name',
    variable: 'Variable',
    file: 'File',
    any: 'any',
  },
  downloads: {
    openapi: 'OpenAPI 3.1 document',
    collection: 'Postman collection (v2.1)',
    environment: 'Postman environment (host, port, credential)',
    fromService: 'also served by your service at',
  },
  appendix: {
    systems: 'Systems',
    systemsNote:
      'Values of SystemOS, system and SYSTEM. Android, iPhone and iPad need MobileModel.',
    resolutions: 'Resolutions',
    resolutionsNote:
      'Values of resolution (WIDTHxHEIGHT in CSS pixels; phones and tablets in portrait).',
    timezones: 'Time zones',
    timezonesNote: 'Values of TimeZone (IANA names), with their standard UTC offset.',
    languages: 'Languages',
    languagesNote:
      'Values of LanguageCode. "Browser UI" says whether the browser shows its own menus in that language.',
    countries: 'Country codes',
    countriesNote: 'Values of CountryCode (ISO 3166-1 alpha-2).',
    proxyTypes: 'Proxy types',
    proxyTypesNote: 'Values of Proxy_Type.',
    offset: 'UTC offset',
    zone: 'Time zone',
    code: 'Code',
    name: 'Name',
    nativeName: 'Native name',
    rendering: 'Browser UI',
    yes: 'yes',
    no: 'no',
    count: '{count} values',
  },
  codes: {
    intro:
      'Code 0 is success. The answer of a call carries a main or create/update code; start, stop, kill and status report a start/status code per environment; proxy checks report a libcurl code in data.Proxy_Check_Code.',
    name: 'Name',
  },
  notFound: 'There is no such documentation page.',
  pageDescriptions: {
    overview:
      'How the Hainiao local API works: a service on your computer that manages environments and starts browsers for Puppeteer, Playwright and Selenium, called with JSON over HTTP.',
    help: 'Start hainiao-api: start-up flags and their defaults, getting an API credential, logging in, running in the background, data and logs.',
    http: 'Call the Hainiao local API from any HTTP client: method, headers, JSON body, answer envelopes, HTTP status codes, rate limits and security.',
    question:
      'Troubleshooting the Hainiao local API: connection refused, -4 not logged in, -22, 400 unknown field, 403, 429, proxy check -105, start failures.',
    login:
      'Log the Hainiao local API in with an API credential, switch accounts and shut the service down: fields, examples and codes.',
    members:
      'Read the membership of an account with the Hainiao local API: account type, registration and expiry dates.',
    browser:
      'Start, stop, kill and watch browser environments with the Hainiao local API; get browser_CDP_Port and webdriver for automation.',
    session:
      'Create, list, read, update, share and delete environments with the Hainiao local API: proxies, fingerprints, cookies, start pages and user agents.',
    group:
      'List, create, delete groups and move environments between them with the Hainiao local API.',
    script:
      'Assign, activate, deactivate and remove scripts of an environment with the Hainiao local API.',
    plugin:
      'List the plugin library and install or remove plugins of an environment with the Hainiao local API.',
    appendix:
      'Allowed values of the Hainiao local API: systems, resolutions, time zones, languages, country codes and proxy types.',
    code: 'Every answer code of the Hainiao local API: main codes, create/update codes, start/status codes and libcurl proxy-check codes.',
    postman:
      'Download and import the Postman collection and environment of the Hainiao local API, and run every call in order.',
    'postman-debug':
      'Debug the Hainiao local API in Postman: the console, test results, variables and common problems.',
    'postman-example':
      'A worked example with the Hainiao local API Postman collection: log in, create, start, clean up.',
    example:
      'Runnable examples of the Hainiao local API: curl, Node.js with Puppeteer and Playwright, Python with requests and Selenium.',
  } satisfies Record<ApiDocSlug, string>,
};

export type ApiDocCopy = typeof en;

const zh: ApiDocCopy = {
  docs: '本地 API 文档',
  navLabel: '文档目录',
  openNav: '文档菜单',
  closeNav: '关闭菜单',
  onThisPage: '本页内容',
  previous: '上一页',
  next: '下一页',
  search: {
    label: '搜索文档',
    placeholder: '搜索接口、字段、返回码…',
    loading: '正在加载索引…',
    none: '没有找到与“{query}”相关的内容。',
    results: '搜索结果',
  },
  copy: { copy: '复制', copied: '已复制', failed: '请按 Ctrl+C 复制' },
  call: {
    noLogin: '无需登录',
    rateLimit: '每分钟最多调用 {limit} 次',
    fields: '请求字段',
    noFields: '无参数：发送 {} 或不带请求体。',
    field: '字段',
    type: '类型',
    required: '必填',
    limits: '取值范围',
    description: '说明',
    yes: '是',
    no: '否',
    example: '例如',
    request: '请求示例',
    curl: '使用 curl',
    answer: '返回示例',
    codes: '返回码',
    code: '代码',
    http: 'HTTP',
    meaning: '含义',
    perItem: '按环境，在 data 列表中',
    legacy: '本接口返回 {msg, status, data}。',
  },
  tryIt: {
    open: '在线调试',
    close: '关闭',
    title: '在你自己的服务上调试',
    intro:
      '从本页面向你电脑上的本地 API（127.0.0.1）发送此调用。你的服务必须正在运行，且启动时 --cloud 设置为本站地址。',
    port: '端口',
    body: '请求体（JSON）',
    send: '发送',
    sending: '发送中…',
    reset: '恢复示例',
    answer: '返回值',
    status: 'HTTP {status}',
    invalidJson: '请求体不是有效的 JSON：{error}',
    unreachable: '{url} 没有响应。hainiao-api 是否在此端口运行，且启动时使用了 --cloud {origin}？',
    quitWarning: '此调用会关闭你的服务。',
  },
  table: {
    flag: '参数',
    default: '默认值',
    meaning: '含义',
    env: '也可通过',
    status: 'HTTP 状态码',
    code: '代码',
    call: '接口',
    path: '路径',
    page: '页面',
    perMinute: '每分钟次数',
    limit: '限制',
    value: '值',
    name: '名称',
    variable: '变量',
    file: '文件',
    any: '任意',
  },
  downloads: {
    openapi: 'OpenAPI 3.1 文档',
    collection: 'Postman 集合（v2.1）',
    environment: 'Postman 环境（主机、端口、凭证）',
    fromService: '你的服务也提供于',
  },
  appendix: {
    systems: '系统',
    systemsNote: 'SystemOS、system 和 SYSTEM 的取值。Android、iPhone 和 iPad 需要 MobileModel。',
    resolutions: '分辨率',
    resolutionsNote: 'resolution 的取值（宽x高，CSS 像素；手机和平板为竖屏）。',
    timezones: '时区',
    timezonesNote: 'TimeZone 的取值（IANA 名称）及其标准 UTC 偏移。',
    languages: '语言',
    languagesNote: 'LanguageCode 的取值。“浏览器界面”表示浏览器是否以该语言显示自身菜单。',
    countries: '国家代码',
    countriesNote: 'CountryCode 的取值（ISO 3166-1 二位字母代码）。',
    proxyTypes: '代理类型',
    proxyTypesNote: 'Proxy_Type 的取值。',
    offset: 'UTC 偏移',
    zone: '时区',
    code: '代码',
    name: '名称',
    nativeName: '本地名称',
    rendering: '浏览器界面',
    yes: '是',
    no: '否',
    count: '共 {count} 个',
  },
  codes: {
    intro:
      '代码 0 表示成功。接口的返回值带主返回码或创建/更新返回码；start、stop、kill 和 status 按环境报告启动/状态返回码；代理检测在 data.Proxy_Check_Code 中报告 libcurl 错误码。',
    name: '名称',
  },
  notFound: '没有这个文档页面。',
  pageDescriptions: {
    overview:
      '海鸟本地 API 的工作方式：运行在你电脑上的服务，管理环境并为 Puppeteer、Playwright 和 Selenium 启动浏览器，通过 HTTP 收发 JSON。',
    help: '启动 hainiao-api：启动参数及默认值、获取 API 凭证、登录、后台运行、数据与日志。',
    http: '用任何 HTTP 客户端调用海鸟本地 API：方法、请求头、JSON 请求体、返回格式、HTTP 状态码、频率限制和安全。',
    question:
      '海鸟本地 API 常见问题：连接被拒绝、-4 未登录、-22、400 未知字段、403、429、代理检测 -105、启动失败。',
    login: '使用 API 凭证登录海鸟本地 API、切换账号和关闭服务：字段、示例和返回码。',
    members: '通过海鸟本地 API 查询账号会员信息：账号类型、注册日期和到期日期。',
    browser:
      '通过海鸟本地 API 启动、关闭、强制结束和查看浏览器环境；获取用于自动化的 browser_CDP_Port 和 webdriver。',
    session:
      '通过海鸟本地 API 创建、查询、读取、更新、分享和删除环境：代理、指纹、Cookie、启动页和 User-Agent。',
    group: '通过海鸟本地 API 查询、创建、删除分组，以及在分组之间移动环境。',
    script: '通过海鸟本地 API 为环境分配、启用、停用和删除脚本。',
    plugin: '通过海鸟本地 API 查询插件库，以及为环境安装或删除插件。',
    appendix: '海鸟本地 API 的取值列表：系统、分辨率、时区、语言、国家代码和代理类型。',
    code: '海鸟本地 API 的全部返回码：主返回码、创建/更新返回码、启动/状态返回码和 libcurl 代理检测返回码。',
    postman: '下载并导入海鸟本地 API 的 Postman 集合和环境，按顺序运行全部接口。',
    'postman-debug': '在 Postman 中调试海鸟本地 API：控制台、测试结果、变量和常见问题。',
    'postman-example': '海鸟本地 API Postman 集合的完整示例：登录、创建、启动、清理。',
    example:
      '海鸟本地 API 的可运行示例：curl、Node.js（Puppeteer 和 Playwright）、Python（requests 和 Selenium）。',
  },
};

export const apiDocCopy: Record<Lang, ApiDocCopy> = { en, zh };
