/**
 * The seam between the local API and the browsers it runs. The calls (start, stop, kill, status)
 * validate their input, resolve the environments and answer per environment; a BrowserRuntime
 * does the launching: `chromiumRuntime` (runtime/chromium.ts) runs real Chromium; `missingRuntime`
 * stands in where no browser may run.
 */
import { BrowserCodes } from '@hainiao/contract';
import type { EnvironmentRecord } from '../store/environments.ts';
import type { StoredCookie } from './cookies.ts';

/** What a running environment reports (local-api.md §3 "Running environment information"). */
export interface RunningBrowser {
  Session_ID: string;
  Session_ProcessID: number;
  /** 'YYYY-MM-DD HH:mm:ss', local time. */
  Session_StartTime: string;
  Session_Args: string[];
  Session_Headless: 0 | 1;
  browser_Path: string;
  browser_CDP_Port: number;
  /** The environment's folder (its browser profile is `profile/` inside). */
  MBData_Path: string;
  webdriver: string;
  /** The Chromium version the environment runs on. */
  core: string;
  Public_ip: string;
  Internel_ip: string;
  isDynamicIp: 0 | 1;
  proxyType: string;
  proxy_ip: string;
  proxy_port: number;
  StartPage: string;
  Plugins_Count: number;
  Plugin_Id: string[];
  Actived_script_id: string;
  Actived_script_name: string;
  TimeZone: string;
  LanguageCode: string;
  User_Agent: string;
  /**
   * Values pages show but workers do not (a system other than the host's; runtime/host.ts).
   * Not in the spec: added so a caller knows what a non-host system costs.
   */
  Fingerprint_PageOnly: string[];
}

/** Everything a start needs besides the environment's own record. */
export interface LaunchPlan {
  environment: EnvironmentRecord;
  headless: boolean;
  args: string[];
  /** URLs opened at start (HomePage_url and the auto-open list), in order. */
  startPages: string[];
  /** Installed plugins, unpacked under the data folder. */
  plugins: { Plugin_Id: string; dir: string }[];
  /** The active script, run in every page. */
  script?: { Script_ID: string; name: string; source: string };
  /** Stores the browser's cookies (Exit_SaveCookie). */
  saveCookies(cookies: StoredCookie[]): void;
}

/** A per-environment result: 0 or a BrowserCodes code. */
export interface BrowserResult {
  status: number;
  running?: RunningBrowser;
  /** Why a start failed, for the caller (e.g. what to install). */
  reason?: string;
}

export interface BrowserRuntime {
  running(sessionId: string): RunningBrowser | undefined;
  runningIds(): string[];
  /**
   * Why an environment is not running, when it is not simply stopped: -8 waiting in the start
   * queue, -12 its browser exited by itself, -13 its proxy failed (NetError_StopChrome).
   */
  condition(sessionId: string): number | undefined;
  start(plan: LaunchPlan): Promise<BrowserResult>;
  stop(sessionId: string): Promise<BrowserResult>;
  kill(sessionId: string): Promise<BrowserResult>;
  /** Ends every browser (quit, logout: -17 for the caller's bookkeeping). */
  stopAll(): Promise<void>;
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
};
