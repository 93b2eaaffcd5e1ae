/**
 * The seam between the local API and the browsers it runs. The calls (start, stop, kill, status)
 * validate their input, resolve the environments and answer per environment; a BrowserRuntime
 * does the launching. Until the Chromium launcher is plugged in, `missingRuntime` reports every
 * start as "start browser failed" and knows no running browser.
 */
import { BrowserCodes } from '@hainiao/contract';
import type { EnvironmentRecord } from '../store/environments.ts';

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
  webdriver: string;
}

export interface StartOptions {
  headless: boolean;
  args: string[];
}

/** A per-environment result: 0 or a BrowserCodes code. */
export interface BrowserResult {
  status: number;
  running?: RunningBrowser;
}

export interface BrowserRuntime {
  running(sessionId: string): RunningBrowser | undefined;
  runningIds(): string[];
  start(environment: EnvironmentRecord, options: StartOptions): Promise<BrowserResult>;
  stop(sessionId: string): Promise<BrowserResult>;
  kill(sessionId: string): Promise<BrowserResult>;
  /** Ends every browser (quit, logout: -17 for the caller's bookkeeping). */
  stopAll(): Promise<void>;
}

const B = BrowserCodes.code;

/** No launcher yet: nothing runs, so stop and kill have nothing to do and start fails. */
export const missingRuntime: BrowserRuntime = {
  running: () => undefined,
  runningIds: () => [],
  start: async () => ({ status: B.START_BROWSER_FAILED }),
  stop: async () => ({ status: B.SUCCESS }),
  kill: async () => ({ status: B.SUCCESS }),
  stopAll: async () => {},
};
