/**
 * The AdsPower-compatible calls of the local service (issue 18 part 1; docs/adspower-compat.md):
 * AdsPower's public Local API (https://localapi-doc-en.adspower.com/) served beside our own
 * calls, in its spelling, so that scripts written for it run against this service. A separate
 * table: LOCAL_API_ROUTES (our calls, their docs, OpenAPI and Postman) does not list them.
 *
 * AdsPower documents every parameter as text, and its clients send numbers, strings and nulls
 * alike: numbers are accepted as text, flags as 0/1 or '0'/'1', and a null field is taken as not
 * sent (the service drops nulls before these schemas). Every documented field is listed, so a
 * field nobody documented is refused; whether a documented value is honoured or refused is the
 * service's mapping (apps/local-api/src/adapters/adspower/compat-adspower.ts).
 */
import { z } from 'zod';
import { GROUP_NAME_MAX, SESSION_DESC_MAX, SESSION_NAME_MAX } from '../../limits.ts';
import { intChoice } from './session.ts';

export { adsPowerMessages } from '../../messages/compat-adspower.ts';

/** The port AdsPower's Local API listens on (`--compat-port 50325` serves these calls there). */
export const ADSPOWER_COMPAT_PORT = 50325;

/** Success messages as AdsPower spells them per call (scripts compare them; not translated). */
export const ADSPOWER_SUCCESS = { lower: 'success', upper: 'Success' } as const;

/** At most this many profiles per user/delete (AdsPower: "maximum batch size of 100"). */
export const ADSPOWER_DELETE_MAX = 100;
/** page_size of user/list (AdsPower: default 1, at most 100). */
export const ADSPOWER_USER_PAGE_MAX = 100;
/** page_size of group/list (AdsPower: default 1, at most 2000). */
export const ADSPOWER_GROUP_PAGE_MAX = 2000;
/** limit of the v2 list (AdsPower's current client: 1 to 200, default 50). */
export const ADSPOWER_V2_LIMIT_MAX = 200;
export const ADSPOWER_V2_LIMIT_DEFAULT = 50;

/** Text as AdsPower documents it; a number is taken as its digits. */
const text = z.union([z.string(), z.number().transform(String)]);
const optionalText = text.optional();
/** 0/1 switches: 0, 1, '0', '1'. */
const flag = intChoice([0, 1] as const).optional();
/** A positive integer (a string of digits too). */
function count(max: number) {
  return z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1).max(max))
    .optional();
}
const id = z.string().min(1).optional();
/** launch_args: a JSON array, or (in a query) its JSON text or repeated `launch_args=` values. */
const launchArgs = z.union([z.array(z.string()), z.string()]).optional();

/** GET /api/v1/browser/start (query). */
export const adsPowerStartQuery = z.strictObject({
  user_id: id,
  serial_number: optionalText,
  open_tabs: flag,
  ip_tab: flag,
  new_first_tab: flag,
  launch_args: launchArgs,
  headless: flag,
  disable_password_filling: flag,
  clear_cache_after_closing: flag,
  enable_password_saving: flag,
  cdp_mask: flag,
  device_scale: optionalText,
});
export type AdsPowerStartQuery = z.infer<typeof adsPowerStartQuery>;

/** GET /api/v1/browser/stop and /api/v1/browser/active (query). */
export const adsPowerProfileQuery = z.strictObject({ user_id: id, serial_number: optionalText });
export type AdsPowerProfileQuery = z.infer<typeof adsPowerProfileQuery>;

/** POST /api/v2/browser-profile/start. */
export const adsPowerV2StartBody = z.strictObject({
  profile_id: id,
  profile_no: optionalText,
  launch_args: launchArgs,
  headless: flag,
  last_opened_tabs: flag,
  proxy_detection: flag,
  ip_tab: flag,
  password_filling: flag,
  password_saving: flag,
  cdp_mask: flag,
  delete_cache: flag,
  device_scale: optionalText,
});
export type AdsPowerV2StartBody = z.infer<typeof adsPowerV2StartBody>;

/** POST /api/v2/browser-profile/stop, and /api/v2/browser-profile/active (query or body). */
export const adsPowerV2ProfileBody = z.strictObject({ profile_id: id, profile_no: optionalText });
export type AdsPowerV2ProfileBody = z.infer<typeof adsPowerV2ProfileBody>;

/** user_proxy_config (AdsPower "Parameter Object"). */
export const adsPowerUserProxyConfig = z.strictObject({
  proxy_soft: z.string().min(1),
  proxy_type: z.string().optional(),
  proxy_host: z.string().optional(),
  proxy_port: optionalText,
  proxy_user: z.string().optional(),
  proxy_password: z.string().optional(),
  proxy_url: z.string().optional(),
  global_config: flag,
});
export type AdsPowerUserProxyConfig = z.infer<typeof adsPowerUserProxyConfig>;

