/**
 * The form's values and the call bodies, both ways: one create body; for an edit, the fields that
 * changed, split by the call each belongs to (update, adv_setting, proxy/update); and the values
 * of an environment as id_container (type 1) answers it. Pure: no React, no network.
 */
import {
  createSessionBody,
  FINGERPRINT_SETTING_FLAGS,
  isMobileSystem,
  NO_PROXY,
  sessionId,
  type ProxyType,
} from '@hainiao/contract';
import type {
  AdvInput,
  CreateInput,
  ProxyInput,
  UpdateInput,
} from '../../shared/session-bodies.ts';
import { parseCookieText } from './cookies.ts';
import { FLAG_NAMES, type FlagName } from './settings-help.ts';

/** What the form holds: switches as booleans, texts as strings ('' is "not set"). */
export interface FormValues {
  // Basics
  Session_Name: string;
  Session_Desc: string;
  Session_Group: string;
  Session_Tags: string[];
  /** Cookies pasted on create (any format parseCookieText reads); an edit imports them instead. */
  Cookie: string;
  // Proxy and locale
  Automatic_Configure: boolean;
  Proxy_Type: ProxyType;
  Proxy_Ip: string;
  Proxy_Port: number | null;
  Proxy_Username: string;
  Proxy_Password: string;
  Is_CheckProxy: boolean;
  StaticIP_Type: number;
  TimeZone: string;
  CountryCode: string;
  CityCode: string;
  RegionCode: string;
  LanguageCode: string;
  Static_PublicIP: string;
  Static_PrivateIP: string;
  // Fingerprint
  SystemOS: string;
  MobileModel: string;
  resolution: string;
  User_Agent: string;
  fingerprint: boolean[];
  // Advanced
  flags: Record<FlagName, boolean>;
  Disable_video: boolean;
  Disable_img: boolean;
  Geolocation_Setting: 0 | 1 | 2;
  Geolocation_Latitude: number | null;
  Geolocation_Longitude: number | null;
  Geolocation_Accuracy: number | null;
  // Start
  HomePage_url: string[];
  Session_Args: string[];
  Session_Headless: boolean;
}

/** The switches a new environment starts with (the service's own defaults, sent explicitly). */
const FLAG_DEFAULTS: Readonly<Partial<Record<FlagName, boolean>>> = {
  AUTOPLAY_SETTING: true,
  SOUND_SETTING: true,
  NetError_StopChrome: true,
  Exit_SaveCookie: true,
};

export function emptyValues(): FormValues {
  return {
    Session_Name: '',
    Session_Desc: '',
    Session_Group: '',
    Session_Tags: [],
    Cookie: '',
    Automatic_Configure: false,
    Proxy_Type: NO_PROXY,
    Proxy_Ip: '',
    Proxy_Port: null,
    Proxy_Username: '',
    Proxy_Password: '',
    Is_CheckProxy: true,
    StaticIP_Type: 0,
    TimeZone: '',
    CountryCode: '',
    CityCode: '',
    RegionCode: '',
    LanguageCode: '',
    Static_PublicIP: '',
    Static_PrivateIP: '',
    SystemOS: '',
    MobileModel: '',
    resolution: '',
    User_Agent: '',
    fingerprint: Array.from({ length: FINGERPRINT_SETTING_FLAGS }, () => true),
    flags: Object.fromEntries(
      FLAG_NAMES.map((name) => [name, FLAG_DEFAULTS[name] ?? false]),
    ) as Record<FlagName, boolean>,
    Disable_video: false,
    Disable_img: false,
    Geolocation_Setting: 0,
    Geolocation_Latitude: null,
    Geolocation_Longitude: null,
    Geolocation_Accuracy: 50,
    HomePage_url: [],
    Session_Args: [],
    Session_Headless: false,
  };
}

/**
 * The form's store as FormValues: a cleared select (undefined or null) is '' for a text, the
 * default for the rest; list members left empty are ''.
 */
