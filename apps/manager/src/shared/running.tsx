/**
 * The running environments, live: the service pushes them on GET /manager/events whenever one
 * starts, stops or gets its DevTools port (server-sent events; nothing polls the rate-limited
 * calls). One stream for the whole app, and for all its tabs in one browser (shared-events.ts).
 * The same events say whether a newer client is published: the service learns it after it starts,
 * often after the manager has loaded.
 */
import type { Disagreement } from '@hainiao/contract';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { listenToEvents } from './shared-events.ts';

/** One running environment as browser/status answers it (the fields the manager shows). */
export interface RunningInfo {
  Session_ID: string;
  Session_Actived: number;
  Session_StartTime: string;
  isHeadless: number;
  browser_CDP_Port: number;
  browser_Path: string;
  webdriver: string;
  Public_ip?: string;
  Internel_ip?: string;
  core?: string;
  proxyType?: string;
  proxy_ip?: string;
  proxy_port?: number;
  /** What sites see, as the browser got it, and where it disagrees (the start answer's). */
  Fingerprint_Summary?: {
    SystemOS: string;
    User_Agent: string;
    Screen: string;
    Window: string;
    TimeZone: string;
    LanguageCode: string;
    Public_ip: string;
    CountryCode: string;
    Warnings: Disagreement[];
  };
}

/** Whether the cloud publishes a newer client than this one, and the site's download page. */
export interface UpdateInfo {
  current: string;
  /** The newest published version; null while none is known. */
  latest: string | null;
  newer: boolean;
  /** The English download page (`<site>/download`). */
  downloadUrl: string;
}

export interface RunningState {
  /** False until the first message (and while the stream reconnects). */
  connected: boolean;
  /** The account the service is signed in with, as the stream last said. */
  account: string | null;
  running: ReadonlyMap<string, RunningInfo>;
  /** Undefined until the stream says (a service older than the notice never does). */
  update?: UpdateInfo | undefined;
}

const initial: RunningState = { connected: false, account: null, running: new Map() };
const RunningContext = createContext<RunningState>(initial);

export function RunningProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RunningState>(initial);
  useEffect(
    () =>
      listenToEvents((update) => {
        // The stream reconnects by itself (retry: 2000); meanwhile the state is marked stale.
        if (!update.connected) {
          setState((previous) => ({ ...previous, connected: false }));
          return;
        }
        if (update.data === undefined) return;
        const data = JSON.parse(update.data) as {
          account: string | null;
          running: RunningInfo[];
          update?: UpdateInfo;
        };
        setState({
          connected: true,
          account: data.account,
          running: new Map(data.running.map((info) => [info.Session_ID, info])),
          update: data.update,
        });
      }),
    [],
  );
  return <RunningContext.Provider value={state}>{children}</RunningContext.Provider>;
}

export function useRunning(): RunningState {
  return useContext(RunningContext);
}
