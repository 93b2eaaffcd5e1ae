/**
 * The target instrumenter: through the service's pipe session it auto-attaches to every target
 * (pages the user opens later, popups, iframes, workers) with waitForDebuggerOnStart, applies the
 * environment's overrides before the target's first script (and, for pages, its first request),
 * then lets it run. It also puts the environment's cookies in, takes them out at the end, and
 * opens the start pages.
 *
 * What each target gets is worked out first (targetSetup, pure); instrumentTargets only sends it.
 */
import { isMobileSystem } from '@hainiao/contract';
import type { SameSite, StoredCookie } from '../../model/cookie.ts';
import type { EnvironmentRecord } from '../../model/environment.ts';
import type { LaunchPlan } from '../browser.ts';
import { CdpError, type CdpEvent, type CdpConnection } from './cdp.ts';
import type { StoredFingerprint, userAgentMetadata } from '../fingerprint/fingerprint.ts';
import { pageOnlyValues } from '../fingerprint/host.ts';
import { injectionConfig, injectionScript } from './inject.ts';
import { answerPausedRequests, blockVideo } from './media-block.ts';
import { CHECK_PAGE, HIDE_IMAGES_SCRIPT, userScript } from './page-scripts.ts';
import type { ExitInfo } from '../proxy/proxy-check.ts';

/** The environment's values the targets take. */
export interface Overrides {
  fingerprint: StoredFingerprint;
  userAgent: string;
  metadata: ReturnType<typeof userAgentMetadata>;
  accept: string;
  timezone: string;
  /** The proxy's exit, when automaticConfigure applies it (its location). */
  exit?: ExitInfo | undefined;
}

/**
 * The coordinates pages get: the environment's own (both set) win over the proxy exit's
 * (automaticConfigure 1 and a lookup that gave them); none leaves the engine's own location.
 */
export function geolocationOf(
  s: EnvironmentRecord['settings'],
  exit: ExitInfo | undefined,
): TargetSetup['geolocation'] {
  const accuracy = s.geolocationAccuracy;
  if (s.geolocationLatitude !== null && s.geolocationLongitude !== null) {
    return { latitude: s.geolocationLatitude, longitude: s.geolocationLongitude, accuracy };
  }
  if (exit?.latitude !== undefined && exit.longitude !== undefined) {
    return { latitude: exit.latitude, longitude: exit.longitude, accuracy };
  }
  return undefined;
}

export interface PageScript {
  source: string;
  worldName?: string;
  runImmediately?: boolean;
}

/** What every page and worker gets, from the environment (no browser needed). */
export interface TargetSetup {
  /** navigator.platform and client hints: only a system other than the host's needs them. */
  userAgentOverride?: Record<string, unknown>;
  /** A locked window size or a phone: the viewport (and a phone's screen) emulated. */
  metrics?: Record<string, unknown>;
  /** New-document scripts: the opt-in noise, the active script, the image hider. */
  pageScripts: PageScript[];
  /** The noise, evaluated in dedicated workers. */
  workerScript?: string;
  touch: boolean;
  /** Windows has no TZ variable for the browser: the zone is emulated per target. */
  timezoneOverride?: string;
  geolocation?: { latitude: number; longitude: number; accuracy: number };
  /** disableVideo: video blocked by resource and MIME type in every page, frame and worker. */
  blockVideo: boolean;
  /** restoreOnStartup: the tabs Chromium restores are reopened as set-up tabs (see below). */
  reopenRestored: boolean;
}

export function targetSetup(
  record: EnvironmentRecord,
  script: LaunchPlan['script'],
  o: Overrides,
  platform: NodeJS.Platform = process.platform,
): TargetSetup {
  const s = record.settings;
  const mobile = isMobileSystem(record.system);
  const { screen } = o.fingerprint;
  const { width, height } = screen;
  const noise = injectionConfig(o.fingerprint.seed, s.fingerprintSetting, s.fingerprintNoise);
  const noiseScript = noise ? injectionScript(noise) : undefined;
  const pageScripts: PageScript[] = [];
  const geolocation = geolocationOf(s, o.exit);
  if (noiseScript) pageScripts.push({ source: noiseScript, runImmediately: true });
  if (script) pageScripts.push({ source: userScript(script.source), worldName: 'hainiao-script' });
  if (s.invisibleImages === 1) {
    pageScripts.push({ source: HIDE_IMAGES_SCRIPT, worldName: 'hainiao-style' });
  }
  return {
    // (A later DevTools client, such as the user's Puppeteer, would reset navigator.platform to
    // the machine's in the renderer: its sessions get the same override, devtools-proxy.ts.)
    ...(pageOnlyValues(record.system).length > 0
      ? {
          userAgentOverride: {
            userAgent: o.userAgent,
            acceptLanguage: o.accept,
            platform: o.fingerprint.navigatorPlatform,
            ...(o.metadata ? { userAgentMetadata: o.metadata } : {}),
          },
        }
      : {}),
    // The screen: natively the service's display of the environment's size (or --screen-info in
    // Chromium's own headless mode), the real display's with a window on the machine's (an
    // override would reach the page but not its out-of-process frames).
    ...(mobile || s.lockWindowSize === 1
      ? {
          metrics: {
            width,
            height: mobile ? height : height - screen.insetTop - screen.insetBottom - 85,
            deviceScaleFactor: screen.devicePixelRatio,
            mobile,
            // A locked desktop window keeps the native screen; a phone's is emulated.
            ...(mobile ? { screenWidth: width, screenHeight: height } : {}),
          },
        }
      : {}),
    pageScripts,
    ...(noiseScript ? { workerScript: noiseScript } : {}),
    touch: mobile,
    ...(platform === 'win32' && o.timezone ? { timezoneOverride: o.timezone } : {}),
    ...(geolocation ? { geolocation } : {}),
    blockVideo: s.disableVideo === 1,
    reopenRestored: s.restoreOnStartup === 1,
  };
}