export function withDefaults(partial: Partial<FormValues>): FormValues {
  const base = emptyValues();
  const out: Record<string, unknown> = { ...base };
  for (const [key, fallback] of Object.entries(base)) {
    const value = (partial as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (value === null && (typeof fallback === 'string' || typeof fallback === 'boolean')) continue;
    out[key] = value;
  }
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.map((item) => (typeof item === 'string' ? item : '')) : [];
  out.flags = { ...base.flags, ...partial.flags };
  out.fingerprint = base.fingerprint.map((on, i) => partial.fingerprint?.[i] ?? on);
  out.HomePage_url = strings(partial.HomePage_url);
  out.Session_Args = strings(partial.Session_Args);
  return out as unknown as FormValues;
}

const bit = (on: boolean): 0 | 1 => (on ? 1 : 0);
const text = (value: string): string | undefined =>
  value.trim() === '' ? undefined : value.trim();
const fingerprintSetting = (switches: readonly boolean[]) => switches.map(bit).join(',');
const urls = (list: readonly string[]) => list.map((u) => u.trim()).filter(Boolean);

/** Drops the undefined members, so that a body names only what it sends. */
function defined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

function proxyPart(v: FormValues) {
  if (v.Proxy_Type === NO_PROXY) return { Proxy_Type: NO_PROXY };
  return {
    Proxy_Type: v.Proxy_Type,
    Proxy_Ip: v.Proxy_Ip.trim(),
    Proxy_Port: v.Proxy_Port ?? undefined,
    Proxy_Username: v.Proxy_Username,
    Proxy_Password: v.Proxy_Password,
  };
}

function localePart(v: FormValues) {
  return {
    TimeZone: text(v.TimeZone),
    CountryCode: text(v.CountryCode),
    CityCode: text(v.CityCode),
    RegionCode: text(v.RegionCode),
    LanguageCode: text(v.LanguageCode),
  };
}

function geolocationPart(v: FormValues) {
  const bothSet = v.Geolocation_Latitude !== null && v.Geolocation_Longitude !== null;
  return {
    Geolocation_Setting: v.Geolocation_Setting,
    Geolocation_Latitude: bothSet ? (v.Geolocation_Latitude ?? undefined) : ('' as const),
    Geolocation_Longitude: bothSet ? (v.Geolocation_Longitude ?? undefined) : ('' as const),
    Geolocation_Accuracy: v.Geolocation_Accuracy ?? undefined,
  };
}

function flagsPart(v: FormValues) {
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, bit(v.flags[name])])) as Record<
    FlagName,
    0 | 1
  >;
}

/** POST /api/v1/session/create: everything the form shows; unset texts are left to the service. */
export function toCreateBody(v: FormValues): CreateInput {
  const mobile = isMobileSystem(v.SystemOS);
  const homePages = urls(v.HomePage_url);
  const args = urls(v.Session_Args);
  const body: CreateInput = {
    Automatic_Configure: bit(v.Automatic_Configure),
    Session_Name: text(v.Session_Name),
    Session_Desc: text(v.Session_Desc),
    Session_Group: text(v.Session_Group),
    Session_Tags: tagList(v.Session_Tags).length ? tagList(v.Session_Tags) : undefined,
    // Checked by the form's rule first; the service checks each cookie again (-112).
    Cookie: v.Cookie.trim() ? parseCookieText(v.Cookie) : undefined,
    HomePage_url: homePages.length ? homePages : undefined,
    SystemOS: text(v.SystemOS),
    MobileModel: mobile ? text(v.MobileModel) : undefined,
    resolution: text(v.resolution),
    User_Agent: text(v.User_Agent),
    Disable_video: bit(v.Disable_video),
    Disable_img: bit(v.Disable_img),
    Session_Args: args.length ? args : undefined,
    Session_Headless: bit(v.Session_Headless),
    ...proxyPart(v),
    ...(v.Proxy_Type === NO_PROXY
      ? {}
      : { Is_CheckProxy: bit(v.Is_CheckProxy), StaticIP_Type: v.StaticIP_Type }),
    ...localePart(v),
    Static_PublicIP: text(v.Static_PublicIP),
    Static_PrivateIP: text(v.Static_PrivateIP),
    FingerPrint_Setting: fingerprintSetting(v.fingerprint),
    ...flagsPart(v),
    ...geolocationPart(v),
  };
  const sent = defined(body);
  // '' clears coordinates on an edit; a new environment simply has none.
  if (sent.Geolocation_Latitude === '') delete sent.Geolocation_Latitude;
  if (sent.Geolocation_Longitude === '') delete sent.Geolocation_Longitude;
  return sent;
}

