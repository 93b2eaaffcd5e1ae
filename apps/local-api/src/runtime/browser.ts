/**
 * The seam between the local API and the browsers it runs. The calls (start, stop, kill, status)
 * validate their input, resolve the environments and answer per environment; a BrowserRuntime
 * does the launching: `chromiumRuntime` (runtime/chromium-runtime.ts) runs real Chromium;
 * `missingRuntime` stands in where no browser may run.
 */
import { BrowserCodes } from '@hainiao/contract';
import type { StoredCookie } from '../model/cookie.ts';
import type { EnvironmentRecord } from '../model/environment.ts';
import type { CookieChange } from './profile/cookies.ts';
import type { CookieBase } from './profile/running-cookies.ts';

/**
 * What a running environment reports, in our
 * names: the start and status calls spell it as the spec does (adapters/v1/browser.ts, adapters/v1/views.ts).
 */
export interface RunningBrowser {
  id: string;
  processId: number;
  /** Milliseconds since the epoch. */
  startedAt: number;
  args: string[];
  headless: boolean;
  browserPath: string;
  /** 0 until the browser names its DevTools port. */
  cdpPort: number;
  /** The environment's folder (its browser profile is `profile/` inside). */
  dataDir: string;
  /** The browser's driver found beside it (chromedriver), or ''. */
  driverPath: string;
  /** The Chromium version the environment runs on. */
  browserVersion: string;
  /** The exit's IP looked up at start, else staticPublicIp, else ''. */
  publicIp: string;
  /** The exit the lookup at start saw, when one ran and answered (the proxy library keeps it). */
  exit?: { ip: string; country: string };
  /** staticPrivateIp, else '' (never this machine's address). */
  internalIp: string;
  /** Proxied, and the proxy's IP is not declared static. */
  dynamicIp: boolean;
  proxyType: string;
  proxyIp: string;
  /** 0 without a proxy. */
  proxyPort: number;
  /** The first start page, or ''. */
  startPage: string;
  pluginIds: string[];
  /** The active script, or ''. */
  activeScriptId: string;
  activeScriptName: string;
  timezone: string;
  language: string;
  userAgent: string;
  /** The system the environment presents. */
  system: string;
  /** The screen pages see, and the window the browser opened with (when a size was given). */
  screen: { width: number; height: number };
  window: { width: number; height: number } | undefined;
  /**
   * Values pages show but workers do not (a system other than the host's; runtime/fingerprint/host.ts).
   * Not in the spec: reported so a caller knows what a non-host system costs.
   */
  pageOnly: string[];
}

/** Everything a start needs besides the environment's own record. */
export interface LaunchPlan {
  environment: EnvironmentRecord;
  headless: boolean;
  /** The DevTools port as Chromium speaks it, automation traces and all (Raw_DevTools 1). */
  rawDevTools?: boolean;
  args: string[];
  /** URLs opened at start (the start pages and the auto-open list), in order. */
  startPages: string[];
  /** Installed plugins, unpacked under the data folder. */
  plugins: { pluginId: string; dir: string }[];
  /** The active script, run in every page. */
  script?: { scriptId: string; name: string; source: string };
  /**
   * Stores the browser's cookies (settings.saveCookiesOnExit): its jar at the end, merged with
   * the store by `base`, what the jar held when the browser and the store last agreed.
   */
  saveCookies(jar: StoredCookie[], base: CookieBase): void;
  /** Called once the browser has ended, however it ended (after its cookies were saved). */
  onEnded?: () => void;
}

/** A per-environment result: 0 or a BrowserCodes code. */
export interface BrowserResult {
  status: number;
  running?: RunningBrowser;
  /** Why a start failed, for the caller (e.g. what to install). */
  reason?: string;
}

export interface BrowserRuntime {
  running(envId: string): RunningBrowser | undefined;
  runningIds(): string[];
  /**
   * Why an environment is not running, when it is not simply stopped: -8 waiting in the start
   * queue, -12 its browser exited by itself, -13 its proxy failed (settings.stopOnProxyError).
   */
  condition(envId: string): number | undefined;
  start(plan: LaunchPlan): Promise<BrowserResult>;
  stop(envId: string): Promise<BrowserResult>;
  kill(envId: string): Promise<BrowserResult>;
  /** Ends every browser (quit, logout: -17 for the caller's bookkeeping). */
  stopAll(): Promise<void>;
  /**
   * Puts cookies stored while an environment runs into its browser. false: none of it runs (or
   * it is ending: its cookies were taken out first); CookiePushError: nothing was changed.
   */
  pushCookies(envId: string, change: CookieChange): Promise<boolean>;
}

const B = BrowserCodes.code;

/** No launcher: nothing runs, so stop and kill have nothing to do and start fails. */
export const missingRuntime: BrowserRuntime = {
  running: () => undefined,
  runningIds: () => [],
  condition: () => undefined,
  start: async () => ({ status: B.START_BROWSER_FAILED }),
  stop: async () => ({ status: B.SUCCESS }),
  kill: async () => ({ status: B.SUCCESS }),
  stopAll: async () => {},
  pushCookies: async () => false,
};
