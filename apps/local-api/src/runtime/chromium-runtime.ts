/**
 * The browser runtime: one isolated Chromium process tree per running environment, with its own
 * profile folder, DevTools port, proxy forwarder, fingerprint, locale, cookies, start pages,
 * extensions and script. This file only composes the parts:
 *
 * - launch.ts: the command line and environment variables (pure); prepare-launch.ts writes the
 *   profile and assembles them with what each target gets;
 * - proxy-launch.ts: the forwarder, the probe and the exit lookup at start;
 * - supervisor.ts: the process, its DevTools port, stop/kill, -12, the `<data>/run/` state files;
 * - instrument.ts: every target's overrides, cookies in and out, the start tabs;
 * - proxy-watch.ts: a running environment's proxy (stopOnProxyError, -13).
 */
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { BrowserCodes } from '@hainiao/contract';
import type { BrowserResult, BrowserRuntime, LaunchPlan, RunningBrowser } from './browser.ts';
import { discoverBrowser, type BrowserInstall } from './launch/discovery.ts';
import { checkPluginFolders, loadExtensions, loadsOverDevTools } from './profile/extensions.ts';
import { fingerprintStore, warmUpGenerator } from './fingerprint/fingerprint.ts';
import { fontLeversNotice } from './fingerprint/font-levers.ts';
import { instrumentTargets, startTabs } from './devtools/instrument.ts';
import { watchLastWindow, type LastWindowWatch } from './launch/last-window.ts';
import { displayMode, displaySize, missingDisplay, proxySpecOf } from './launch/launch.ts';
import { fontFamilies } from './fingerprint/machine.ts';
import { prepareLaunch } from './launch/prepare-launch.ts';
import { BROWSING_DATA_PATHS, removePaths } from './profile/profile.ts';
import { DEFAULT_IP_LOOKUP_URL } from './proxy/proxy-check.ts';
import { openProxy } from './proxy/proxy-launch.ts';
import { watchProxy } from './proxy/proxy-watch.ts';
import { hostKeyFileOf, type Forwarder } from './proxy/proxy.ts';
import { runningInfo } from './running-info.ts';
import { CookiePushError, runningCookies, type RunningCookies } from './profile/running-cookies.ts';
import {
  endPreviousRun,
  launchQueue,
  LaunchFailure,
  spawnBrowser,
  type BrowserProcess,
} from './launch/supervisor.ts';
import { findXvfb, virtualDisplay, type DisplayLease } from './launch/virtual-display.ts';

const B = BrowserCodes.code;

export interface ChromiumRuntimeOptions {
  db: SQLite.Database;
  dataDir: string;
  /** --browser-path (else HAINIAO_BROWSER_PATH, else the usual locations). */
  browserPath?: string;
  /** The IP-lookup endpoint (automaticConfigure 1, checkProxy 1). */
  ipLookupUrl?: string;
  proxyCheckTimeoutMs?: number;
  /** How often a running environment's upstream proxy is probed (stopOnProxyError). */
  proxyProbeIntervalMs?: number;
  /** Launches at the same time (default: the number of CPUs, at least 2). */
  launchConcurrency?: number;
  /** Accept self-signed certificates of HTTPS proxies (tests). */
  insecureUpstreamTls?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Time allowed for a browser to come up (its DevTools port) and to close. */
  launchTimeoutMs?: number;
  closeTimeoutMs?: number;
}

interface Running {
  info: RunningBrowser;
  proc: BrowserProcess;
  forwarder?: Forwarder | undefined;
  stopWatch?: () => void;
  /** A windowed browser: its last window closed by the user ends it here (last-window.ts). */
  lastWindow?: LastWindowWatch;
  plan: LaunchPlan;
  /** Its jar kept in step with the store (running-cookies.ts). */
  cookies: RunningCookies;
  /** Its use of the service's own display (a window on Linux without one). */
  display?: DisplayLease | undefined;
}

/**
 * Runs the start's writes of the environment's folder (profile, preferences, fonts): a file system
 * that refuses them (a damaged data folder, no space, no permission) is -1, init data failed.
 */
function initData<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException).syscall === 'string') {
      throw new LaunchFailure(B.INIT_DATA_FAILED, (error as Error).message);
    }
    throw error;
  }
}