/** The form's values of an environment as id_container (type 1) answers it. */
export function fromContainer(c: Record<string, unknown>): FormValues {
  const base = emptyValues();
  const str = (key: string) => (typeof c[key] === 'string' ? (c[key] as string) : '');
  const on = (key: string, fallback: boolean) =>
    c[key] === undefined ? fallback : c[key] === 1 || c[key] === '1';
  const num = (key: string): number | null =>
    typeof c[key] === 'number' ? (c[key] as number) : null;
  const setting = str('FingerPrint_Setting');
  const geolocation = c.Geolocation_Setting;
  return {
    ...base,
    Session_Name: str('Session_Name'),
    Session_Desc: str('Session_Desc'),
    Session_Group: str('Session_Group') || str('Group_Name'),
    Session_Tags: Array.isArray(c.Session_Tags) ? (c.Session_Tags as string[]) : [],
    Automatic_Configure: on('Automatic_Configure', false),
    Proxy_Type: (str('Proxy_Type') || NO_PROXY) as ProxyType,
    Proxy_Ip: str('Proxy_Ip'),
    Proxy_Port: num('Proxy_Port') || null,
    Proxy_Username: str('Proxy_Username'),
    Proxy_Password: str('Proxy_Password'),
    Is_CheckProxy: on('Is_CheckProxy', false),
    StaticIP_Type: num('StaticIP_Type') ?? 0,
    TimeZone: str('TimeZone'),
    CountryCode: str('CountryCode'),
    CityCode: str('CityCode'),
    RegionCode: str('RegionCode'),
    LanguageCode: str('LanguageCode'),
    Static_PublicIP: str('Static_PublicIP'),
    Static_PrivateIP: str('Static_PrivateIP'),
    SystemOS: str('SystemOS'),
    MobileModel: str('MobileModel'),
    resolution: str('resolution'),
    User_Agent: str('User_Agent'),
    fingerprint: /^[01](,[01])*$/.test(setting)
      ? setting.split(',').map((flag) => flag === '1')
      : base.fingerprint,
    flags: Object.fromEntries(
      FLAG_NAMES.map((name) => [name, on(name, base.flags[name])]),
    ) as Record<FlagName, boolean>,
    Disable_video: on('Disable_video', false),
    Disable_img: on('Disable_img', false),
    Geolocation_Setting: geolocation === 1 || geolocation === 2 ? geolocation : 0,
    Geolocation_Latitude: num('Geolocation_Latitude'),
    Geolocation_Longitude: num('Geolocation_Longitude'),
    Geolocation_Accuracy: num('Geolocation_Accuracy') ?? base.Geolocation_Accuracy,
    HomePage_url: Array.isArray(c.HomePage_url)
      ? c.HomePage_url.filter((u): u is string => typeof u === 'string')
      : [],
    Session_Args: Array.isArray(c.Session_Args)
      ? c.Session_Args.filter((a): a is string => typeof a === 'string')
      : [],
    Session_Headless: on('Session_Headless', false),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Tags trimmed, empty ones dropped, each once (the service keeps them so too). */
const tagList = (tags: readonly string[]) => [
  ...new Set(tags.map((tag) => tag.trim()).filter(Boolean)),
];

/** Keeps the fields of `after` whose value differs from `before`'s. */
function changed<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => !same(before[key], value)),
  ) as Partial<T>;
}

/**
 * The edit's fields of proxy/update but the proxy itself, as the call spells them. Locale fields
 * cannot be emptied through the call (each is a non-empty text when sent): an emptied one is not
 * sent.
 */
