/**
 * Request bodies of the environment ("session") calls of the local API (/api/v1/session/*),
 * and the building blocks the other local-API schemas share.
 *
 * Bodies are JSON objects checked with `z.strictObject`: a field the spec does not name is rejected
 * (`unrecognized_keys`), so a misspelt field is reported instead of silently ignored. The schemas
 * hold shape and limits only; rules that need the store or the appendix (does the group exist, is
 * the OS known, does a mobile system have a model) are the service's, which answers with the
 * EnvironmentFieldCodes of `ENVIRONMENT_FIELD_CODES`.
 */
import { z } from 'zod';
import { PROXY_TYPES } from '../../appendix/proxy-types.ts';

/** What listid can order by (our extension; the spec's list is last updated first). */
export const LIST_SORT_FIELDS = ['name', 'group', 'system', 'proxy', 'created', 'updated'] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
import { EnvironmentFieldCodes } from '../../codes/local-api.ts';
import {
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  DEFAULT_GROUP_NAME,
  DELETE_MAX,
  FINGERPRINT_SETTING_FLAGS,
  GROUP_NAME_MAX,
  LIST_NUM_DEFAULT,
  LIST_NUM_MAX,
  SESSION_DESC_MAX,
  SESSION_NAME_MAX,
  STATUS_QUERY_MAX,
  TAG_MAX,
  TAGS_PER_SESSION_MAX,
} from '../../limits.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** A sample environment id for the generated documentation. */
export const SAMPLE_SESSION_ID = '373808cb37bd63f5f7d92415e736e85f';

/** Highest TCP port. */
export const PORT_MAX = 65_535;

/**
 * `.optional()` that keeps the field's description and metadata on the outer schema, so that
 * `shape.Field.description` and `shape.Field.meta()` work for optional fields too.
 */
export function optionalField<T extends z.ZodType>(schema: T): z.ZodOptional<T> {
  const meta = schema.meta();
  return meta ? schema.optional().meta(meta) : schema.optional();
}

/**
 * One of a few small integer codes (0/1 flags, Actived_Type, Session_container_type).
 *
 * Windows automation tools (batch files with curl, AutoIt, 易语言, VBA) often send every JSON value
 * as a string, so the strings '0', '1', … are accepted too and turned into numbers: handlers only
 * ever see the numbers. Anything else (true, 2 for a flag, ' 1') is rejected.
 */
export function intChoice<const T extends readonly number[]>(values: T) {
  return z.union([
    z.literal(values),
    z.enum(values.map(String)).transform((v) => Number(v) as T[number]),
  ]);
}

/** A 0/1 switch (accepts 0, 1, '0', '1'; see `intChoice`). */
export function flagField(en: string, zh: string, example: 0 | 1 = 1) {
  return intChoice([0, 1] as const)
    .describe(`${en} (0 off, 1 on)`)
    .meta({ zh: `${zh}（0 关闭，1 开启）`, example });
}

/**
 * An integer in [min, max]; a string of digits is accepted and turned into a number (same reason
 * as `intChoice`). The bounds are checked after the conversion, so the JSON Schema of the input
 * side would not show them: they are added as `minimum`/`maximum` metadata for the docs.
 */
export function intField(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max))
    .meta(max === Number.MAX_SAFE_INTEGER ? { minimum: min } : { minimum: min, maximum: max });
}

/** One environment id (`Session_ID`; the create answer spells it `Session_Id`). */
export function sessionId() {
  return z
    .string()
    .min(1)
    .describe('Environment ID (the create answer returns it as Session_Id)')
    .meta({ zh: '环境 ID（创建接口的返回值中拼写为 Session_Id）', example: SAMPLE_SESSION_ID });
}

/** A non-empty array of environment ids, at most `max` of them. */
export function sessionIdList(max: number) {
  return z
    .array(z.string().min(1))
    .min(1)
    .max(max)
    .describe(`Environment IDs, 1 to ${max}`)
    .meta({ zh: `环境 ID 数组，1 到 ${max} 个`, example: [SAMPLE_SESSION_ID] });
}

/**
 * One id or an array of ids, always handed on as an array. Used where the spec writes
 * "Session_ID" without saying whether it is one or several (id_container, stop, kill), so that both
 * readings of the documentation work.
 */
export function sessionIdOneOrMany(max: number) {
  return z
    .union([
      z
        .string()
        .min(1)
        .transform((id) => [id]),
      z.array(z.string().min(1)).min(1).max(max),
    ])
    .describe(`One environment ID, or an array of 1 to ${max} IDs`)
    .meta({ zh: `单个环境 ID，或 1 到 ${max} 个环境 ID 的数组`, example: [SAMPLE_SESSION_ID] });
}

/**
 * A URL as stored: non-empty, no spaces. Names a page already in an environment's list (auto-open
 * update's OldStartPage, delete's StartPage), so that a page stored before the start-page rule can
 * still be replaced or removed. New start pages are `startPageUrl`.
 */
export const urlString = z.string().regex(/^\S+$/);

/**
 * Whether a start page may be stored and opened: an absolute http: or https: URL with a host, and
 * no control character. Not file:, javascript:, data:, chrome:, chrome-extension:, view-source:,
 * about: or any other scheme: those read local files, run script or open the browser's own pages.
 */
