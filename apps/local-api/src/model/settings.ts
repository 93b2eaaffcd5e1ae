/**
 * The settings of an environment beyond its indexed columns, in our own names. The calls spell
 * them as the spec does (`GoogleTranslate`, `SavePasswordPop`…): the routes and views map between
 * the two through adapters/v1/wire-settings.ts; the store and the runtime keep these names (migration 4
 * renamed the rows written before).
 */
export interface EnvironmentSettings {
  /** 1: time zone, country and language follow the proxy's exit IP. */
  automaticConfigure: number;
  mobileModel: string;
  /** WIDTHxHEIGHT. */
  resolution: string;
  /** The four 0/1 fingerprint switches, comma-separated (FingerPrint_Setting). */
  fingerprintSetting: string;
  /** 1: scripted read-back noise (opt-in, detectable; runtime/devtools/inject.ts). */
  fingerprintNoise: number;
  lockWindowSize: number;
  disableVideo: number;
  disableImages: number;
  invisibleImages: number;
  autoplay: number;
  sound: number;
  googleTranslate: number;
  savePasswordPrompt: number;
  notifications: number;
  clipboard: number;
  stopOnProxyError: number;
  fakeCamera: number;
  clearOnExit: number;
  restoreOnStartup: number;
  saveCookiesOnExit: number;
  forceCheckPage: number;
  clearCacheOnStart: number;
  clearCookiesOnStart: number;
  clearHistoryOnStart: number;
  /** Sync_Profile: the profile folder travels through the cloud (domain/profile-transfer.ts). */
  syncProfile: number;
  staticPublicIp: string;
  staticPrivateIp: string;
  timezone: string;
  countryCode: string;
  cityCode: string;
  regionCode: string;
  languageCode: string;
  proxyPort: number;
  proxyUsername: string;
  proxyPassword: string;
  checkProxy: number;
  staticIpType: number;
  /** Session_Args: the browser arguments of a start that gives none of its own. */
  launchArgs: string[];
  /** Session_Headless: 1 when a start that does not say starts without a window. */
  launchHeadless: number;
  /** Geolocation permission of every site: 0 ask (Chrome's default), 1 allow, 2 block. */
  geolocationSetting: number;
  /** Manual coordinates (both or neither): they win over the proxy exit's. */
  geolocationLatitude: number | null;
  geolocationLongitude: number | null;
  /** Metres, of whichever coordinates pages get. */
  geolocationAccuracy: number;
  /** Tags (our extension): trimmed, each once, in the order given (domain/tags.ts). */
  tags: string[];
}

/**
 * Defaults of a new environment: every fingerprint switch on, media and sound allowed, pop-ups
 * and permissions off, cookies kept on exit, the browser stopped when the proxy fails. Empty
 * locale fields follow the proxy (automaticConfigure 1) or the system at start.
 */
export const DEFAULT_SETTINGS: Readonly<EnvironmentSettings> = {
  automaticConfigure: 0,
  mobileModel: '',
  resolution: '',
  fingerprintSetting: '1,1,1,1',
  fingerprintNoise: 0,
  lockWindowSize: 0,
  disableVideo: 0,
  disableImages: 0,
  invisibleImages: 0,
  autoplay: 1,
  sound: 1,
  googleTranslate: 0,
  savePasswordPrompt: 0,
  notifications: 0,
  clipboard: 0,
  stopOnProxyError: 1,
  fakeCamera: 0,
  clearOnExit: 0,
  restoreOnStartup: 0,
  saveCookiesOnExit: 1,
  forceCheckPage: 0,
  clearCacheOnStart: 0,
  clearCookiesOnStart: 0,
  clearHistoryOnStart: 0,
  syncProfile: 0,
  staticPublicIp: '',
  staticPrivateIp: '',
  timezone: '',
  countryCode: '',
  cityCode: '',
  regionCode: '',
  languageCode: '',
  proxyPort: 0,
  proxyUsername: '',
  proxyPassword: '',
  checkProxy: 0,
  staticIpType: 0,
  launchArgs: [],
  launchHeadless: 0,
  geolocationSetting: 0,
  geolocationLatitude: null,
  geolocationLongitude: null,
  geolocationAccuracy: 50,
  tags: [],
};