export function chromiumRuntime(options: ChromiumRuntimeOptions): BrowserRuntime & {
  /** The browser found (or why none), for the service's start-up line. */
  browser(): Promise<BrowserInstall>;
} {
  const env = options.env ?? process.env;
  const debug = Boolean(env.HAINIAO_DEBUG_CDP);
  const fingerprints = fingerprintStore(options.db);
  const runDir = path.join(options.dataDir, 'run');
  const envsDir = path.join(options.dataDir, 'sessions');
  const running = new Map<string, Running>();
  const starting = new Set<string>();
  // stopAll ends the login: starts asked for before it that have not launched yet are dropped
  // (-17), and those launching are waited for and ended, or their browser and display would
  // outlive the service.
  let generation = 0;
  const launching = new Set<Promise<unknown>>();
  const conditions = new Map<string, number>();
  const queue = launchQueue(options.launchConcurrency ?? Math.max(2, os.cpus().length));
  const launchTimeout = options.launchTimeoutMs ?? 30_000;
  // A closing browser writes its session and profile first; on a busy machine that outlasts a few
  // seconds, and a stop that gives up early answers -19 and loses the session (docs/browser-runtime.md).
  const closeTimeout = options.closeTimeoutMs ?? 20_000;
  const lookupUrl = options.ipLookupUrl ?? env.HAINIAO_IP_LOOKUP ?? DEFAULT_IP_LOOKUP_URL;
  let discovered: Promise<BrowserInstall> | undefined;
  const browser = () => {
    discovered ??= discoverBrowser(options.browserPath, env);
    // A failed discovery is retried at the next start (the user may install a browser).
    discovered.catch(() => (discovered = undefined));
    return discovered;
  };

  endPreviousRun(runDir, envsDir);
  const display = virtualDisplay({ runDir, env });
  warmUpGenerator();
  // Windows, macOS: FingerPrint_Setting's font flags do nothing there, said once (font-levers.ts).
  const fonts = fontLeversNotice();
  if (fonts) console.warn(`${fonts.en}\n${fonts.zh}`);
  // Find the browser (and its driver) and the fonts now, not at the first start.
  setTimeout(() => {
    browser().catch(() => undefined);
    fontFamilies();
  }, 0).unref();

  function finish(id: string, entry: Running, condition?: number): void {
    if (running.get(id) !== entry) return;
    running.delete(id);
    if (condition !== undefined) conditions.set(id, condition);
    entry.stopWatch?.();
    entry.lastWindow?.stop();
    entry.proc.dispose();
    void entry.forwarder?.close();
    void entry.display?.release();
    if (entry.plan.environment.settings.clearOnExit === 1) {
      removePaths(path.join(envsDir, id, 'profile'), BROWSING_DATA_PATHS);
    }
    entry.plan.onEnded?.();
  }

  const saveCookies = (entry: Running) =>
    entry.cookies.takeOut(entry.plan.environment.settings.saveCookiesOnExit, (jar, base) =>
      entry.plan.saveCookies(jar, base),
    );

  async function launch(plan: LaunchPlan): Promise<RunningBrowser> {
    const record = plan.environment;
    const id = record.id;
    const s = record.settings;
    let install: BrowserInstall;
    try {
      install = await browser();
    } catch (error) {
      throw new LaunchFailure(B.START_BROWSER_FAILED, (error as Error).message);
    }
    const mode = displayMode(plan.headless, plan.args, env);
    const noDisplay = missingDisplay(mode, findXvfb(env));
    if (noDisplay) throw new LaunchFailure(B.START_BROWSER_FAILED, noDisplay);
    // A plugin missing from the library is -3 before anything starts.
    const plugins = checkPluginFolders(plan.plugins);
    const t0 = Date.now();
    const mark = (what: string) => {
      if (debug) console.error(`[timing] ${what} ${Date.now() - t0} ms`);
    };
    const envDir = path.join(envsDir, id);
    const fingerprint = fingerprints.ensure(record, fontFamilies());
    const spec = proxySpecOf(record);
    // The display comes up while the proxy opens and the profile is written (its own process).
    const leasing =
      mode === 'own'
        ? display.acquire(displaySize(fingerprint.screen))
        : Promise.resolve(undefined);
    // Its failure (-2) is the start's answer once awaited, not an unhandled rejection meanwhile.
    leasing.catch(() => undefined);
    let opened: Awaited<ReturnType<typeof openProxy>>;
    try {
      opened = await openProxy(spec, s, {
        insecureUpstreamTls: options.insecureUpstreamTls ?? false,
        // SSH: the server's host key, pinned on first use (proxy.ts).
        hostKeyFile: hostKeyFileOf(envsDir, id),
        lookupUrl,
        lookupTimeoutMs: options.proxyCheckTimeoutMs ?? 10_000,
      });
    } catch (error) {
      void leasing.then(
        (lease) => lease?.release(),
        () => undefined,
      );
      throw error;
    }
    const { forwarder, exit } = opened;
    let owned = forwarder; // closed on the way out unless a running entry took it
    let lease: DisplayLease | undefined; // likewise released
    let leased = false;
    try {
      const prepared = initData(() =>
        prepareLaunch({
          plan,
          install,
          fingerprint,
          envDir,
          exit,
          forwarderPort: forwarder?.port,
          mode,
          env,
        }),
      );
      lease = await leasing.finally(() => (leased = true));
      const { profile, setup, locale, userAgent, userPort } = prepared;
      // The display is the browser's alone: the service's own environment stays as it is.
      const command = lease
        ? { ...prepared.command, env: { ...prepared.command.env, ...lease.env } }
        : prepared.command;
      mark('spawn');
      const proc = spawnBrowser({
        executable: install.path,
        args: command.args,
        env: command.env,
        stateFile: path.join(runDir, `${id}.json`),
        marker: `--user-data-dir=${profile}`,
        profile,
      });
      const info = runningInfo({
        plan,
        install,
        pid: proc.child.pid ?? 0,
        startedAt: Date.now(),
        envDir,
        proxied: spec !== undefined,
        exit,
        locale,
        userAgent,
        screen: fingerprint.screen,
        commandArgs: command.args,
      });
      const entry: Running = {
        info,
        proc,
        forwarder,
        plan,
        cookies: runningCookies(proc.cdp),
        display: lease,
      };
      // The DevTools port and the targets' set-up at once: the pipe takes commands before the
      // browser has finished starting.
      let openTabs: () => Promise<void> = async () => {};
      try {
        await Promise.all([
          // A client's Browser.close (Puppeteer's browser.close()) saves the cookies first.
          proc
            .devToolsPort(launchTimeout, {
              userPort,
              beforeClose: () => saveCookies(entry),
              raw: plan.rawDevTools,
              // A client's page sessions get the environment's user agent override too, or the
              // renderer shows the machine's navigator.platform once the client attaches.
              pageSessionSetup: setup.userAgentOverride
                ? [{ method: 'Emulation.setUserAgentOverride', params: setup.userAgentOverride }]
                : [],
            })
            .then((port) => {
              info.cdpPort = port;
              mark('port');
            }),
          instrumentTargets(proc.cdp, setup, {
            // StartClearCookies 1: a start without cookies, the environment's stored ones too.
            cookies: s.clearCookiesOnStart === 1 ? [] : record.cookies,
            debug,
          }).then(
            (open) => void (openTabs = () => open(startTabs(plan.startPages, s.forceCheckPage))),
            (error: Error) => {
              throw error instanceof LaunchFailure
                ? error
                : new LaunchFailure(B.CDP_INIT_FAILED, error.message);
            },
          ),
        ]);
        mark('targets');
        // The jar as the start left it, read while the answer goes out (it waits for the browser's
        // cookie store to load). Nothing can change the jar before this read: the start tabs and a
        // client's commands reach the browser on the same pipe after it, and the store applies
        // changes in the order asked.
        void entry.cookies.start();
        // Counted only once running; one that is not closes the browser again (-4).
        info.pluginIds = await loadExtensions(proc.cdp, plugins, {
          overDevTools: loadsOverDevTools(install.major),
        }).catch((error: Error) => {
          throw error instanceof LaunchFailure
            ? error
            : new LaunchFailure(B.CDP_INIT_FAILED, error.message);
        });
        mark('extensions');
      } catch (error) {
        proc.ending = true;
        proc.dispose();
        throw error;
      }
      running.set(id, entry);
      owned = undefined;
      lease = undefined;
      if (proc.hasExited()) {
        finish(id, entry, B.BROWSER_EXITED);
        throw new LaunchFailure(B.BROWSER_EXITED, 'the browser exited at start');
      }
      proc.onExit((condition) => finish(id, entry, condition));
      if (forwarder && spec && s.stopOnProxyError === 1) {
        entry.stopWatch = watchProxy({
          spec,
          forwarder,
          intervalMs: options.proxyProbeIntervalMs ?? 5000,
          active: () => !proc.ending && running.get(id) === entry,
          onDown: async () => {
            proc.ending = true;
            await saveCookies(entry);
            finish(id, entry, B.CONNECTION_FAILED);
          },
        });
      }
      if (!plan.headless) {
        entry.lastWindow = watchLastWindow(proc.cdp, () => void end(id, true));
      }
      // The tabs open once the caller has its answer; then a window closed by the user is noticed.
      openTabs()
        .catch(() => undefined)
        .finally(() => entry.lastWindow?.arm());
      return info;
    } finally {
      await owned?.close();
      // A display still coming up when the start failed is given back once it is up.
      if (!leased)
        void leasing.then(
          (late) => late?.release(),
          () => undefined,
        );
      await lease?.release();
    }
  }

  /** Stops or kills one browser; `condition` is what its status reads afterwards (-17 at logout). */
  async function end(id: string, graceful: boolean, condition?: number): Promise<BrowserResult> {
    conditions.delete(id);
    const entry = running.get(id);
    if (!entry) return { status: B.SUCCESS };
    entry.proc.ending = true;
    await saveCookies(entry);
    const ended = graceful
      ? await entry.proc.close(closeTimeout)
      : await entry.proc.kill(closeTimeout);
    finish(id, entry);
    // Set after finish: the exit listener may have finished the entry already, without a condition.
    if (condition !== undefined) conditions.set(id, condition);
    if (ended) return { status: B.SUCCESS };
    return { status: graceful ? B.CLOSE_FAILED : B.FORCE_CLOSE_FAILED };
  }

  return {
    browser,
    running: (id) => running.get(id)?.info,
    runningIds: () => [...running.keys()],
    condition: (id) => (starting.has(id) && !running.has(id) ? B.ENV_QUEUED : conditions.get(id)),
    async start(plan) {
      const id = plan.environment.id;
      if (running.has(id)) return { status: B.ENV_RUNNING, running: running.get(id)!.info };
      if (starting.has(id)) return { status: B.ENV_QUEUED };
      starting.add(id);
      conditions.delete(id);
      const asked = generation;
      const attempt = queue(() => {
        if (generation !== asked) {
          throw new LaunchFailure(
            B.LOGOUT_EXIT,
            `${BrowserCodes.message(B.LOGOUT_EXIT, 'en')} | ${BrowserCodes.message(B.LOGOUT_EXIT, 'zh')}`,
          );
        }
        return launch(plan);
      });
      launching.add(attempt);
      try {
        const info = await attempt;
        return { status: B.SUCCESS, running: info };
      } catch (error) {
        if (error instanceof LaunchFailure) return { status: error.status, reason: error.message };
        return { status: B.START_BROWSER_FAILED, reason: (error as Error).message };
      } finally {
        launching.delete(attempt);
        starting.delete(id);
      }
    },
    stop: (id) => end(id, true),
    kill: (id) => end(id, false),
    async pushCookies(id, change) {
      const entry = running.get(id);
      if (entry) return entry.cookies.push(change);
      if (starting.has(id)) throw new CookiePushError('starting');
      return false;
    },
    async stopAll() {
      generation += 1;
      await Promise.allSettled([...launching]);
      // Every caller ends the browsers because the login ends (logout, an expired lease, a switch
      // of account, quit): their status then reads -17, logout exit (BrowserCodes.LOGOUT_EXIT).
      await Promise.all([...running.keys()].map((id) => end(id, true, B.LOGOUT_EXIT)));
      // The service's display ends with its last browser: gone before the service is.
      await display.settled();
    },
  };
}
