/**
 * The browser profile of an environment (`<data>/sessions/<id>/profile`) and the command line it
 * runs with: the advanced settings as Chromium flags and preferences (docs/browser-runtime.md),
 * the clean-ups on start and exit, and the flags that keep the browser quiet (no traffic to its
 * vendor's services) and free of automation traces.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EnvironmentSettings } from '../../model/settings.ts';

// The fontconfig file is written by font-levers.ts; launch.ts and prepare-launch.ts read it here.
export { writeFontConfig, type FontConfig } from '../fingerprint/font-levers.ts';

/** Quiet, private and trace-free: every environment gets these. */
export const BASE_FLAGS = [
  '--no-first-run',
  '--no-default-browser-check',
  '--no-service-autorun',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-breakpad',
  '--disable-crash-reporter',
  '--disable-default-apps',
  '--disable-search-engine-choice-screen',
  '--no-pings',
  '--metrics-recording-only',
  '--safebrowsing-disable-auto-update',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-blink-features=AutomationControlled',
  // The vendor's account and update services, pointed at reserved names that never resolve (and
  // that the forwarder answers itself): no ListAccounts, no update pings, proxy or not.
  '--gaia-url=https://gaia.invalid',
  '--google-apis-url=https://apis.invalid',
  '--component-updater=url-source=https://update.invalid',
  // WebRTC: no UDP outside the proxy, so no candidate at all. Chrome reads the second switch and
  // the preference (settingPreferences), either alone enough (measured on Chromium 156); the
  // first is the headless and content shells'.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Chromium features no environment wants: calls to the vendor's services, UI that gives it away. */
const DISABLED_FEATURES = [
  'OptimizationHints',
  'OptimizationHintsFetching',
  'OptimizationGuideModelDownloading',
  'OptimizationTargetPrediction',
  'MediaRouter',
  'DialMediaRouteProvider',
  'AutofillServerCommunication',
  'CertificateTransparencyComponentUpdater',
  'InterestFeedContentSuggestions',
  'AcceptCHFrame',
  'PrivacySandboxSettings4',
  'HttpsUpgrades',
  'NetworkTimeServiceQuerying',
  'SafeBrowsingBetterTelemetryForEnterprise',
  'LensOverlay',
  // The address bar's suggestion list drawn as a web page, preloaded in a renderer of its own at
  // every start: about half of a start's CPU (0.8 of 1.6 s here). The classic list draws the same
  // suggestions without it (measured: bench/browser.bench.ts, "CPU time of one start").
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Chrome's translate (its language detection, the omnibox icon and the "Translate?" bubble). */
const TRANSLATE_FEATURES = ['Translate', 'TranslateUI'];

/**
 * The one `--disable-features` switch (Chromium reads only the last one given): translate stays
 * off unless the environment's GoogleTranslate is 1.
 */
export function disableFeaturesFlag(s: Pick<EnvironmentSettings, 'googleTranslate'>): string {
  const features = [...DISABLED_FEATURES, ...(s.googleTranslate === 1 ? [] : TRANSLATE_FEATURES)];
  return `--disable-features=${features.join(',')}`;
}

/** A caller's flag: the spelling Chromium reads, what its value must be, and that shape in words. */
interface AllowedArg {
  /** Undefined: the flag takes no value (`--flag` alone). */
  value?: (value: string) => boolean;
  /** How the value is written, for the refusal message. */
  shape?: string;
}

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);
const between = (pattern: RegExp, min: number, max: number) => (value: string) =>
  pattern.test(value) && Number(value) >= min && Number(value) <= max;

/**
 * The only flags a caller may pass in `args` (browser/start), spelt exactly as listed (Chromium's
 * switches are lower case; a single dash, capitals or a value where none belongs are refused) and
 * each value matching its pattern (anchored: no spaces, NUL or line breaks). An allow-list, not a
 * deny list: Chromium has hundreds of switches and some of them run a program of the caller's
 * choosing (--renderer-cmd-prefix, --gpu-launcher, --utility-cmd-prefix,
 * --browser-subprocess-path), open the DevTools to other hosts or origins
 * (--remote-debugging-address, --remote-allow-origins), load code (--load-extension), or take the
 * sandbox or the web's security away (--no-sandbox, --disable-web-security). The runtime owns the
 * profile, proxy, extensions and user agent (`--headless=new` only chooses its headless mode), and
 * the fingerprint owns the language
 * and the pixel ratio (--lang, --force-device-scale-factor); --incognito (nothing would be saved)
 * and --kiosk (no way out of the window) are refused too. What remains is window placement and
 * display, sound, notifications, the DevTools, and a DevTools port of the caller's choosing.
 */
const ALLOWED_ARGS: ReadonlyMap<string, AllowedArg> = new Map<string, AllowedArg>([
  ['--window-position', { value: matches(/^-?\d{1,5},-?\d{1,5}$/), shape: 'X,Y' }],
  ['--window-size', { value: matches(/^\d{1,5},\d{1,5}$/), shape: 'WIDTH,HEIGHT' }],
  ['--start-maximized', {}],
  ['--start-fullscreen', {}],
  ['--disable-gpu', {}],
  ['--disable-dev-shm-usage', {}],
  ['--hide-scrollbars', {}],
  ['--hide-crash-restore-bubble', {}],
  ['--mute-audio', {}],
  ['--disable-notifications', {}],
  ['--auto-open-devtools-for-tabs', {}],
  // Chromium's own headless mode instead of a window on the service's display (launch.ts
  // displayMode): an opt-in, as pages can tell it apart.
  ['--headless', { value: matches(/^new$/), shape: 'new' }],
  // The DevTools port stays on 127.0.0.1 (the runtime adds --remote-debugging-address itself).
  [
    '--remote-debugging-port',
    { value: between(/^[1-9]\d{3,4}$/, 1024, 65535), shape: '1024-65535' },
  ],
]);

/** The accepted flags as the refusal message lists them. */
export const ALLOWED_ARG_LIST = [...ALLOWED_ARGS]
  .map(([name, { shape }]) => (shape ? `${name}=${shape}` : name))
  .join(', ');

/** An argument as a message may show it: control characters escaped, at most 64 characters. */
function shown(text: string): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > 64 ? `${escaped.slice(0, 63)}…` : escaped;
}