/** A decimal number, or its text. */
const decimal = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .optional();

/**
 * fingerprint_config (AdsPower "Parameter Object"): the fields the service maps are typed; the
 * others are listed so that they are answered (refused) by name rather than as unknown.
 */
export const adsPowerFingerprintConfig = z.strictObject({
  automatic_timezone: flag,
  timezone: z.string().optional(),
  language_switch: flag,
  language: z.union([z.array(z.string().min(1)).min(1), z.string().min(1)]).optional(),
  page_language_switch: z.unknown().optional(),
  page_language: z.unknown().optional(),
  location: z.enum(['ask', 'allow', 'block']).optional(),
  location_switch: flag,
  longitude: decimal,
  latitude: decimal,
  accuracy: decimal,
  ua: z.string().optional(),
  random_ua: z
    .strictObject({
      ua_version: z.array(text).optional(),
      ua_system_version: z.array(z.string()).optional(),
    })
    .optional(),
  screen_resolution: z.string().optional(),
  canvas: flag,
  webgl_image: flag,
  audio: flag,
  webrtc: z.string().optional(),
  flash: z.string().optional(),
  do_not_track: optionalText,
  hardware_concurrency: optionalText,
  device_memory: optionalText,
  gpu: optionalText,
  browser_kernel_config: z
    .strictObject({ type: z.string().optional(), version: optionalText })
    .optional(),
  fonts: z.unknown().optional(),
  webgl: z.unknown().optional(),
  webgl_config: z.unknown().optional(),
  scan_port_type: z.unknown().optional(),
  allow_scan_ports: z.unknown().optional(),
  media_devices: z.unknown().optional(),
  media_devices_num: z.unknown().optional(),
  client_rects: z.unknown().optional(),
  device_name_switch: z.unknown().optional(),
  device_name: z.unknown().optional(),
  speech_switch: z.unknown().optional(),
  mac_address_config: z.unknown().optional(),
  tls_switch: z.unknown().optional(),
  tls: z.unknown().optional(),
});
export type AdsPowerFingerprintConfig = z.infer<typeof adsPowerFingerprintConfig>;

/** One cookie of a cookie list (as our Cookie field: other attributes pass through). */
const cookieItem = z.looseObject({ name: z.string().min(1), value: z.string() });

/** The profile fields of user/create and user/update (AdsPower's names). */
const userFields = {
  name: z.string().max(SESSION_NAME_MAX).optional(),
  domain_name: z.string().optional(),
  open_urls: z.array(z.string()).optional(),
  repeat_config: z.array(text).optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  fakey: z.string().optional(),
  cookie: z.union([z.string(), z.array(cookieItem)]).optional(),
  ignore_cookie_error: flag,
  group_id: optionalText,
  ip: z.string().optional(),
  country: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
  remark: z.string().max(SESSION_DESC_MAX).optional(),
  ipchecker: z.string().optional(),
  sys_app_cate_id: optionalText,
  user_proxy_config: adsPowerUserProxyConfig.optional(),
  proxyid: optionalText,
  fingerprint_config: adsPowerFingerprintConfig.optional(),
};

/** POST /api/v1/user/create. */
export const adsPowerUserCreateBody = z.strictObject(userFields);
export type AdsPowerUserCreateBody = z.infer<typeof adsPowerUserCreateBody>;

/** POST /api/v1/user/update: user_id and the fields to change (launch_args as in the v2 update). */
export const adsPowerUserUpdateBody = z.strictObject({
  user_id: z.string().min(1),
  ...userFields,
  launch_args: z.array(z.string()).optional(),
});
export type AdsPowerUserUpdateBody = z.infer<typeof adsPowerUserUpdateBody>;

/** POST /api/v1/user/delete. */
export const adsPowerUserDeleteBody = z.strictObject({
  user_ids: z.array(z.string().min(1)).min(1).max(ADSPOWER_DELETE_MAX),
});
export type AdsPowerUserDeleteBody = z.infer<typeof adsPowerUserDeleteBody>;

/** GET /api/v1/user/list (query). user_sort is JSON text such as {"serial_number":"desc"}. */
export const adsPowerUserListQuery = z.strictObject({
  group_id: optionalText,
  user_id: id,
  serial_number: optionalText,
  user_sort: z.string().optional(),
  page: count(Number.MAX_SAFE_INTEGER),
  page_size: count(ADSPOWER_USER_PAGE_MAX),
});
export type AdsPowerUserListQuery = z.infer<typeof adsPowerUserListQuery>;