export function isStartPageUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A new start page (HomePage_url, auto-open add and update): an http(s) URL, no spaces. */
export const startPageUrl = urlString.refine(isStartPageUrl, {
  message: 'A start page must be an http:// or https:// URL',
});

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (listid time filters). */
export const dateTimeString = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/);

/** Exactly FINGERPRINT_SETTING_FLAGS comma-separated 0/1 flags, e.g. '1,1,1,1'. */
export const FINGERPRINT_SETTING_PATTERN = new RegExp(
  `^[01](,[01]){${FINGERPRINT_SETTING_FLAGS - 1}}$`,
);

// ---------------------------------------------------------------------------------------------
// Field groups of an environment
// ---------------------------------------------------------------------------------------------

const sessionName = z
  .string()
  .max(SESSION_NAME_MAX)
  .optional()
  .describe(`Environment name, at most ${SESSION_NAME_MAX} characters`)
  .meta({ zh: `环境名称，最多 ${SESSION_NAME_MAX} 个字符`, example: 'Amazon US store 01' });

const sessionDesc = z
  .string()
  .max(SESSION_DESC_MAX)
  .optional()
  .describe(`Environment description, at most ${SESSION_DESC_MAX} characters`)
  .meta({ zh: `环境描述，最多 ${SESSION_DESC_MAX} 个字符`, example: 'Seller account, US proxy' });

/** A tag (our extension): trimmed; the same tag twice counts once. */
export const tagName = z
  .string()
  .trim()
  .min(1)
  .max(TAG_MAX)
  .describe(`A tag, 1 to ${TAG_MAX} characters`)
  .meta({ zh: `标签，1 到 ${TAG_MAX} 个字符`, example: 'US' });

/** Session_Tags (our extension): the environment's tags, replacing those it had. */
export const sessionTags = z
  .array(tagName)
  .max(TAGS_PER_SESSION_MAX)
  .optional()
  .describe(
    `Tags of the environment (ours), at most ${TAGS_PER_SESSION_MAX}, each 1 to ${TAG_MAX} characters; they replace the ones it had`,
  )
  .meta({
    zh: `环境的标签（扩展字段），最多 ${TAGS_PER_SESSION_MAX} 个，每个 1 到 ${TAG_MAX} 个字符；会替换原有标签`,
    example: ['US', 'warming up'],
  });

const sessionGroup = z
  .string()
  .max(GROUP_NAME_MAX)
  .optional()
  .describe(
    `Group name, at most ${GROUP_NAME_MAX} characters; empty means the group "${DEFAULT_GROUP_NAME}"`,
  )
  .meta({
    zh: `分组名称，最多 ${GROUP_NAME_MAX} 个字符；为空时归入默认分组 "${DEFAULT_GROUP_NAME}"`,
    example: 'Amazon',
  });

/** One cookie of a cookie list; other attributes (path, expires, secure, …) pass through. */
const cookieItem = z.looseObject({
  name: z.string().min(1),
  value: z.string(),
  domain: z.string().min(1),
});

const cookie = z
  .union([z.string(), z.array(cookieItem)])
  .optional()
  .describe(
    'Cookies: a JSON array of cookie objects (name, value, domain, path, expires, …) or the same ' +
      'list as JSON text',
  )
  .meta({
    zh: 'Cookie：Cookie 对象数组（name、value、domain、path、expires 等），或同样内容的 JSON 文本',
    example: [
      { name: 'session-id', value: '135-0000000-0000000', domain: '.amazon.com', path: '/' },
    ],
  });

/**
 * HomePage_url: the spec does not say whether it is one URL or several. Both are accepted and the
 * value is handed on as an array, because an environment can open several start pages.
 */
const homePageUrl = z
  .union([startPageUrl.transform((url) => [url]), z.array(startPageUrl)])
  .optional()
  .describe('Start page URL (http:// or https://), or an array of start page URLs')
  .meta({
    zh: '启动主页 URL（http:// 或 https://），或多个启动主页 URL 组成的数组',
    example: ['https://www.amazon.com'],
  });

const disableVideo = optionalField(flagField('Block video loading', '禁止加载视频', 0));
const disableImg = optionalField(flagField('Block image loading', '禁止加载图片', 0));

const systemOs = z
  .string()
  .min(1)
  .optional()
  .describe(
    'Operating system the environment presents: a value of the appendix "System". Default: the ' +
      "machine's own. Another system shows in pages only: workers keep the machine's platform " +
      '(the create and start answers list those values in Fingerprint_PageOnly)',
  )
  .meta({
    zh:
      '环境模拟的操作系统，取值见附录“系统”。默认为本机系统。选择其他系统时只在页面中生效：' +
      'Worker 仍显示本机平台（创建和启动结果的 Fingerprint_PageOnly 列出这些值）',
    example: 'Windows',
  });

/**
 * The environment fields that create accepts (beyond Automatic_Configure). The spec writes
 * "system / SystemOS": both spellings are accepted; when both are sent, SystemOS wins.
 * "resolution" is spelt as the spec writes it; the user agent field is not spelt by the spec
 * (the listid filter is Session_User_Agent), so it is `User_Agent`.
 */
