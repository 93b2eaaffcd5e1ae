/**
 * The command line and environment variables a browser starts with, from the environment's
 * record and fingerprint: a pure function, so what each setting does to the launch is tested
 * without a browser.
 *
 * Native first: everything set here reaches every page, iframe and worker the same way, with no
 * script. The user agent is the engine's own, or browser-wide (`--user-agent`) where it differs
 * (another system, Chromium's headless mode), languages come from `--lang`,
 * `--accept-lang` and the profile's preferences, the time zone from `TZ`, the screen from the
 * service's own display of the environment's size (Chromium's own headless mode: `--screen-info`
 * with its pixel ratio and work area), the pixel ratio (windowed) from
 * `--force-device-scale-factor`, the colour scheme from `--force-dark-mode`, and fonts from the
 * environment's fontconfig file.
 */
import { chromiumUiLocale, isMobileSystem, localApiMessages } from '@hainiao/contract';
import type { EnvironmentRecord } from '../../model/environment.ts';
import type { EnvironmentSettings } from '../../model/settings.ts';
import type { StoredFingerprint } from '../fingerprint/fingerprint.ts';
import { fingerprintFlags } from '../devtools/inject.ts';
import { BASE_FLAGS, settingFlags, type FontConfig } from '../profile/profile.ts';
import type { ExitInfo } from '../proxy/proxy-check.ts';
import { usesProxy, type ProxySpec } from '../proxy/proxy.ts';
import type { ScreenSize } from './virtual-display.ts';

/** The caller's arg (browser/start `args`) that asks for Chromium's own headless mode. */
export const LEGACY_HEADLESS_ARG = '--headless=new';

/**
 * Where a start's browser shows its pages:
 * - `own`: a real window on a private virtual display of the environment's screen size
 *   (virtual-display.ts) — every headless start on Linux, and a windowed one on a Linux machine
 *   without X11 or Wayland. No headless mode, so no user-agent switch hides one: pages and workers
 *   see the engine's own values, client hints included, and `screen` is the environment's.
 * - `desktop`: a window on the machine's display; for a headless start on Windows and macOS, one
 *   placed off screen.
 * - `headless`: Chromium's own headless mode, only when the call asks for it (`--headless=new` in
 *   `args`), as pages can tell it apart (docs/browser-runtime.md, "Headless without a headless
 *   browser").
 */
export type DisplayMode = 'own' | 'desktop' | 'headless';

export function displayMode(
  headless: boolean,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): DisplayMode {
  if (headless && args.includes(LEGACY_HEADLESS_ARG)) return 'headless';
  if (platform !== 'linux') return 'desktop';
  return headless || (!env.DISPLAY && !env.WAYLAND_DISPLAY) ? 'own' : 'desktop';
}

/**
 * Why a start cannot work here, or undefined: it needs the service's own display and there is no
 * Xvfb (`xvfb`, its path) to make one. Both languages, as the start answer carries a reason.
 */
export function missingDisplay(mode: DisplayMode, xvfb: string | undefined): string | undefined {
  if (mode !== 'own' || xvfb) return undefined;
  const message = localApiMessages.xvfbMissing;
  return `${message.en} | ${message.zh}`;
}

/**
 * The largest display the service starts (device pixels a side): a fingerprint may come from the
 * cloud, written by another account, and its schema allows screens no monitor has.
 */
export const MAX_DISPLAY_SIDE = 8192;

/**
 * The service's own display for an environment: its screen in device pixels, capped, and the
 * strips its taskbar or menu bar takes (the display's work area is the rest: availHeight).
 */
export function displaySize(screen: StoredFingerprint['screen']): ScreenSize {
  const ratio = screen.devicePixelRatio;
  const width = Math.min(Math.round(screen.width * ratio), MAX_DISPLAY_SIDE);
  const height = Math.min(Math.round(screen.height * ratio), MAX_DISPLAY_SIDE);
  // A stored fingerprint may come from the cloud: insets that leave no work area are dropped.
  const top = Math.max(0, Math.round(screen.insetTop * ratio));
  const bottom = Math.max(0, Math.round(screen.insetBottom * ratio));
  return top + bottom < height / 2
    ? { width, height, insetTop: top, insetBottom: bottom }
    : { width, height, insetTop: 0, insetBottom: 0 };
}

/** navigator.languages for a language code: 'de-DE' → de-DE, de, en (Chrome adds the q values). */
export function languageList(code: string): string[] {
  const base = code.split('-')[0] ?? code;
  const list = [code];
  if (base !== code) list.push(base);
  if (base !== 'en') list.push('en-US', 'en');
  return list;
}