function proxyCallFields(v: FormValues) {
  return {
    Automatic_Configure: bit(v.Automatic_Configure),
    Is_CheckProxy: bit(v.Is_CheckProxy),
    StaticIP_Type: v.StaticIP_Type,
    ...localePart(v),
    Static_PublicIP: v.Static_PublicIP.trim(),
    Static_PrivateIP: v.Static_PrivateIP.trim(),
  };
}

/** The body of the service's check-only proxy call (POST /manager/proxy-check). */
export interface ProxyCheckInput {
  Proxy_Type: string;
  Proxy_Ip?: string;
  Proxy_Port?: number;
  Proxy_Username?: string;
  Proxy_Password?: string;
  /** The environment being edited: an SSH proxy's pinned host key is verified with it. */
  Session_ID?: string;
}

/**
 * The proxy fields of the create call, as POST /manager/proxy-check takes them (the service builds
 * its body from the same contract pieces), plus the environment being edited.
 */
export const proxyCheckSchema = createSessionBody
  .pick({
    Proxy_Type: true,
    Proxy_Ip: true,
    Proxy_Port: true,
    Proxy_Username: true,
    Proxy_Password: true,
  })
  .extend({ Session_ID: sessionId().optional() });

/** The form's proxy as the check-only call takes it (nothing of it is saved). */
export function proxyCheckBody(v: FormValues, id?: string): ProxyCheckInput {
  return defined({ ...proxyPart(v), Session_ID: id }) as ProxyCheckInput;
}

function advCallFields(v: FormValues) {
  return {
    SystemOS: text(v.SystemOS),
    resolution: text(v.resolution),
    User_Agent: text(v.User_Agent),
    FingerPrint_Setting: fingerprintSetting(v.fingerprint),
    ...flagsPart(v),
    ...geolocationPart(v),
  };
}

function updateCallFields(v: FormValues) {
  return {
    Session_Name: v.Session_Name.trim(),
    Session_Desc: v.Session_Desc.trim(),
    Session_Group: v.Session_Group.trim(),
    Session_Tags: tagList(v.Session_Tags),
    Disable_video: bit(v.Disable_video),
    Disable_img: bit(v.Disable_img),
    // An empty list is sent too: it removes every start page.
    HomePage_url: urls(v.HomePage_url),
  };
}

export interface EditCalls {
  proxy?: ProxyInput;
  adv?: AdvInput;
  update?: UpdateInput;
}

/**
 * The calls an edit needs, each with only the fields that changed (none when nothing did): the
 * proxy, locale and static IPs through proxy/update; fingerprint, switches, geolocation and the
 * system through adv_setting; name, description, group, media and start pages through update.
 */
export function toEditCalls(id: string, before: FormValues, after: FormValues): EditCalls {
  const calls: EditCalls = {};
  // A changed proxy goes as a whole: the service checks the new one, not half of it.
  const proxyChanged = !same(proxyPart(before), proxyPart(after));
  const proxy = defined({
    ...changed(proxyCallFields(before), proxyCallFields(after)),
    ...(proxyChanged ? proxyPart(after) : {}),
  });
  if (Object.keys(proxy).length) calls.proxy = { Session_ID: id, ...proxy } as ProxyInput;
  const adv = defined(changed(advCallFields(before), advCallFields(after)));
  if (Object.keys(adv).length) calls.adv = { Session_ID: id, ...adv } as AdvInput;
  const update = changed(updateCallFields(before), updateCallFields(after));
  if (Object.keys(update).length) calls.update = { Session_ID: id, ...update } as UpdateInput;
  return calls;
}

/** Which form field shows the problem of a call's field (the rest show above the form). */
export function formFieldOf(wireField: string): string | undefined {
  if ((FLAG_NAMES as readonly string[]).includes(wireField)) return `flags.${wireField}`;
  if (wireField === 'FingerPrint_Setting') return 'fingerprint';
  if (wireField === 'system') return 'SystemOS';
  if (wireField === 'Group_Name') return 'Session_Group';
  return wireField in emptyValues() ? wireField : undefined;
}
