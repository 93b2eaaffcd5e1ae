/** Answers (`data` on code 0) of the environment calls under /api/v1/session/. */
import { z } from 'zod';
import { answerCode, answerFlag, answerTime, notFoundItem, titled } from './answer-common.ts';

const ids = z.array(z.string());

/** POST /api/v1/session/listid: one page of ids. */
export const listSessionIdsAnswer = titled(
  z.strictObject({ listid: ids, total: z.int(), CurrentPage: z.int(), ListNum: z.int() }),
  'One page of environment ids, with the total and the page asked for',
  '一页环境 ID，以及总数与所请求的页',
);

/** An environment's brief line (id_container type 2), with its status (0). */
const briefContainer = {
  Session_ID: z.string(),
  Session_Name: z.string(),
  Session_Desc: z.string(),
  Group_Name: z.string(),
  SystemOS: z.string(),
  Proxy_Type: z.string(),
  Proxy_Ip: z.string(),
  Session_Actived: answerFlag,
  Session_CreateTime: answerTime,
  Session_UpdateTime: answerTime,
  /** 1 when it was shared with the caller. */
  Session_Recv: answerFlag,
  Session_Owner: z.string(),
  /** Our extension. */
  Session_Tags: z.array(z.string()),
  status: answerCode,
};

const installedPlugin = z.strictObject({
  Plugin_Id: z.string(),
  Plugin_Name: z.string(),
  Plugin_Ver: z.string(),
});

/** Type 3 adds its plugins and scripts. */
const pluginsAndScripts = {
  Plugins_Count: z.int(),
  Plugin_Id: ids,
  Plugin_list: z.array(installedPlugin),
  Script_Count: z.int(),
  Actived_script_id: z.string(),
  Actived_script_name: z.string(),
};

/** A cookie as an environment keeps it. */
export const storedCookieAnswer = z.strictObject({
  name: z.string(),
  value: z.string(),
  domain: z.string(),
  path: z.string(),
  /** Seconds since the epoch; -1 for a session cookie. */
  expires: z.number(),
  httpOnly: z.boolean(),
  secure: z.boolean(),
  sameSite: z.enum(['Strict', 'Lax', 'None']).optional(),
});

/** A manual coordinate, or '' for none. */
const coordinate = z.union([z.number(), z.literal('')]);

/** The settings as the calls spell them (apps/local-api/src/adapters/v1/wire-settings.ts). */
const wireSettings = {
  Automatic_Configure: z.int(),
  MobileModel: z.string(),
  resolution: z.string(),
  FingerPrint_Setting: z.string(),
  FingerPrint_Noise: z.int(),
  Lock_Browser_windows_size: z.int(),
  Disable_video: z.int(),
  Disable_img: z.int(),
  ImageInvisible: z.int(),
  AUTOPLAY_SETTING: z.int(),
  SOUND_SETTING: z.int(),
  GoogleTranslate: z.int(),
  SavePasswordPop: z.int(),
  Notification: z.int(),
  CLIPBOARD_READ_WRITE: z.int(),
  NetError_StopChrome: z.int(),
  fakedevice_forCamera: z.int(),
  Exit_ClearChrome: z.int(),
  restore_on_startup: z.int(),
  Exit_SaveCookie: z.int(),
  forcembpoint: z.int(),
  StartClearCache: z.int(),
  StartClearCookies: z.int(),
  StartClearHistory: z.int(),
  Sync_Profile: z.int(),
  Static_PublicIP: z.string(),
  Static_PrivateIP: z.string(),
  TimeZone: z.string(),
  CountryCode: z.string(),
  CityCode: z.string(),
  RegionCode: z.string(),
  LanguageCode: z.string(),
  Proxy_Port: z.int(),
  Proxy_Username: z.string(),
  Proxy_Password: z.string(),
  Is_CheckProxy: z.int(),
  StaticIP_Type: z.int(),
  Session_Args: z.array(z.string()),
  Session_Headless: answerFlag,
  Geolocation_Setting: z.int(),
  Geolocation_Latitude: coordinate,
  Geolocation_Longitude: coordinate,
  Geolocation_Accuracy: z.number(),
  Session_Tags: z.array(z.string()),
};