export const environmentFields = {
  Session_Name: sessionName,
  Session_Desc: sessionDesc,
  Session_Group: sessionGroup,
  Session_Tags: sessionTags,
  Cookie: cookie,
  HomePage_url: homePageUrl,
  SystemOS: systemOs,
  system: z
    .string()
    .min(1)
    .optional()
    .describe('Same as SystemOS (the spec spells it both ways); SystemOS wins when both are sent')
    .meta({
      zh: '同 SystemOS（规范中两种拼写都有）；两者同时提供时以 SystemOS 为准',
      example: 'Windows',
    }),
  resolution: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/)
    .optional()
    .describe('Screen resolution WIDTHxHEIGHT, a value of the appendix "Resolution"')
    .meta({ zh: '屏幕分辨率，格式为 宽x高，取值见附录“分辨率”', example: '1920x1080' }),
  User_Agent: z
    .string()
    .min(1)
    .optional()
    .describe('User agent string; omitted, one is generated to match the system and version')
    .meta({
      zh: 'User-Agent 字符串；不提供时按系统与版本自动生成',
      example:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/106.0.0.0 Safari/537.36',
    }),
  MobileModel: z
    .string()
    .min(1)
    .optional()
    .describe('Device model; required by the service when the system is Android, iPhone or iPad')
    .meta({
      zh: '设备型号；系统为 Android、iPhone 或 iPad 时服务要求必填',
      example: 'iPhone 13 Pro',
    }),
  Disable_video: disableVideo,
  Disable_img: disableImg,
};

/**
 * Environment fields that create takes beyond those of update: Group_Name (the group as the answers
 * spell it: the same as Session_Group), and what a start that gives none of its own uses,
 * Session_Args and Session_Headless (browser/start's args and isHeadless win when sent).
 */
export const createOnlyFields = {
  Group_Name: z
    .string()
    .max(GROUP_NAME_MAX)
    .optional()
    .describe(
      `Same as Session_Group (the answers spell the group Group_Name); sending both with ` +
        `different groups is refused`,
    )
    .meta({
      zh: '同 Session_Group（返回值中分组字段拼写为 Group_Name）；同时提供且分组不同时拒绝',
      example: 'Amazon',
    }),
  Session_Args: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'Browser arguments of a start that sends no args of its own (the same allow-list as ' +
        'browser/start args)',
    )
    .meta({
      zh: '启动时未提供 args 则使用这些浏览器参数（允许的参数与 browser/start 的 args 相同）',
      example: ['--window-position=0,0'],
    }),
  Session_Headless: optionalField(
    flagField(
      'Start without a window when the start call sends no isHeadless',
      '启动调用未提供 isHeadless 时以无界面（无头）模式启动',
      0,
    ),
  ),
};

/** Proxy fields; Proxy_Type takes one of PROXY_TYPES (appendix/proxy-types.ts). */
export const proxyFields = {
  Proxy_Type: z
    .enum(PROXY_TYPES)
    .optional()
    .describe(`Proxy type: ${PROXY_TYPES.join(', ')}`)
    .meta({ zh: `代理类型：${PROXY_TYPES.join('、')}`, example: 'SOCKS5' }),
  Proxy_Ip: z
    .string()
    .min(1)
    .optional()
    .describe('Proxy host name or IP address')
    .meta({ zh: '代理主机名或 IP 地址', example: '203.0.113.10' }),
  Proxy_Port: intField(1, PORT_MAX)
    .optional()
    .describe(`Proxy port, 1 to ${PORT_MAX} (a string of digits is accepted)`)
    .meta({ zh: `代理端口，1 到 ${PORT_MAX}（也接受数字字符串）`, example: 1080 }),
  Proxy_Username: z
    .string()
    .optional()
    .describe('Proxy user name')
    .meta({ zh: '代理用户名', example: 'user01' }),
  Proxy_Password: z
    .string()
    .optional()
    .describe('Proxy password')
    .meta({ zh: '代理密码', example: 'secret' }),
  Is_CheckProxy: optionalField(flagField('Check the proxy before saving', '保存前检测代理', 1)),
  StaticIP_Type: intField(0)
    .optional()
    .describe('Static IP type code (0 when no static IP is used)')
    .meta({ zh: '静态 IP 类型代码（不使用静态 IP 时为 0）', example: 0 }),
};

const ipOrEmpty = z.union([z.literal(''), z.ipv4(), z.ipv6()]);

/**
 * Static IP fields (advanced settings and proxy update): what the service reports for the
 * environment, never what pages see (WebRTC shows pages no address: docs/browser-runtime.md).
 */