/** A flag's name (before `=`) and its value (undefined without `=`). */
function split(arg: string): [string, string | undefined] {
  const at = arg.indexOf('=');
  return at < 0 ? [arg, undefined] : [arg.slice(0, at), arg.slice(at + 1)];
}

function allowed(arg: string): boolean {
  const [name, value] = split(arg);
  const rule = ALLOWED_ARGS.get(name);
  if (!rule) return false;
  return rule.value ? value !== undefined && rule.value(value) : value === undefined;
}

/** What is wrong with a caller's `args`: the refused ones, and the flags given twice. */
export interface ArgsRefusal {
  /** Refused arguments as a message shows them: the name of an unknown flag, else the whole. */
  refused: string[];
  /** Allowed flags given more than once (Chromium would keep the last, the runtime the first). */
  repeated: string[];
}

/** Undefined when every argument is allowed and none is repeated. */
export function refuseArgs(args: readonly string[]): ArgsRefusal | undefined {
  const refused: string[] = [];
  const repeated: string[] = [];
  const seen = new Set<string>();
  for (const arg of args) {
    const [name] = split(arg);
    if (!allowed(arg)) {
      refused.push(shown(ALLOWED_ARGS.has(name) ? arg : name));
    } else if (seen.has(name)) {
      if (!repeated.includes(name)) repeated.push(name);
    } else {
      seen.add(name);
    }
  }
  return refused.length || repeated.length ? { refused, repeated } : undefined;
}

/**
 * The caller's `args` that go on the command line: only allowed ones, each flag once. The start
 * call refuses any other before launching (adapters/v1/browser.ts); this is the second line.
 */