/** The tabs a start opens: the start pages, the check page (forceCheckPage), else a blank tab. */
export function startTabs(startPages: readonly string[], forceCheckPage: number): string[] {
  const pages = [...startPages];
  if (forceCheckPage === 1) pages.push(CHECK_PAGE);
  if (pages.length === 0) pages.push('about:blank');
  return pages;
}

const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };
const WORKER_TYPES = new Set(['worker', 'shared_worker', 'service_worker']);

/**
 * Auto-attach to every target with waitForDebuggerOnStart, and the environment's cookies in.
 * Resolves with the opener of the start tabs: they open once the caller has its answer.
 */
export async function instrumentTargets(
  cdp: CdpConnection,
  setup: TargetSetup,
  options: { cookies: readonly StoredCookie[]; debug?: boolean },
): Promise<(pages: readonly string[]) => Promise<void>> {
  const debug = options.debug ?? false;
  const ready = new Map<string, Promise<void>>();
  const sessions = new Map<string, string>();
  // The sessions whose paused requests are answered (Disable_video).
  const blocking = new Set<string>();
  if (setup.blockVideo) answerPausedRequests(cdp, blocking);

  // Nothing here enables Runtime or Console on a page: a page cannot tell it is attached.
  const onPage = async (sessionId: string) => {
    const calls: Promise<unknown>[] = [cdp.send('Target.setAutoAttach', AUTO_ATTACH, sessionId)];
    if (setup.userAgentOverride) {
      calls.push(cdp.send('Emulation.setUserAgentOverride', setup.userAgentOverride, sessionId));
    }
    if (setup.metrics) {
      calls.push(cdp.send('Emulation.setDeviceMetricsOverride', setup.metrics, sessionId));
    }
    const scripts = setup.pageScripts;
    if (scripts.length > 0) {
      // Page.enable keeps the new-document scripts across cross-process navigations.
      calls.push(
        cdp
          .send('Page.enable', {}, sessionId)
          .then(() =>
            Promise.all(
              scripts.map((script) =>
                cdp.send('Page.addScriptToEvaluateOnNewDocument', { ...script }, sessionId),
              ),
            ),
          ),
      );
    }
    if (setup.touch) {
      calls.push(
        cdp.quiet(
          'Emulation.setTouchEmulationEnabled',
          { enabled: true, maxTouchPoints: 5 },
          sessionId,
        ),
      );
    }
    if (setup.timezoneOverride) {
      calls.push(
        cdp.quiet(
          'Emulation.setTimezoneOverride',
          { timezoneId: setup.timezoneOverride },
          sessionId,
        ),
      );
    }
    if (setup.geolocation) {
      calls.push(cdp.quiet('Emulation.setGeolocationOverride', setup.geolocation, sessionId));
    }
    if (setup.blockVideo) {
      blocking.add(sessionId);
      calls.push(blockVideo(cdp, sessionId));
    }
    await Promise.all(calls);
  };

  const onWorker = async (sessionId: string, type: string) => {
    const calls: Promise<unknown>[] = [cdp.quiet('Target.setAutoAttach', AUTO_ATTACH, sessionId)];
    // A worker's own requests (fetch, XHR, imports) pass through its own session.
    if (setup.blockVideo) {
      blocking.add(sessionId);
      calls.push(blockVideo(cdp, sessionId));
    }
    // Dedicated workers only: a shared or service worker never answers Runtime.evaluate while
    // it waits for the debugger (Chromium 156), so the opt-in noise does not reach them.
    if (setup.workerScript && type === 'worker') {
      calls.push(
        cdp.quiet('Runtime.evaluate', { expression: setup.workerScript, silent: true }, sessionId),
      );
    }
    if (setup.timezoneOverride) {
      calls.push(
        cdp.quiet(
          'Emulation.setTimezoneOverride',
          { timezoneId: setup.timezoneOverride },
          sessionId,
        ),
      );
    }
    await Promise.all(calls);
  };

  /**
   * restore_on_startup: Chromium brings last session's tabs back when the first start tab opens
   * its window, but such a tab has no renderer until it runs, and answers Page.enable only then
   * (Chromium 156): it cannot get the page scripts before its first document. So each one is
   * closed before it runs and its page opened again in a new tab, set up like any other. Only
   * while the start tabs open: a tab the user's script creates with a URL later is theirs.
   */
  const restored: string[] = [];
  let opening = false;
  const restoredTab = ({ targetInfo, waitingForDebugger }: AttachedTarget) =>
    setup.reopenRestored &&
    opening &&
    waitingForDebugger &&
    targetInfo.type === 'page' &&
    !targetInfo.openerId &&
    targetInfo.url !== '' &&
    targetInfo.url !== 'about:blank';

  cdp.on('event', (event: CdpEvent) => {
    if (event.method !== 'Target.attachedToTarget') return;
    const params = event.params as unknown as AttachedTarget;
    const { sessionId, targetInfo } = params;
    if (restoredTab(params)) {
      // Never run: closed while it waits, and opened again like a start page.
      restored.push(params.targetInfo.url);
      void cdp.quiet('Target.closeTarget', { targetId: targetInfo.targetId });
      return;
    }
    if (debug)
      console.error(`[cdp] attached ${targetInfo.type} waiting=${params.waitingForDebugger}`);
    const task = (async () => {
      try {
        if (targetInfo.type === 'page' || targetInfo.type === 'iframe') await onPage(sessionId);
        else if (WORKER_TYPES.has(targetInfo.type)) await onWorker(sessionId, targetInfo.type);
      } catch (error) {
        if (debug) console.error(`[cdp] ${targetInfo.type}:`, error);
        if (!(error instanceof CdpError)) throw error;
      } finally {
        if (params.waitingForDebugger) {
          await cdp.quiet('Runtime.runIfWaitingForDebugger', {}, sessionId);
        }
      }
    })();
    ready.set(targetInfo.targetId, task);
    sessions.set(targetInfo.targetId, sessionId);
  });

  await cdp.send('Target.setAutoAttach', AUTO_ATTACH);
  if (options.cookies.length > 0) {
    await cdp.quiet('Storage.setCookies', { cookies: options.cookies.map(toCdpCookie) });
  }
  const openTab = async (url: string) => {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
    });
    if (url === 'about:blank') return;
    // The new tab's overrides are in place before it loads anything.
    await until(() => ready.has(targetId), 5000);
    await ready.get(targetId);
    const sessionId = sessions.get(targetId);
    if (sessionId) await cdp.quiet('Page.navigate', { url }, sessionId);
  };
  // The first tab takes the first start page; last session's tabs (if any) come after them.
  return async (pages) => {
    opening = true;
    try {
      for (const url of pages) await openTab(url);
      for (let i = 0; i < restored.length; i++) await openTab(restored[i]!);
    } finally {
      opening = false;
    }
  };
}