export const staticIpFields = {
  Static_PublicIP: ipOrEmpty
    .optional()
    .describe(
      "Public IP the running information reports (Public_ip) when no lookup through the proxy ran at start (the exit's IP wins when one did); empty for none. Pages never see it: WebRTC shows them no address",
    )
    .meta({
      zh: '启动时未经代理查询出口 IP 时，运行信息中报告的公网 IP（Public_ip；查询过则以出口 IP 为准）；为空表示不设置。网页看不到它：WebRTC 不向网页暴露任何地址',
      example: '203.0.113.10',
    }),
  Static_PrivateIP: ipOrEmpty
    .optional()
    .describe(
      "Private (LAN) IP the running information reports (Internel_ip); empty for none, and then Internel_ip is empty (never this machine's address). Pages never see it: WebRTC shows them no address",
    )
    .meta({
      zh: '运行信息中报告的内网 IP（Internel_ip）；为空表示不设置，此时 Internel_ip 为空（绝不是本机地址）。网页看不到它：WebRTC 不向网页暴露任何地址',
      example: '192.168.1.23',
    }),
};

/** Latitude and longitude ranges, and the largest accuracy in metres (the service checks them). */
export const GEOLOCATION_LIMITS = {
  Geolocation_Latitude: { min: -90, max: 90 },
  Geolocation_Longitude: { min: -180, max: 180 },
  Geolocation_Accuracy: { min: 1, max: 100_000 },
} as const;

/**
 * A decimal number, or the same as text (Windows tools send every value as text), or '' for none.
 * Any number passes here: the service answers one outside its range with -10000 and a message
 * naming the range (GEOLOCATION_LIMITS), as Version does with -109.
 */
function decimalField(field: keyof typeof GEOLOCATION_LIMITS, emptyAllowed: boolean) {
  const { min, max } = GEOLOCATION_LIMITS[field];
  const text = z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number);
  const value = emptyAllowed
    ? z.union([z.number(), text, z.literal('')])
    : z.union([z.number(), text]);
  return value.optional().meta({ minimum: min, maximum: max });
}

/**
 * Geolocation (not in the spec, named in its style): the permission sites get, and coordinates
 * that win over the proxy exit's (Automatic_Configure 1).
 */
export const geolocationFields = {
  Geolocation_Setting: optionalField(
    intChoice([0, 1, 2] as const)
      .describe(
        "Geolocation permission for every site: 0 ask (Chrome's default), 1 allow, 2 block (default 0)",
      )
      .meta({
        zh: '所有网站的地理位置权限：0 询问（Chrome 默认），1 允许，2 禁止（默认 0）',
        example: 1,
      }),
  ),
  Geolocation_Latitude: decimalField('Geolocation_Latitude', true)
    .describe(
      "Latitude pages get, -90 to 90; given with Geolocation_Longitude, the two win over the proxy exit's location; '' for none",
    )
    .meta({
      zh: '网页获得的纬度，-90 到 90；须与 Geolocation_Longitude 一起提供，优先于代理出口 IP 的位置；为空字符串表示不设置',
      example: 40.7128,
    }),
  Geolocation_Longitude: decimalField('Geolocation_Longitude', true)
    .describe("Longitude pages get, -180 to 180; given with Geolocation_Latitude; '' for none")
    .meta({
      zh: '网页获得的经度，-180 到 180；须与 Geolocation_Latitude 一起提供；为空字符串表示不设置',
      example: -74.006,
    }),
  Geolocation_Accuracy: decimalField('Geolocation_Accuracy', false)
    .describe('Accuracy of the location pages get, in metres, 1 to 100000 (default 50)')
    .meta({ zh: '网页获得的位置精度（米），1 到 100000（默认 50）', example: 50 }),
};

/** Locale fields; with Automatic_Configure 1 they follow the proxy's exit IP instead. */
export const localeFields = {
  TimeZone: z
    .string()
    .min(1)
    .optional()
    .describe('Time zone, a zone name of the appendix "Timezone"')
    .meta({ zh: '时区，取值见附录“时区”', example: 'America/New_York' }),
  CountryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional()
    .describe('Two-letter country code (appendix "Country code")')
    .meta({ zh: '两位国家代码（见附录“国家代码”）', example: 'US' }),
  CityCode: z
    .string()
    .min(1)
    .optional()
    .describe('City code used for geolocation')
    .meta({ zh: '用于地理位置的城市代码', example: 'NYC' }),
  RegionCode: z
    .string()
    .min(1)
    .optional()
    .describe('Region (state or province) code used for geolocation')
    .meta({ zh: '用于地理位置的地区（州或省）代码', example: 'NY' }),
  LanguageCode: z
    .string()
    .min(1)
    .optional()
    .describe('Browser language, a code of the appendix "Language"')
    .meta({ zh: '浏览器语言，取值见附录“语言”', example: 'en-US' }),
};

const fingerprintSetting = z
  .string()
  .regex(FINGERPRINT_SETTING_PATTERN)
  .optional()
  .describe(`${FINGERPRINT_SETTING_FLAGS} comma-separated 0/1 fingerprint switches`)
  .meta({ zh: `${FINGERPRINT_SETTING_FLAGS} 个以逗号分隔的 0/1 指纹开关`, example: '1,1,1,1' });