export function callerArgs(args: readonly string[]): string[] {
  const seen = new Set<string>();
  return args.filter((arg) => {
    const [name] = split(arg);
    if (!allowed(arg) || seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** The flags of the advanced settings. */
export function settingFlags(s: EnvironmentSettings): string[] {
  const flags: string[] = [disableFeaturesFlag(s)];
  flags.push(
    s.autoplay === 1
      ? '--autoplay-policy=no-user-gesture-required'
      : '--autoplay-policy=document-user-activation-required',
  );
  if (s.sound === 0) flags.push('--mute-audio');
  if (s.fakeCamera === 1) {
    flags.push('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream');
  }
  if (s.restoreOnStartup === 1) flags.push('--restore-last-session');
  return flags;
}

/** Content-setting values of Chromium's preferences. */
const ALLOW = 1;
const BLOCK = 2;
const ASK = 3;

/** The preferences the advanced settings set (merged into the profile's Preferences file). */
export function settingPreferences(
  s: EnvironmentSettings,
  languages: string,
): Record<string, unknown> {
  const contentSettings: Record<string, number> = {
    // 0 is Chrome's own default (sites may ask; Notification.permission 'default').
    notifications: s.notifications === 1 ? ALLOW : ASK,
    clipboard: s.clipboard === 1 ? ALLOW : ASK,
    images: s.disableImages === 1 ? BLOCK : ALLOW,
    sound: s.sound === 0 ? BLOCK : ALLOW,
    autoplay: s.autoplay === 1 ? ALLOW : BLOCK,
    // 0 is Chrome's own default (sites may ask).
    geolocation: s.geolocationSetting === 1 ? ALLOW : s.geolocationSetting === 2 ? BLOCK : ASK,
  };
  if (s.fakeCamera === 1) {
    contentSettings.media_stream_camera = ALLOW;
    contentSettings.media_stream_mic = ALLOW;
  }
  return {
    profile: {
      default_content_setting_values: contentSettings,
      // Allow or block means every site: the per-site answers given while it was "ask" go (null
      // removes the key, writePreferences).
      ...(s.geolocationSetting === 1 || s.geolocationSetting === 2
        ? { content_settings: { exceptions: { geolocation: null } } }
        : {}),
      password_manager_enabled: s.savePasswordPrompt === 1,
      exit_type: 'Normal',
      exited_cleanly: true,
    },
    credentials_enable_service: s.savePasswordPrompt === 1,
    credentials_enable_autosignin: false,
    translate: { enabled: s.googleTranslate === 1 },
    intl: { accept_languages: languages, selected_languages: languages },
    // WebRTC sends nothing outside the proxy and gathers no candidate: pages see no address, real
    // or static (runtime/webrtc.test.ts).
    webrtc: {
      ip_handling_policy: 'disable_non_proxied_udp',
      multiple_routes_enabled: false,
      nonproxied_udp_enabled: false,
    },
    session: { restore_on_startup: s.restoreOnStartup === 1 ? 1 : 5 },
    signin: { allowed: false, allowed_on_next_startup: false },
    sync: { requested: false },
    safebrowsing: { enabled: false },
    search: { suggest_enabled: false },
    alternate_error_pages: { enabled: false },
    net: { network_prediction_options: 2 },
    spellcheck: { dictionaries: [], use_spelling_service: false },
    browser: { has_seen_welcome_page: true, check_default_browser: false },
    autofill: {
      enabled: s.savePasswordPrompt === 1,
      profile_enabled: false,
      credit_card_enabled: false,
    },
    enable_do_not_track: false,
    media_router: { enable_media_router: false },
  };
}

/** The environment's own downloads folder: `<data>/sessions/<id>/downloads`, beside its profile. */
export const downloadsDirOf = (envDir: string): string => path.join(envDir, 'downloads');

/**
 * Where downloads and saved pages go is the service's choice, written before every launch over
 * whatever the profile's Preferences say (a profile that came from elsewhere could name any folder
 * of this machine): the environment's own folder, no dialog (automation cannot answer one), and
 * no file type opened by itself once downloaded.
 */
export function downloadPreferences(downloadsDir: string): Record<string, unknown> {
  return {
    download: {
      default_directory: downloadsDir,
      prompt_for_download: false,
      directory_upgrade: true,
      extensions_to_open: '',
    },
    savefile: { default_directory: downloadsDir },
    selectfile: { last_directory: downloadsDir },
  };
}

/** Creates the downloads folder (the owner's only) so that the browser never falls back to another. */
export function prepareDownloads(downloadsDir: string): void {
  fs.mkdirSync(downloadsDir, { recursive: true, mode: 0o700 });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Merges `source` into `target`; a null in `source` removes that key (and is never written). */
function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value === null) delete target[key];
    else if (isRecord(value)) target[key] = deepMerge(isRecord(current) ? current : {}, value);
    else target[key] = value;
  }
  return target;
}

/** Writes the preferences into the profile (keeping what the browser stored itself). */
export function writePreferences(profile: string, preferences: Record<string, unknown>): void {
  const file = path.join(profile, 'Default', 'Preferences');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // a new profile, or one the browser left half-written
  }
  fs.writeFileSync(file, JSON.stringify(deepMerge(current, preferences)));
  // Local State: no metrics, no variations from the vendor's servers.
  const local = path.join(profile, 'Local State');
  let state: Record<string, unknown> = {};
  try {
    state = JSON.parse(fs.readFileSync(local, 'utf8')) as Record<string, unknown>;
  } catch {
    // first start
  }
  fs.writeFileSync(
    local,
    JSON.stringify(
      deepMerge(state, {
        user_experience_metrics: { reporting_enabled: false },
        browser: { enabled_labs_experiments: [] },
      }),
    ),
  );
}

export const CACHE_PATHS = [
  'Default/Cache',
  'Default/Code Cache',
  'Default/GPUCache',
  'Default/DawnGraphiteCache',
  'Default/DawnWebGPUCache',
  'Default/Service Worker/CacheStorage',
  'Default/Service Worker/ScriptCache',
  'GrShaderCache',
  'GraphiteDawnCache',
  'ShaderCache',
];
export const COOKIE_PATHS = [
  'Default/Cookies',
  'Default/Cookies-journal',
  'Default/Network/Cookies',
  'Default/Network/Cookies-journal',
];
export const HISTORY_PATHS = [
  'Default/History',
  'Default/History-journal',
  'Default/Visited Links',
  'Default/Top Sites',
  'Default/Top Sites-journal',
  'Default/Sessions',
  'Default/Current Session',
  'Default/Current Tabs',
  'Default/Last Session',
  'Default/Last Tabs',
];
/** What clearOnExit removes: all browsing data, keeping the preferences. */
export const BROWSING_DATA_PATHS = [
  ...CACHE_PATHS,
  ...COOKIE_PATHS,
  ...HISTORY_PATHS,
  'Default/Local Storage',
  'Default/Session Storage',
  'Default/IndexedDB',
  'Default/Service Worker',
  'Default/File System',
  'Default/Web Data',
  'Default/Web Data-journal',
  'Default/Login Data',
  'Default/Login Data-journal',
  'Default/shared_proto_db',
];

export function removePaths(profile: string, paths: readonly string[]): void {
  for (const relative of paths) {
    fs.rmSync(path.join(profile, relative), { recursive: true, force: true });
  }
}

/** Before a start: the clear*OnStart settings, and the locks a killed browser left. */
export function prepareProfile(profile: string, s: EnvironmentSettings): void {
  fs.mkdirSync(profile, { recursive: true });
  if (s.clearCacheOnStart === 1) removePaths(profile, CACHE_PATHS);
  // saveCookiesOnExit 0 clears the cookies at stop and kill; a browser that ended by itself (the
  // user closed its window) could not be asked, so its cookies go here.
  if (s.clearCookiesOnStart === 1 || s.saveCookiesOnExit === 0) {
    removePaths(profile, COOKIE_PATHS);
  }
  if (s.clearHistoryOnStart === 1) removePaths(profile, HISTORY_PATHS);
  for (const lock of ['SingletonLock', 'SingletonSocket', 'SingletonCookie']) {
    fs.rmSync(path.join(profile, lock), { force: true });
  }
}