interface AttachedTarget {
  sessionId: string;
  targetInfo: { targetId: string; type: string; url: string; openerId?: string };
  waitingForDebugger: boolean;
}

/**
 * The browser's cookies at the end: stored with saveCookiesOnExit 1, else cleared. A browser that
 * does not answer within 2 s is going away anyway.
 */
export async function takeCookiesOut(
  cdp: CdpConnection,
  saveCookie: number,
  save: (cookies: StoredCookie[]) => void,
): Promise<void> {
  try {
    if (saveCookie === 1) {
      const { cookies } = await withTimeout(
        cdp.send<{ cookies: CdpCookie[] }>('Storage.getCookies'),
        2000,
      );
      save(cookies.map(fromCdpCookie));
    } else {
      await withTimeout(cdp.send('Storage.clearCookies'), 2000);
    }
  } catch {
    // the browser is going away anyway
  }
}

export const toCdpCookie = (cookie: StoredCookie) => ({
  name: cookie.name,
  value: cookie.value,
  domain: cookie.domain,
  path: cookie.path,
  secure: cookie.secure,
  httpOnly: cookie.httpOnly,
  ...(cookie.expires > 0 ? { expires: cookie.expires } : {}),
  ...(cookie.sameSite ? { sameSite: cookie.sameSite } : {}),
});

/** A cookie as Storage.getCookies gives it. */
export interface CdpCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  session: boolean;
  sameSite?: string;
}

export const fromCdpCookie = (cookie: CdpCookie): StoredCookie => ({
  name: cookie.name,
  value: cookie.value,
  domain: cookie.domain,
  path: cookie.path,
  expires: cookie.session || cookie.expires <= 0 ? -1 : Math.floor(cookie.expires),
  httpOnly: cookie.httpOnly,
  secure: cookie.secure,
  ...(cookie.sameSite ? { sameSite: cookie.sameSite as SameSite } : {}),
});

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);
}