/** The 0/1 switches of the advanced settings (adv_setting). */
export const advancedFlagFields = {
  Lock_Browser_windows_size: optionalField(
    flagField('Lock the window size to the environment resolution', '锁定窗口大小为环境分辨率', 0),
  ),
  Disable_video: disableVideo,
  Disable_img: disableImg,
  ImageInvisible: optionalField(flagField('Hide images on pages', '隐藏网页图片', 0)),
  AUTOPLAY_SETTING: optionalField(flagField('Allow media autoplay', '允许媒体自动播放')),
  SOUND_SETTING: optionalField(flagField('Allow sound', '允许播放声音')),
  GoogleTranslate: optionalField(flagField('Offer Google Translate', '启用谷歌翻译', 0)),
  SavePasswordPop: optionalField(flagField('Show the save-password prompt', '显示保存密码提示', 0)),
  Notification: optionalField(flagField('Allow site notifications', '允许网站通知', 0)),
  FingerPrint_Noise: optionalField(
    flagField(
      'Add seeded noise to canvas (flag a) and audio (flag c) read-backs with a script. ' +
        'Detectable: lie detectors find the replaced functions and the noise; without it every ' +
        "value is the engine's own and environments differ through native levers",
      '用脚本给画布（标志 a）和音频（标志 c）读回的数据加入按种子生成的噪声。此方式可被检测：' +
        '检测工具能发现被替换的函数和噪声；关闭时所有值都来自浏览器内核本身，环境之间通过原生手段区分',
      0,
    ),
  ),
  CLIPBOARD_READ_WRITE: optionalField(
    flagField('Allow sites to read and write the clipboard', '允许网站读写剪贴板', 0),
  ),
  NetError_StopChrome: optionalField(
    flagField('Stop the browser when the proxy network fails', '代理网络出错时停止浏览器'),
  ),
  fakedevice_forCamera: optionalField(
    flagField('Present a virtual camera device', '提供虚拟摄像头设备', 0),
  ),
  Exit_ClearChrome: optionalField(
    flagField('Clear browsing data when the browser exits', '退出浏览器时清除浏览数据', 0),
  ),
  restore_on_startup: optionalField(
    flagField('Restore the tabs of the last run on start', '启动时恢复上次打开的标签页', 0),
  ),
  Exit_SaveCookie: optionalField(
    flagField('Save cookies when the browser exits', '退出浏览器时保存 Cookie'),
  ),
  forcembpoint: optionalField(
    flagField(
      'Force the Hainiao fingerprint check page on start',
      '启动时强制打开海鸟指纹检测页',
      0,
    ),
  ),
  StartClearCache: optionalField(flagField('Clear the cache on start', '启动时清除缓存', 0)),
  StartClearCookies: optionalField(flagField('Clear cookies on start', '启动时清除 Cookie', 0)),
  StartClearHistory: optionalField(flagField('Clear history on start', '启动时清除历史记录', 0)),
  Sync_Profile: optionalField(
    flagField(
      'Upload the browser profile (local storage, IndexedDB, history, saved logins) to the cloud when the browser stops, and restore it at start on another machine of the account',
      '浏览器关闭时将浏览器资料（本地存储、IndexedDB、历史记录、已保存的登录信息）上传到云端，并在本账号的其他设备启动时还原',
      0,
    ),
  ),
};

/**
 * Every advanced setting: fingerprint switches, flags, static IPs, locale and SystemOS, and our
 * geolocation fields.
 */
export const advancedFields = {
  FingerPrint_Setting: fingerprintSetting,
  ...advancedFlagFields,
  ...staticIpFields,
  ...localeFields,
  ...geolocationFields,
  SystemOS: systemOs,
};

const automaticConfigure = flagField(
  'Configure time zone, language and location from the proxy exit IP; when 1, a valid proxy is ' +
    'required and verified, so the call is slow',
  '根据代理出口 IP 自动配置时区、语言和位置；为 1 时必须提供有效代理并会检测，调用较慢',
);

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/v1/session/listid. Every filter is optional; without any, up to LIST_NUM_DEFAULT ids
 * come back, newest update first. The spec names "create time start/end, update time start/end"
 * without spelling them: they are Session_CreateTime_Start/_End and Session_UpdateTime_Start/_End.
 */