export interface LaunchLocale {
  /** An IANA zone, or '' for the machine's. */
  timezone: string;
  language: string;
  languages: string[];
  /** Accept-Language (and the profile's language list). */
  accept: string;
  /**
   * Chromium's UI locale for the language: `--lang` sets the Intl locale of pages and workers
   * alike when the browser has its pack (launchCommand's uiLocale only then); without one the
   * locale stays the browser's own (a page-only override would differ from the workers').
   */
  uiLocale: string;
  /** The proxy's exit when automaticConfigure applies it (its location reaches the pages). */
  appliedExit?: ExitInfo | undefined;
}

/**
 * The time zone and language an environment starts with: the proxy exit's with
 * automaticConfigure 1 (when the lookup answered and said), else the settings'.
 */
export function launchLocale(s: EnvironmentSettings, exit: ExitInfo | undefined): LaunchLocale {
  const auto = s.automaticConfigure === 1 && exit;
  const timezone = (auto && exit?.timezone) || s.timezone || '';
  const language = (auto && exit?.language) || s.languageCode || 'en-US';
  const languages = languageList(language);
  return {
    timezone,
    language,
    languages,
    accept: languages.join(','),
    uiLocale: chromiumUiLocale(language) ?? 'en-US',
    appliedExit: auto ? exit : undefined,
  };
}

/** The environment's upstream proxy, or undefined without one (the provider session is the id). */
export function proxySpecOf(record: EnvironmentRecord): ProxySpec | undefined {
  if (!usesProxy(record.proxyType)) return undefined;
  const s = record.settings;
  return {
    type: record.proxyType,
    host: record.proxyIp,
    port: s.proxyPort,
    username: s.proxyUsername,
    password: s.proxyPassword,
    country: s.countryCode,
    city: s.cityCode,
    region: s.regionCode,
    sessionKey: record.id,
  };
}

/**
 * What the environment's fontconfig file changes (fingerprintSetting): the hidden fonts and the
 * generic families with fonts (d), the hinting with canvas (a); the machine's otherwise.
 */
export function fontConfigOf(fingerprint: StoredFingerprint, setting: string): FontConfig {
  const flags = fingerprintFlags(setting);
  return {
    hidden: flags.fonts ? fingerprint.hiddenFonts : [],
    ...(flags.fonts ? { families: fingerprint.families } : {}),
    ...(flags.canvas ? { rendering: fingerprint.rendering } : {}),
  };
}

export interface LaunchInput {
  record: EnvironmentRecord;
  fingerprint: StoredFingerprint;
  headless: boolean;
  /** Where its pages show (displayMode). */
  mode: DisplayMode;
  /** The browser profile folder. */
  profile: string;
  /** The user agent for the engine that runs (engineUserAgent). */
  userAgent: string;
  /**
   * The engine's own user agent on this machine (user-agent.ts buildUserAgent of the host's
   * system): when the environment's is the same, no `--user-agent` switch, which would empty the
   * high-entropy client hints of pages and workers (measured on Chromium 156, windowed too).
   */
  engineOwnUserAgent?: string | undefined;
  /** The environment's language and Accept-Language list. */
  language: string;
  languages: readonly string[];
  /** Chromium's UI locale for `--lang`, when the browser ships its pack (else undefined). */
  uiLocale?: string | undefined;
  timezone: string;
  /** The local forwarder that carries the environment's proxy. */
  forwarderPort?: number | undefined;
  /** The environment's plugins: their unpacked folders in the library (runtime/profile/extensions.ts). */
  pluginDirs: readonly string[];
  /**
   * Loaded over the service's pipe after start (Extensions.loadUnpacked, Chromium 126+): only
   * `--enable-unsafe-extension-debugging` then. Otherwise `--load-extension`, which branded
   * Chrome 137+ ignores but older browsers honour.
   */
  pluginsOverDevTools?: boolean;
  /** The caller's `args`, already checked (profile.ts callerArgs). */
  extraArgs: readonly string[];
  /** The environment's fontconfig file (profile.ts writeFontConfig). */
  fontConfig?: string | undefined;
  /** The service's own environment variables. */
  env: NodeJS.ProcessEnv;
  runningAsRoot?: boolean;
}

