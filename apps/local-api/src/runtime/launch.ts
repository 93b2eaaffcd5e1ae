/**
 * The command line and environment variables a browser starts with, from the environment's
 * record and fingerprint: a pure function, so what each setting does to the launch is tested
 * without a browser.
 *
 * Native first: everything set here reaches every page, iframe and worker the same way, with no
 * script. The user agent is browser-wide (`--user-agent`), languages come from `--lang`,
 * `--accept-lang` and the profile's preferences, the time zone from `TZ`, the screen (headless) from
 * `--screen-info` with its pixel ratio and work area, the pixel ratio (windowed) from
 * `--force-device-scale-factor`, the colour scheme from `--force-dark-mode`, and fonts from the
 * environment's fontconfig file.
 */
import { isMobileSystem } from '@hainiao/contract';
import type { EnvironmentRecord } from '../store/environments.ts';
import type { StoredFingerprint } from './fingerprint.ts';
import { BASE_FLAGS, settingFlags } from './profile.ts';

export interface LaunchInput {
  record: EnvironmentRecord;
  fingerprint: StoredFingerprint;
  headless: boolean;
  /** The browser profile folder. */
  profile: string;
  /** The user agent for the engine that runs (engineUserAgent). */
  userAgent: string;
  /** The environment's language and Accept-Language list. */
  language: string;
  languages: readonly string[];
  /** Chromium's UI locale for `--lang`, when the browser ships its pack (else undefined). */
  uiLocale?: string | undefined;
  timezone: string;
  /** The local forwarder that carries the environment's proxy. */
  forwarderPort?: number | undefined;
  pluginDirs: readonly string[];
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

export function launchCommand(input: LaunchInput): LaunchCommand {
  const { record, fingerprint, headless } = input;
  const screen = fingerprint.screen;
  const accept = input.languages.join(',');
  const userPort = input.extraArgs.find((arg) => arg.startsWith('--remote-debugging-port='));
  const args = [
    ...BASE_FLAGS,
    ...settingFlags(record.settings),
    `--user-data-dir=${input.profile}`,
    '--remote-debugging-pipe',
    ...(userPort ? [] : ['--remote-debugging-port=0']),
    '--remote-debugging-address=127.0.0.1',
    `--user-agent=${input.userAgent}`,
    ...(input.uiLocale ? [`--lang=${input.uiLocale}`] : []),
    `--accept-lang=${accept}`,
    `--window-size=${windowSize(record, screen)}`,
    ...(headless
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
    ...(input.pluginDirs.length
      ? [
          `--load-extension=${input.pluginDirs.join(',')}`,
          `--disable-extensions-except=${input.pluginDirs.join(',')}`,
          '--enable-unsafe-extension-debugging',
        ]
      : []),
    ...(input.runningAsRoot ? ['--no-sandbox'] : []),
    ...input.extraArgs,
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
  // The vendor API keys of a distribution's wrapper would let the browser call home.
  delete env.GOOGLE_API_KEY;
  delete env.GOOGLE_DEFAULT_CLIENT_ID;
  delete env.GOOGLE_DEFAULT_CLIENT_SECRET;
  return { args, env };
}