export const listSessionIdsBody = z
  .strictObject({
    Session_Name: z
      .string()
      .max(SESSION_NAME_MAX)
      .optional()
      .describe('Only environments whose name contains this text')
      .meta({ zh: '仅返回名称包含该文本的环境', example: 'Amazon' }),
    Session_GroupName: z
      .string()
      .max(GROUP_NAME_MAX)
      .optional()
      .describe('Only environments of this group')
      .meta({ zh: '仅返回该分组的环境', example: 'Amazon' }),
    Session_CreateTime_Start: dateTimeString
      .optional()
      .describe('Created at or after (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)')
      .meta({ zh: '创建时间不早于（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）', example: '2024-01-01' }),
    Session_CreateTime_End: dateTimeString
      .optional()
      .describe('Created at or before (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)')
      .meta({ zh: '创建时间不晚于（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）', example: '2024-12-31' }),
    Session_UpdateTime_Start: dateTimeString
      .optional()
      .describe('Updated at or after (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)')
      .meta({ zh: '更新时间不早于（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）', example: '2024-06-01' }),
    Session_UpdateTime_End: dateTimeString
      .optional()
      .describe('Updated at or before (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)')
      .meta({
        zh: '更新时间不晚于（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）',
        example: '2024-06-30 23:59:59',
      }),
    Session_Recv: optionalField(
      flagField('Only environments shared with me', '仅返回他人分享给我的环境', 0),
    ),
    Session_Recv_Account: z
      .string()
      .min(1)
      .optional()
      .describe('With Session_Recv: only those shared by this account')
      .meta({ zh: '配合 Session_Recv：仅返回该账号分享的环境', example: 'alice' }),
    Session_Sent: optionalField(
      flagField('Only environments I have shared', '仅返回我分享出去的环境', 0),
    ),
    Session_Sent_Account: z
      .string()
      .min(1)
      .optional()
      .describe('With Session_Sent: only those shared to this account')
      .meta({ zh: '配合 Session_Sent：仅返回分享给该账号的环境', example: 'bob' }),
    Session_Owner: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Only environments owned by this account (a team's main account also sees its sub-accounts')",
      )
      .meta({ zh: '仅返回该账号拥有的环境（团队主账号还能看到其子账号的环境）', example: 'alice' }),
    Session_User_Agent: z
      .string()
      .min(1)
      .optional()
      .describe('Only environments whose user agent contains this text')
      .meta({ zh: '仅返回 User-Agent 包含该文本的环境', example: 'Chrome/106' }),
    Proxy_Ip: z
      .string()
      .min(1)
      .optional()
      .describe('Only environments using this proxy host')
      .meta({ zh: '仅返回使用该代理主机的环境', example: '203.0.113.10' }),
    Proxy_Type: z
      .enum(PROXY_TYPES)
      .optional()
      .describe('Only environments with this proxy type')
      .meta({ zh: '仅返回该代理类型的环境', example: 'HTTP' }),
    Session_Tag: z
      .string()
      .min(1)
      .optional()
      .describe('Only environments with this tag (ours)')
      .meta({ zh: '仅返回带有该标签的环境（扩展字段）', example: 'US' }),
    Comment: z
      .string()
      .min(1)
      .optional()
      .describe('Only environments whose description contains this text')
      .meta({ zh: '仅返回描述包含该文本的环境', example: 'US proxy' }),
    Session_ISWebAccount: optionalField(
      flagField('Only environments with saved web accounts', '仅返回保存了网站账号的环境', 0),
    ),
    Session_WebAccounts: z
      .string()
      .min(1)
      .optional()
      .describe('With Session_ISWebAccount: only those holding this web account')
      .meta({
        zh: '配合 Session_ISWebAccount：仅返回保存了该网站账号的环境',
        example: 'amazon.com',
      }),
    Session_ISPlugins: optionalField(
      flagField('Only environments with plugins installed', '仅返回安装了插件的环境', 0),
    ),
    Session_Plugins_id: z
      .string()
      .min(1)
      .optional()
      .describe('With Session_ISPlugins: only those with this plugin')
      .meta({ zh: '配合 Session_ISPlugins：仅返回安装了该插件的环境', example: 'plugin-001' }),
    Session_ISAutoScript: optionalField(
      flagField('Only environments with an active script', '仅返回启用了脚本的环境', 0),
    ),
    Session_AutoScript_id: z
      .string()
      .min(1)
      .optional()
      .describe('With Session_ISAutoScript: only those running this script')
      .meta({ zh: '配合 Session_ISAutoScript：仅返回启用该脚本的环境', example: 'script-001' }),
    Sort_By: z
      .enum(LIST_SORT_FIELDS)
      .optional()
      .describe(
        'Order of the list (ours): name, group, system, proxy, created or updated; without it, last updated first',
      )
      .meta({
        zh: '列表排序依据（扩展字段）：name、group、system、proxy、created 或 updated；不传时按最近更新在前',
        example: 'name',
      }),
    Sort_Order: z
      .enum(['asc', 'desc'])
      .optional()
      .describe('With Sort_By: asc (A to Z, oldest first; the default) or desc')
      .meta({ zh: '配合 Sort_By：asc（A 到 Z、最早在前；默认）或 desc', example: 'asc' }),
    CurrentPage: intField(1)
      .optional()
      .describe('Page number, from 1')
      .meta({ zh: '页码，从 1 开始', example: 1 }),
    ListNum: intField(1, LIST_NUM_MAX)
      .optional()
      .describe(`Page size, 1 to ${LIST_NUM_MAX} (default ${LIST_NUM_DEFAULT})`)
      .meta({ zh: `每页数量，1 到 ${LIST_NUM_MAX}（默认 ${LIST_NUM_DEFAULT}）`, example: 50 }),
  })
  .describe('Query environment ids')
  .meta({ zh: '查询环境 ID 列表' });
export type ListSessionIdsBody = z.infer<typeof listSessionIdsBody>;

/** POST /api/v1/session/id_container. */
export const sessionContainerBody = z
  .strictObject({
    Session_ID: sessionIdOneOrMany(STATUS_QUERY_MAX),
    Session_container_type: optionalField(
      intChoice([1, 2, 3] as const)
        .describe('Detail level: 1 full, 2 brief, 3 brief with plugins and scripts (default 1)')
        .meta({ zh: '返回内容：1 完整，2 简要，3 简要并含插件与脚本（默认 1）', example: 1 }),
    ),
  })
  .describe('Read environment configurations')
  .meta({ zh: '获取环境配置' });