export interface LaunchCommand {
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** The screen as `--screen-info` takes it: physical pixels, the work area as insets. */
export function screenInfo(screen: StoredFingerprint['screen']): string {
  const dpr = screen.devicePixelRatio;
  const physical = (css: number) => Math.round(css * dpr);
  const parts = [`0,0 ${physical(screen.width)}x${physical(screen.height)}`];
  if (dpr !== 1) parts.push(`devicePixelRatio=${dpr}`);
  parts.push(`colorDepth=${screen.colorDepth}`);
  if (screen.insetTop) parts.push(`workAreaTop=${physical(screen.insetTop)}`);
  if (screen.insetBottom) parts.push(`workAreaBottom=${physical(screen.insetBottom)}`);
  return `{${parts.join(' ')}}`;
}

/** The window: a maximised one on a desktop (the work area), a phone-sized one for mobile. */
export function windowSize(record: EnvironmentRecord, screen: StoredFingerprint['screen']): string {
  if (isMobileSystem(record.system)) {
    return `${Math.min(screen.width + 16, 600)},${Math.min(screen.height + 100, 1000)}`;
  }
  return `${screen.width},${screen.height - screen.insetTop - screen.insetBottom}`;
}

/**
 * The caller's window size, never larger than the service's own display (the environment's
 * screen): a window that does not fit its screen is something no real machine shows.
 */
function fitWindowSize(arg: string, screen: StoredFingerprint['screen']): string {
  const match = /^--window-size=(\d+),(\d+)$/.exec(arg);
  if (!match) return arg;
  const width = Math.min(Number(match[1]), screen.width);
  const height = Math.min(Number(match[2]), screen.height - screen.insetTop - screen.insetBottom);
  return `--window-size=${width},${height}`;
}

/** Where the window goes: the top left of the service's display, off screen when headless. */
function windowPlacement(mode: DisplayMode, headless: boolean): string[] {
  if (mode === 'own') return ['--window-position=0,0'];
  return mode === 'desktop' && headless ? ['--window-position=-32000,-32000'] : [];
}

export function launchCommand(input: LaunchInput): LaunchCommand {
  const { record, fingerprint, headless, mode } = input;
  const screen = fingerprint.screen;
  const accept = input.languages.join(',');
  const fit = (arg: string) => (mode === 'own' ? fitWindowSize(arg, screen) : arg);
  const callerArgs = input.extraArgs
    .filter((arg) => !arg.startsWith('--remote-debugging-port=') && arg !== LEGACY_HEADLESS_ARG)
    .map(fit);
  const args = [
    ...BASE_FLAGS,
    ...settingFlags(record.settings),
    `--user-data-dir=${input.profile}`,
    // The pipe only: the user's DevTools port is the service's proxy (devtools-proxy.ts), which
    // takes a caller's own --remote-debugging-port=N.
    '--remote-debugging-pipe',
    // Chromium's own headless mode names itself (HeadlessChrome) and needs the switch.
    ...(mode === 'headless' || input.userAgent !== input.engineOwnUserAgent
      ? [`--user-agent=${input.userAgent}`]
      : []),
    ...(input.uiLocale ? [`--lang=${input.uiLocale}`] : []),
    `--accept-lang=${accept}`,
    fit(`--window-size=${windowSize(record, screen)}`),
    ...windowPlacement(mode, headless),
    ...(mode === 'headless'
      ? ['--headless=new', `--screen-info=${screenInfo(screen)}`]
      : screen.devicePixelRatio !== 1 && !isMobileSystem(record.system)
        ? [`--force-device-scale-factor=${screen.devicePixelRatio}`]
        : []),
    ...(fingerprint.colorScheme === 'dark' ? ['--force-dark-mode'] : []),
    ...(input.forwarderPort
      ? [
          `--proxy-server=http://127.0.0.1:${input.forwarderPort}`,
          // Loopback goes through the proxy too: sites cannot probe the user's local ports.
          '--proxy-bypass-list=<-loopback>',
          // No DNS from this machine: names are resolved at the proxy.
          '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
        ]
      : ['--no-proxy-server', '--host-resolver-rules=MAP *.invalid ~NOTFOUND']),
    ...(input.pluginDirs.length === 0
      ? []
      : input.pluginsOverDevTools
        ? // Not --disable-extensions-except: Chromium loads the folders it names itself, without
          // telling why one fails (and branded Chrome 139+ ignores it).
          ['--enable-unsafe-extension-debugging']
        : [
            `--load-extension=${input.pluginDirs.join(',')}`,
            `--disable-extensions-except=${input.pluginDirs.join(',')}`,
            '--enable-unsafe-extension-debugging',
          ]),
    ...(input.runningAsRoot ? ['--no-sandbox'] : []),
    // After the runtime's own: a caller's --window-position or --window-size wins.
    ...callerArgs,
    // No tab until the service has auto-attach in place: every tab gets the overrides.
    '--no-startup-window',
  ];
  const env: NodeJS.ProcessEnv = {
    ...input.env,
    // TZ reaches every process of the browser (pages and workers alike) on Linux and macOS.
    ...(input.timezone ? { TZ: input.timezone } : {}),
    LANG: `${input.language.replace('-', '_')}.UTF-8`,
    LANGUAGE: input.language.replace('-', '_'),
    ...(input.fontConfig ? { FONTCONFIG_FILE: input.fontConfig } : {}),
  };
  // The vendor API keys of a distribution's wrapper would let the browser call home. Translate
  // is the one service a user asks for (GoogleTranslate 1): Chromium offers it only with a key,
  // so the service's GOOGLE_API_KEY (if any) goes through then.
  if (record.settings.googleTranslate !== 1) delete env.GOOGLE_API_KEY;
  delete env.GOOGLE_DEFAULT_CLIENT_ID;
  delete env.GOOGLE_DEFAULT_CLIENT_SECRET;
  return { args, env };
}
