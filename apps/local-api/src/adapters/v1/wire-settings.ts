/**
 * The settings as the calls spell them (advanced settings, proxy), and the one
 * table between those spellings and ours (model/settings.ts). The routes read request bodies and
 * the views write answers through it; nothing below the routes sees these spellings (the store's
 * migration 4 keeps its own frozen copy, store/database.ts).
 */
import { GEOLOCATION_LIMITS, localApiMessages } from '@hainiao/contract';
import { fail, UNKNOWN_EXCEPTION } from '../../http/envelope.ts';
import type { EnvironmentSettings } from '../../model/settings.ts';

export interface WireSettings {
  Automatic_Configure: number;
  MobileModel: string;
  resolution: string;
  FingerPrint_Setting: string;
  FingerPrint_Noise: number;
  Lock_Browser_windows_size: number;
  Disable_video: number;
  Disable_img: number;
  ImageInvisible: number;
  AUTOPLAY_SETTING: number;
  SOUND_SETTING: number;
  GoogleTranslate: number;
  SavePasswordPop: number;
  Notification: number;
  CLIPBOARD_READ_WRITE: number;
  NetError_StopChrome: number;
  fakedevice_forCamera: number;
  Exit_ClearChrome: number;
  restore_on_startup: number;
  Exit_SaveCookie: number;
  forcembpoint: number;
  StartClearCache: number;
  StartClearCookies: number;
  StartClearHistory: number;
  Sync_Profile: number;
  Static_PublicIP: string;
  Static_PrivateIP: string;
  TimeZone: string;
  CountryCode: string;
  CityCode: string;
  RegionCode: string;
  LanguageCode: string;
  Proxy_Port: number;
  Proxy_Username: string;
  Proxy_Password: string;
  Is_CheckProxy: number;
  StaticIP_Type: number;
  Session_Args: string[];
  Session_Headless: number;
  Geolocation_Setting: number;
  /** '' for none (the spec's style for unset values). */
  Geolocation_Latitude: number | '';
  Geolocation_Longitude: number | '';
  Geolocation_Accuracy: number;
  /** Our extension. */
  Session_Tags: string[];
}

type WireNames = { readonly [K in keyof EnvironmentSettings]: keyof WireSettings };

/** Our name → the calls' name, in the order id_container answers them. */
export const WIRE_NAMES = {
  automaticConfigure: 'Automatic_Configure',
  mobileModel: 'MobileModel',
  resolution: 'resolution',
  fingerprintSetting: 'FingerPrint_Setting',
  fingerprintNoise: 'FingerPrint_Noise',
  lockWindowSize: 'Lock_Browser_windows_size',
  disableVideo: 'Disable_video',
  disableImages: 'Disable_img',
  invisibleImages: 'ImageInvisible',
  autoplay: 'AUTOPLAY_SETTING',
  sound: 'SOUND_SETTING',
  googleTranslate: 'GoogleTranslate',
  savePasswordPrompt: 'SavePasswordPop',
  notifications: 'Notification',
  clipboard: 'CLIPBOARD_READ_WRITE',
  stopOnProxyError: 'NetError_StopChrome',
  fakeCamera: 'fakedevice_forCamera',
  clearOnExit: 'Exit_ClearChrome',
  restoreOnStartup: 'restore_on_startup',
  saveCookiesOnExit: 'Exit_SaveCookie',
  forceCheckPage: 'forcembpoint',
  clearCacheOnStart: 'StartClearCache',
  clearCookiesOnStart: 'StartClearCookies',
  clearHistoryOnStart: 'StartClearHistory',
  syncProfile: 'Sync_Profile',
  staticPublicIp: 'Static_PublicIP',
  staticPrivateIp: 'Static_PrivateIP',
  timezone: 'TimeZone',
  countryCode: 'CountryCode',
  cityCode: 'CityCode',
  regionCode: 'RegionCode',
  languageCode: 'LanguageCode',
  proxyPort: 'Proxy_Port',
  proxyUsername: 'Proxy_Username',
  proxyPassword: 'Proxy_Password',
  checkProxy: 'Is_CheckProxy',
  staticIpType: 'StaticIP_Type',
  launchArgs: 'Session_Args',
  launchHeadless: 'Session_Headless',
  geolocationSetting: 'Geolocation_Setting',
  geolocationLatitude: 'Geolocation_Latitude',
  geolocationLongitude: 'Geolocation_Longitude',
  geolocationAccuracy: 'Geolocation_Accuracy',
  tags: 'Session_Tags',
} as const satisfies WireNames;

// Every spelling of the calls has our name (a field added to one side only fails here).
type Unmapped = Exclude<keyof WireSettings, (typeof WIRE_NAMES)[keyof typeof WIRE_NAMES]>;
const everyWireNameMapped: [Unmapped] extends [never] ? true : Unmapped = true;
void everyWireNameMapped;

const OUR_NAMES = Object.keys(WIRE_NAMES) as (keyof EnvironmentSettings)[];

/** Our coordinate names: '' on the wire is null here (no manual coordinates). */
const COORDINATES: Partial<Record<keyof EnvironmentSettings, true>> = {
  geolocationLatitude: true,
  geolocationLongitude: true,
};

/** The settings spelt as the calls spell them. */
export function toWireSettings(settings: EnvironmentSettings): WireSettings {
  const wire: Record<string, unknown> = {};
  for (const name of OUR_NAMES) {
    wire[WIRE_NAMES[name]] = name in COORDINATES ? (settings[name] ?? '') : settings[name];
  }
  return wire as unknown as WireSettings;
}

/**
 * The settings a request body sets (its fields with a value), in our names. Manual coordinates are
 * checked here, where the schema leaves them (a range named in the message, the two together):
 * -10000, HTTP 400, like every malformed field.
 */
export function settingsFromWire(fields: object): Partial<EnvironmentSettings> {
  const source = fields as Record<string, unknown>;
  checkGeolocation(source);
  const settings: Record<string, unknown> = {};
  for (const name of OUR_NAMES) {
    const value = source[WIRE_NAMES[name]];
    if (value !== undefined) settings[name] = value === '' && name in COORDINATES ? null : value;
  }
  return settings as Partial<EnvironmentSettings>;
}

function checkGeolocation(source: Record<string, unknown>): void {
  for (const [field, { min, max }] of Object.entries(GEOLOCATION_LIMITS)) {
    const value = source[field];
    if (typeof value === 'number' && !(value >= min && value <= max)) {
      throw fail(
        UNKNOWN_EXCEPTION,
        localApiMessages.geolocationOutOfRange,
        { field, min, max },
        400,
      );
    }
  }
  // Both given, both '' (cleared) or both left out.
  const state = (field: string) =>
    source[field] === undefined ? 'absent' : source[field] === '' ? 'empty' : 'set';
  if (state('Geolocation_Latitude') !== state('Geolocation_Longitude')) {
    throw fail(UNKNOWN_EXCEPTION, localApiMessages.geolocationPair, {}, 400);
  }
}