export type SessionContainerBody = z.infer<typeof sessionContainerBody>;

/**
 * POST /api/v1/session/create: Automatic_Configure is required; every other environment, proxy,
 * locale and advanced field is optional.
 */
export const createSessionBody = z
  .strictObject({
    Automatic_Configure: automaticConfigure,
    ...environmentFields,
    ...createOnlyFields,
    ...proxyFields,
    ...advancedFields,
  })
  .describe('Create an environment')
  .meta({ zh: '创建环境' });
export type CreateSessionBody = z.infer<typeof createSessionBody>;

/**
 * POST /api/v1/session/update: Session_ID plus Session_Name, Session_Desc, Session_Group, Cookie,
 * Disable_video, Disable_img and HomePage_url, nothing else.
 */
export const updateSessionBody = z
  .strictObject({
    Session_ID: sessionId(),
    Session_Name: sessionName,
    Session_Desc: sessionDesc,
    Session_Group: sessionGroup,
    Session_Tags: sessionTags,
    Cookie: cookie,
    Disable_video: disableVideo,
    Disable_img: disableImg,
    HomePage_url: homePageUrl,
  })
  .describe('Update an environment')
  .meta({ zh: '更新环境' });
export type UpdateSessionBody = z.infer<typeof updateSessionBody>;

/** POST /api/v1/session/adv_setting. */
export const sessionAdvSettingBody = z
  .strictObject({
    Session_ID: sessionId(),
    ...advancedFields,
    // Beyond the spec (issue 27): the screen and the user agent can change after creation.
    resolution: environmentFields.resolution,
    User_Agent: environmentFields.User_Agent,
  })
  .describe('Update the advanced settings of an environment')
  .meta({ zh: '更新环境高级设置' });
export type SessionAdvSettingBody = z.infer<typeof sessionAdvSettingBody>;

/**
 * POST /api/v1/session/proxy/update: proxy, locale and static-IP fields. Automatic_Configure is
 * accepted here too (optional), since it decides whether the locale follows the new proxy.
 */
export const updateSessionProxyBody = z
  .strictObject({
    Session_ID: sessionId(),
    Automatic_Configure: optionalField(automaticConfigure),
    ...proxyFields,
    ...localeFields,
    ...staticIpFields,
  })
  .describe('Update the proxy and locale of an environment')
  .meta({ zh: '更新环境代理与地区设置' });
export type UpdateSessionProxyBody = z.infer<typeof updateSessionProxyBody>;

/** POST /api/v1/session/share (the spec does not show share's path; this one is ours). */
export const shareSessionBody = z
  .strictObject({
    Session_ID: sessionId(),
    Share_Username: z
      .string()
      .min(1)
      .describe('Account to share the environment with')
      .meta({ zh: '接收分享的账号', example: 'bob' }),
  })
  .describe('Share an environment with another account')
  .meta({ zh: '将环境分享给其他账号' });
export type ShareSessionBody = z.infer<typeof shareSessionBody>;

/** POST /api/v1/session/unshare: ends a share made with session/share. */
export const unshareSessionBody = z
  .strictObject({
    Session_ID: sessionId(),
    Share_Username: z
      .string()
      .min(1)
      .describe('Account the environment is shared with')
      .meta({ zh: '当前接收分享的账号', example: 'bob' }),
  })
  .describe('Stop sharing an environment with an account')
  .meta({ zh: '取消将环境分享给某个账号' });
export type UnshareSessionBody = z.infer<typeof unshareSessionBody>;

/**
 * POST /api/v1/session/delete. Session_ID (1..DELETE_MAX ids) is required unless Is_Delete_All is
 * 1, which deletes every environment and ignores Session_ID.
 */
export const deleteSessionBody = z
  .strictObject({
    Session_ID: optionalField(sessionIdList(DELETE_MAX)),
    Is_Delete_All: optionalField(
      flagField('Delete every environment of the account', '删除账号下的全部环境', 0),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.Is_Delete_All !== 1 && body.Session_ID === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['Session_ID'],
        message: 'Session_ID is required unless Is_Delete_All is 1',
      });
    }
  })
  .describe('Delete environments')
  .meta({ zh: '删除环境' });
export type DeleteSessionBody = z.infer<typeof deleteSessionBody>;

/** POST /api/v1/session/import-cookie. */
export const importCookieBody = z
  .strictObject({
    Session_ID: sessionId(),
    Cookie_File: z
      .string()
      .min(1)
      .describe('Path of the cookie file to import, on the machine running the service')
      .meta({
        zh: '要导入的 Cookie 文件路径（运行服务的电脑上）',
        example: 'C:\\cookies\\shop01.json',
      }),
  })
  .describe('Import cookies into an environment')
  .meta({ zh: '导入环境 Cookie' });
export type ImportCookieBody = z.infer<typeof importCookieBody>;

/** POST /api/v1/session/export-cookie. */
export const exportCookieBody = z
  .strictObject({
    Session_ID: sessionId(),
    Export_Cookie_File: z
      .string()
      .min(1)
      .describe('Path of the file to write the cookies to, on the machine running the service')
      .meta({
        zh: '导出 Cookie 的目标文件路径（运行服务的电脑上）',
        example: 'C:\\cookies\\shop01-export.json',
      }),
  })
  .describe('Export the cookies of an environment')
  .meta({ zh: '导出环境 Cookie' });