/** Type 1: everything the environment has. */
const fullContainer = z.strictObject({
  ...briefContainer,
  ...wireSettings,
  Session_Group: z.string(),
  User_Agent: z.string(),
  Cookie: z.array(storedCookieAnswer),
  HomePage_url: z.array(z.string()),
  Weblogin_Account_Count: z.int(),
  Weblogin_Account_name: z.array(z.string()),
  Share_Username: z.array(z.string()),
  ...pluginsAndScripts,
  /** The active script's source, base64. */
  Actived_script_encode: z.string(),
  Session_ProcessID: z.int(),
  Session_StartTime: z.union([answerTime, z.literal('')]),
  browser_CDP_Port: z.int(),
  MBData_Path: z.string(),
});

/** POST /api/v1/session/id_container: per id, its container of the type asked, or -22. */
export const sessionContainerAnswer = titled(
  z.strictObject({
    listcontainer: z.array(
      z.union([
        fullContainer,
        z.strictObject({ ...briefContainer, ...pluginsAndScripts }),
        z.strictObject(briefContainer),
        notFoundItem,
      ]),
    ),
    total: z.int(),
  }),
  'Per environment asked for: its details (by Session_container_type), or status -22',
  '每个所请求的环境：其详情（按 Session_container_type），或状态 -22',
);

/** POST /api/v1/session/create. */
export const createSessionAnswer = titled(
  z.strictObject({
    Session_Id: z.string(),
    /** What its system shows to pages only (empty on the machine's own system). */
    Fingerprint_PageOnly: z.array(z.string()),
  }),
  'The new environment’s id',
  '新环境的 ID',
);

const sessionIdAnswer = z.strictObject({ Session_Id: z.string() });

/** POST /api/v1/session/update. */
export const updateSessionAnswer = titled(
  sessionIdAnswer,
  'The updated environment’s id',
  '已更新环境的 ID',
);

/** POST /api/v1/session/adv_setting: User_Agent when the change gave it a new one. */
export const sessionAdvSettingAnswer = titled(
  z.strictObject({ Session_Id: z.string(), User_Agent: z.string().optional() }),
  'The environment’s id, and its new user agent when the change gave it one',
  '环境 ID；若修改生成了新的 User-Agent，一并返回',
);

/** POST /api/v1/session/proxy/update. */
export const updateSessionProxyAnswer = titled(sessionIdAnswer, 'The environment’s id', '环境 ID');

const shareAnswer = z.strictObject({ Session_Id: z.string(), Share_Username: z.string() });

/** POST /api/v1/session/share. */
export const shareSessionAnswer = titled(
  shareAnswer,
  'The environment and the account it is shared with',
  '环境及其分享对象账号',
);

/** POST /api/v1/session/unshare. */
export const unshareSessionAnswer = titled(
  shareAnswer,
  'The environment and the account that no longer has it',
  '环境及不再拥有它的账号',
);

/**
 * POST /api/v1/session/delete: the ids deleted and not (with Is_Delete_All, how many). Code -11
 * answers the same data when some were not deleted.
 */
export const deleteSessionAnswer = titled(
  z.union([
    z.strictObject({ Delete_Session_Success: ids, Delete_Session_Failed: ids }),
    z.strictObject({ Delete_All_Session_Success_cont: z.int(), Delete_Session_Failed: ids }),
  ]),
  'The environments deleted and those not deleted',
  '已删除与未删除的环境',
);

/** POST /api/v1/session/import-cookie. */
export const importCookieAnswer = titled(
  z.strictObject({ Session_ID: z.string(), Cookie_Count: z.int(), Cookie_Total: z.int() }),
  'Cookies read from the file, and how many the environment holds now',
  '从文件读取的 Cookie 数，以及环境现有的 Cookie 总数',
);

/** POST /api/v1/session/export-cookie. */
export const exportCookieAnswer = titled(
  z.strictObject({
    Session_ID: z.string(),
    Export_Cookie_File: z.string(),
    Cookie_Count: z.int(),
  }),
  'The file written and how many cookies it holds',
  '写入的文件及其中的 Cookie 数',
);

/** POST /api/v1/session/random-user-agent. */
export const randomUserAgentAnswer = titled(
  z.strictObject({
    User_Agent: z.string(),
    SYSTEM: z.string(),
    Version: z.int(),
    MobileModel: z.string(),
  }),
  'A user agent for the system and browser version',
  '适用于该系统与浏览器版本的 User-Agent',
);

/** POST /api/v1/session/BrowserCache-clean. */
export const cleanBrowserCacheAnswer = titled(
  z.strictObject({ Clean_SessionID_Success: ids, Clean_SessionID_Failed: ids }),
  'The environments cleaned and those not (running or unknown)',
  '已清理与未清理（运行中或不存在）的环境',
);