/** POST /api/v2/browser-profile/list. */
export const adsPowerV2ListBody = z.strictObject({
  group_id: optionalText,
  profile_id: z.array(z.string().min(1)).optional(),
  profile_no: z.array(text).optional(),
  sort_type: z.enum(['profile_no', 'last_open_time', 'created_time']).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
  page: count(Number.MAX_SAFE_INTEGER),
  limit: count(ADSPOWER_V2_LIMIT_MAX),
});
export type AdsPowerV2ListBody = z.infer<typeof adsPowerV2ListBody>;

/** GET /api/v1/group/list (query). */
export const adsPowerGroupListQuery = z.strictObject({
  group_name: z.string().optional(),
  page: count(Number.MAX_SAFE_INTEGER),
  page_size: count(ADSPOWER_GROUP_PAGE_MAX),
});
export type AdsPowerGroupListQuery = z.infer<typeof adsPowerGroupListQuery>;

/** POST /api/v1/group/create (the same path as our own group/create: the body decides). */
export const adsPowerGroupCreateBody = z.strictObject({
  group_name: z.string().trim().min(1).max(GROUP_NAME_MAX),
  remark: z.string().optional(),
});
export type AdsPowerGroupCreateBody = z.infer<typeof adsPowerGroupCreateBody>;

/** No parameters (GET /status, GET /api/v1/browser/local-active). */
export const adsPowerNoParameters = z.strictObject({});

export type AdsPowerMethod = 'GET' | 'POST';

export interface AdsPowerRoute {
  readonly method: AdsPowerMethod;
  readonly path: string;
  /** Where the parameters are: the query string (GET) or the JSON body (POST). */
  readonly input: 'query' | 'body';
  readonly schema: z.ZodType;
  /** True for the calls a service that is not logged in answers too (AdsPower's /status). */
  readonly open?: boolean;
}

/**
 * Every AdsPower-compatible call, with AdsPower's method. Where a path is also ours, the method
 * decides (our POST /api/v1/browser/start, /stop and /group/list stay ours); POST
 * /api/v1/group/create is both AdsPower's and ours, and the body decides (group_name vs Group_Name).
 * /api/v2/browser-profile/active is documented as GET; POST is served too.
 */
export const ADSPOWER_COMPAT_ROUTES = [
  { method: 'GET', path: '/status', input: 'query', schema: adsPowerNoParameters, open: true },
  { method: 'GET', path: '/api/v1/browser/start', input: 'query', schema: adsPowerStartQuery },
  { method: 'GET', path: '/api/v1/browser/stop', input: 'query', schema: adsPowerProfileQuery },
  { method: 'GET', path: '/api/v1/browser/active', input: 'query', schema: adsPowerProfileQuery },
  {
    method: 'GET',
    path: '/api/v1/browser/local-active',
    input: 'query',
    schema: adsPowerNoParameters,
  },
  { method: 'GET', path: '/api/v1/user/list', input: 'query', schema: adsPowerUserListQuery },
  { method: 'POST', path: '/api/v1/user/create', input: 'body', schema: adsPowerUserCreateBody },
  { method: 'POST', path: '/api/v1/user/update', input: 'body', schema: adsPowerUserUpdateBody },
  { method: 'POST', path: '/api/v1/user/delete', input: 'body', schema: adsPowerUserDeleteBody },
  { method: 'GET', path: '/api/v1/group/list', input: 'query', schema: adsPowerGroupListQuery },
  {
    method: 'POST',
    path: '/api/v1/group/create',
    input: 'body',
    schema: adsPowerGroupCreateBody,
  },
  {
    method: 'POST',
    path: '/api/v2/browser-profile/start',
    input: 'body',
    schema: adsPowerV2StartBody,
  },
  {
    method: 'POST',
    path: '/api/v2/browser-profile/stop',
    input: 'body',
    schema: adsPowerV2ProfileBody,
  },
  {
    method: 'GET',
    path: '/api/v2/browser-profile/active',
    input: 'query',
    schema: adsPowerV2ProfileBody,
  },
  {
    method: 'POST',
    path: '/api/v2/browser-profile/active',
    input: 'body',
    schema: adsPowerV2ProfileBody,
  },
  {
    method: 'POST',
    path: '/api/v2/browser-profile/list',
    input: 'body',
    schema: adsPowerV2ListBody,
  },
] as const satisfies readonly AdsPowerRoute[];

export type AdsPowerPath = (typeof ADSPOWER_COMPAT_ROUTES)[number]['path'];

/** The paths GET is accepted on because of these calls (the guard's allow-list adds its own). */
export const ADSPOWER_GET_PATHS: readonly string[] = ADSPOWER_COMPAT_ROUTES.filter(
  (route) => route.method === 'GET',
).map((route) => route.path);

/** Whether `method path` is one of these calls (POST /api/v1/group/create counts: body decides). */
export function isAdsPowerCall(method: string, path: string): boolean {
  const verb = method === 'HEAD' ? 'GET' : method;
  return ADSPOWER_COMPAT_ROUTES.some((route) => route.method === verb && route.path === path);
}