export type ExportCookieBody = z.infer<typeof exportCookieBody>;

/**
 * POST /api/v1/session/random-user-agent. Version is a browser major version of the downloadable
 * browsers, BROWSER_VERSION_MIN to BROWSER_VERSION_MAX (limits.ts). The schema takes
 * any integer so that the service answers a value outside that range with the spec's -109 (user
 * agent invalid) and a message naming the range, rather than as a malformed request.
 */
export const randomUserAgentBody = z
  .strictObject({
    SYSTEM: z
      .string()
      .min(1)
      .describe('Operating system, a value of the appendix "System"')
      .meta({ zh: '操作系统，取值见附录“系统”', example: 'Windows' }),
    MobileModel: z
      .string()
      .min(1)
      .optional()
      .describe('Device model, for Android, iPhone and iPad')
      .meta({ zh: '设备型号，用于 Android、iPhone 和 iPad', example: 'Pixel 7' }),
    Version: intField(0)
      .optional()
      .describe(
        `Browser major version, ${BROWSER_VERSION_MIN} to ${BROWSER_VERSION_MAX} (another value ` +
          "answers -109); omitted, a current one. A running environment presents its engine's " +
          'own major instead (the start answer: core and User_Agent agree)',
      )
      .meta({
        zh:
          `浏览器主版本号，${BROWSER_VERSION_MIN} 到 ${BROWSER_VERSION_MAX}（其他值返回 -109）；` +
          '不提供时使用当前版本。环境运行时呈现的是内核自身的主版本号（启动结果中 core 与 User_Agent 一致）',
        example: 106,
        minimum: BROWSER_VERSION_MIN,
        maximum: BROWSER_VERSION_MAX,
      }),
  })
  .describe('Generate a random user agent')
  .meta({ zh: '生成随机 User-Agent' });
export type RandomUserAgentBody = z.infer<typeof randomUserAgentBody>;

/** POST /api/v1/session/BrowserCache-clean (no limit in the spec: the delete bound is used). */
export const cleanBrowserCacheBody = z
  .strictObject({
    Session_ID: sessionIdList(DELETE_MAX),
    Is_Clean_Cookies: optionalField(flagField('Also clear cookies', '同时清除 Cookie', 0)),
  })
  .describe('Clear the browser cache of environments')
  .meta({ zh: '清除环境浏览器缓存' });
export type CleanBrowserCacheBody = z.infer<typeof cleanBrowserCacheBody>;

// ---------------------------------------------------------------------------------------------
// Field → code of a create/update violation (EnvironmentFieldCodes, -101 … -112)
// ---------------------------------------------------------------------------------------------

const C = EnvironmentFieldCodes.code;

/**
 * The EnvironmentFieldCodes code a create/update/adv_setting/proxy-update answers when the named field is
 * invalid. Fields missing here (Session_ID, Automatic_Configure, HomePage_url, …) are reported with
 * the generic invalid-parameter answer.
 *
 * Session_Group and Group_Name → -103 (group does not exist), not -101: -101 means "environment name too long",
 * which would mislead, while a name longer than GROUP_NAME_MAX cannot name any existing group.
 * MobileModel → -107: the model belongs to the system (mobile systems require it).
 * Time zone and location fields → -106 (time zone initialisation failed).
 */
export const ENVIRONMENT_FIELD_CODES: Record<string, number> = {
  Session_Name: C.NAME_TOO_LONG,
  Session_Desc: C.DESC_TOO_LONG,
  Session_Group: C.GROUP_NOT_FOUND,
  Group_Name: C.GROUP_NOT_FOUND,
  Proxy_Type: C.PROXY_INVALID,
  Proxy_Ip: C.PROXY_INVALID,
  Proxy_Port: C.PROXY_INVALID,
  Proxy_Username: C.PROXY_INVALID,
  Proxy_Password: C.PROXY_INVALID,
  Is_CheckProxy: C.PROXY_INVALID,
  StaticIP_Type: C.PROXY_INVALID,
  Static_PublicIP: C.PROXY_INVALID,
  Static_PrivateIP: C.PROXY_INVALID,
  TimeZone: C.TIMEZONE_INIT_FAILED,
  CountryCode: C.TIMEZONE_INIT_FAILED,
  CityCode: C.TIMEZONE_INIT_FAILED,
  RegionCode: C.TIMEZONE_INIT_FAILED,
  SystemOS: C.OS_INVALID,
  system: C.OS_INVALID,
  MobileModel: C.OS_INVALID,
  resolution: C.RESOLUTION_INVALID,
  User_Agent: C.USER_AGENT_INVALID,
  LanguageCode: C.LANGUAGE_INVALID,
  FingerPrint_Setting: C.FINGERPRINT_SETTING_INVALID,
  ...Object.fromEntries(
    Object.keys(advancedFlagFields).map((name) => [name, C.FINGERPRINT_SETTING_INVALID]),
  ),
  Cookie: C.COOKIE_FILE_INVALID,
};
