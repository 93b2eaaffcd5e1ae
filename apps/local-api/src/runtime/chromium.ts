/**
 * The browser runtime: one isolated Chromium process tree per running environment, with its own
 * profile folder, DevTools port, proxy forwarder, fingerprint, locale, cookies, start pages,
 * extensions and script.
 *
 * - Launch: the browser gets `--remote-debugging-port=0` for the user's Puppeteer, Playwright or
 *   Selenium (the port is read from its "DevTools listening" line, so two environments never race
 *   for one) and `--remote-debugging-pipe` for the service itself. Through the pipe the service
 *   auto-attaches to every target (pages the user opens later, popups, iframes, workers) with
 *   waitForDebuggerOnStart, applies the fingerprint, then lets the target run.
 * - Control: stop closes the browser through the pipe (after saving cookies), kill ends the
 *   process group; an exit the service did not ask for is noticed at once (-12) and the
 *   environment's forwarder is closed.
 * - Crash safety: a closed pipe makes Chromium quit, so a killed service takes its browsers along;
 *   each running browser also has a state file under `<data>/run/`, and a new service ends
 *   whatever a previous one left there.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type SQLite from 'better-sqlite3';
import { BrowserCodes, chromiumUiLocale, isMobileSystem } from '@hainiao/contract';
import type { EnvironmentRecord } from '../store/environments.ts';
import { formatTime } from '../util/time.ts';
import type { BrowserResult, BrowserRuntime, LaunchPlan, RunningBrowser } from './browser.ts';
import { CdpError, PipeConnection, type CdpEvent } from './cdp.ts';
import type { SameSite, StoredCookie } from './cookies.ts';
import { BrowserNotFound, discoverBrowser, type BrowserInstall } from './discovery.ts';
import {
  engineUserAgent,
  fingerprintStore,
  productBrand,
  userAgentMetadata,
  warmUpGenerator,
  type Engine,
  type StoredFingerprint,
} from './fingerprint.ts';
import { fingerprintFlags, injectionConfig, injectionScript } from './inject.ts';
import { pageOnlyValues } from './host.ts';
import { launchCommand } from './launch.ts';
import {
  BROWSING_DATA_PATHS,
  callerArgs,
  prepareProfile,
  removePaths,
  settingPreferences,
  writeFontConfig,
  writePreferences,
} from './profile.ts';
import { DEFAULT_IP_LOOKUP_URL, lookupExit, type ExitInfo } from './proxy-check.ts';
import {
  probeUpstream,
  startForwarder,
  usesProxy,
  type Forwarder,
  type ProxySpec,
} from './proxy.ts';

const B = BrowserCodes.code;

export interface ChromiumRuntimeOptions {
  db: SQLite.Database;
  dataDir: string;
  /** --browser-path (else HAINIAO_BROWSER_PATH, else the usual locations). */
  browserPath?: string;
  /** The IP-lookup endpoint (Automatic_Configure 1, Is_CheckProxy 1). */
  ipLookupUrl?: string;
  proxyCheckTimeoutMs?: number;
  /** How often a running environment's upstream proxy is probed (NetError_StopChrome). */
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
  child: ChildProcess;
  cdp: PipeConnection;
  forwarder?: Forwarder;
  probe?: NodeJS.Timeout;
  record: EnvironmentRecord;
  plan: LaunchPlan;
  /** Set while the service itself ends the browser (stop, kill, quit). */
  ending: boolean;
  exited: Promise<void>;
  stateFile: string;
}

class LaunchFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const isWindows = process.platform === 'win32';

/** Ends a process tree: the process group on Linux and macOS, taskkill /T on Windows. */
export function killTree(pid: number): void {
  try {
    if (isWindows) execFileSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    else process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Process ids whose command line names `marker` (Linux; elsewhere the state files suffice). */
function processesWith(marker: string): number[] {
  if (process.platform !== 'linux') return [];
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker))
        found.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

let installedFonts: string[] | undefined;
function fontFamilies(): string[] {
  if (installedFonts) return installedFonts;
  try {
    installedFonts = [
      ...new Set(
        execFileSync('fc-list', [':', 'family'], { encoding: 'utf8', timeout: 5000 })
          .split('\n')
          .map((line) => line.split(',')[0]!.trim())
          .filter(Boolean),
      ),
    ].sort();
  } catch {
    installedFonts = [];
  }
  return installedFonts;
}

/** The first non-internal IPv4 address of this machine (Internel_ip). */
function lanAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const address of list ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}

/** navigator.languages for a language code: 'de-DE' → de-DE, de, en (Chrome adds the q values). */
export function languageList(code: string): string[] {
  const base = code.split('-')[0] ?? code;
  const list = [code];
  if (base !== code) list.push(base);
  if (base !== 'en') list.push('en-US', 'en');
  return list;
}

const toCdpCookie = (cookie: StoredCookie) => ({
  name: cookie.name,
  value: cookie.value,
  domain: cookie.domain,
  path: cookie.path,
  secure: cookie.secure,
  httpOnly: cookie.httpOnly,
  ...(cookie.expires > 0 ? { expires: cookie.expires } : {}),
  ...(cookie.sameSite ? { sameSite: cookie.sameSite } : {}),
});

interface CdpCookie {
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

const fromCdpCookie = (cookie: CdpCookie): StoredCookie => ({
  name: cookie.name,
  value: cookie.value,
  domain: cookie.domain,
  path: cookie.path,
  expires: cookie.session || cookie.expires <= 0 ? -1 : Math.floor(cookie.expires),
  httpOnly: cookie.httpOnly,
  secure: cookie.secure,
  ...(cookie.sameSite ? { sameSite: cookie.sameSite as SameSite } : {}),
});

/** A check page for forcembpoint: what sites see of this environment. */
const CHECK_PAGE =
  'data:text/html;charset=utf-8,' +
  encodeURIComponent(`<!doctype html><title>Hainiao fingerprint check</title>
<style>body{font:14px system-ui;margin:2em}td{padding:2px 12px;border-bottom:1px solid #ddd}</style>
<h1>Hainiao fingerprint check</h1><table id=t></table><script>
const gl=document.createElement('canvas').getContext('webgl');const dbg=gl&&gl.getExtension('WEBGL_debug_renderer_info');
const rows={'User agent':navigator.userAgent,'Platform':navigator.platform,'Languages':navigator.languages.join(', '),
'Time zone':Intl.DateTimeFormat().resolvedOptions().timeZone,'Screen':screen.width+'x'+screen.height,
'CPU cores':navigator.hardwareConcurrency,'Memory (GB)':navigator.deviceMemory,
'WebGL vendor':dbg?gl.getParameter(dbg.UNMASKED_VENDOR_WEBGL):'','WebGL renderer':dbg?gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL):'',
'Webdriver':String(navigator.webdriver)};
for(const [k,v] of Object.entries(rows)){const tr=t.insertRow();tr.insertCell().textContent=k;tr.insertCell().textContent=v;}
</script>`);

/** Runs `task` with at most `limit` at once; `waiting(id)` tells who waits for a slot. */
function launchQueue(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async function <T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      queue.shift()?.();
    }
  };
}

export function chromiumRuntime(options: ChromiumRuntimeOptions): BrowserRuntime & {
  /** The browser found (or why none), for the service's start-up line. */
  browser(): Promise<BrowserInstall>;
} {
  const env = options.env ?? process.env;
  const fingerprints = fingerprintStore(options.db);
  const runDir = path.join(options.dataDir, 'run');
  const sessionsDir = path.join(options.dataDir, 'sessions');
  const running = new Map<string, Running>();
  const starting = new Set<string>();
  const conditions = new Map<string, number>();
  const queue = launchQueue(options.launchConcurrency ?? Math.max(2, os.cpus().length));
  const launchTimeout = options.launchTimeoutMs ?? 30_000;
  const closeTimeout = options.closeTimeoutMs ?? 5_000;
  const lookupUrl = options.ipLookupUrl ?? env.HAINIAO_IP_LOOKUP ?? DEFAULT_IP_LOOKUP_URL;
  let discovered: Promise<BrowserInstall> | undefined;
  const browser = () => {
    discovered ??= discoverBrowser(options.browserPath, env);
    // A failed discovery is retried at the next start (the user may install a browser).
    discovered.catch(() => (discovered = undefined));
    return discovered;
  };

  cleanUpPreviousRun();
  warmUpGenerator();
  // Find the browser (and its driver) and the fonts now, not at the first start.
  setTimeout(() => {
    browser().catch(() => undefined);
    fontFamilies();
  }, 0).unref();

  /** Ends the browsers a previous (killed) service left, and forgets their state files. */
  function cleanUpPreviousRun(): void {
    fs.mkdirSync(runDir, { recursive: true });
    for (const name of fs.readdirSync(runDir)) {
      const file = path.join(runDir, name);
      try {
        const state = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; profile: string };
        if (state.pid && alive(state.pid)) {
          const cmdline =
            process.platform === 'linux'
              ? fs.readFileSync(`/proc/${state.pid}/cmdline`, 'utf8')
              : state.profile;
          if (cmdline.includes(state.profile)) killTree(state.pid);
        }
      } catch {
        // unreadable state: nothing to end
      }
      fs.rmSync(file, { force: true });
    }
    for (const pid of processesWith(`--user-data-dir=${sessionsDir}${path.sep}`)) killTree(pid);
  }

  function finish(id: string, entry: Running, condition?: number): void {
    if (running.get(id) !== entry) return;
    running.delete(id);
    if (condition !== undefined) conditions.set(id, condition);
    if (entry.probe) clearInterval(entry.probe);
    entry.cdp.close();
    void entry.forwarder?.close();
    if (entry.child.pid) killTree(entry.child.pid);
    fs.rmSync(entry.stateFile, { force: true });
    if (entry.record.settings.Exit_ClearChrome === 1) {
      removePaths(path.join(sessionsDir, id, 'profile'), BROWSING_DATA_PATHS);
    }
  }

  async function saveCookies(entry: Running): Promise<void> {
    const settings = entry.record.settings;
    try {
      if (settings.Exit_SaveCookie === 1) {
        const { cookies } = await withTimeout(
          entry.cdp.send<{ cookies: CdpCookie[] }>('Storage.getCookies'),
          2000,
        );
        entry.plan.saveCookies(cookies.map(fromCdpCookie));
      } else {
        await withTimeout(entry.cdp.send('Storage.clearCookies'), 2000);
      }
    } catch {
      // the browser is going away anyway
    }
  }

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
    if (!plan.headless && process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
      throw new LaunchFailure(
        B.START_BROWSER_FAILED,
        'No display for a browser window: start with isHeadless 1, or run the service under a ' +
          'display (e.g. xvfb-run)',
      );
    }
    const t0 = Date.now();
    const mark = (what: string) => {
      if (env.HAINIAO_DEBUG_CDP) console.error(`[timing] ${what} ${Date.now() - t0} ms`);
    };
    const engine: Engine = {
      major: install.major,
      version: install.version,
      product: productBrand(install.path),
    };
    const sessionDir = path.join(sessionsDir, id);
    const profile = path.join(sessionDir, 'profile');
    const flags = fingerprintFlags(s.FingerPrint_Setting);
    const fingerprint = fingerprints.ensure(record, fontFamilies());

    // The proxy: a forwarder that holds the credentials, and the exit's locale when asked.
    let forwarder: Forwarder | undefined;
    let exit: ExitInfo | undefined;
    const spec: ProxySpec | undefined = usesProxy(record.proxyType)
      ? {
          type: record.proxyType,
          host: record.proxyIp,
          port: s.Proxy_Port,
          username: s.Proxy_Username,
          password: s.Proxy_Password,
          country: s.CountryCode,
          city: s.CityCode,
          region: s.RegionCode,
          sessionKey: id,
        }
      : undefined;
    try {
      if (spec) {
        try {
          forwarder = await startForwarder(spec, {
            insecureUpstreamTls: options.insecureUpstreamTls ?? false,
            // SSH: the server's host key, pinned on first use (proxy.ts).
            hostKeyFile: path.join(sessionDir, 'ssh_host_key'),
          });
        } catch (error) {
          throw new LaunchFailure(B.CONNECTION_FAILED, `proxy: ${(error as Error).message}`);
        }
      }
      if (
        spec &&
        s.NetError_StopChrome === 1 &&
        spec.type !== 'SSH' &&
        !(await probeUpstream(spec))
      ) {
        throw new LaunchFailure(
          B.CONNECTION_FAILED,
          `proxy ${spec.host}:${spec.port} does not accept connections`,
        );
      }
      if (s.Automatic_Configure === 1 || (spec && s.Is_CheckProxy === 1)) {
        try {
          exit = await lookupExit(
            lookupUrl,
            forwarder?.port,
            options.proxyCheckTimeoutMs ?? 10_000,
          );
        } catch (error) {
          if (spec && s.NetError_StopChrome === 1) {
            throw new LaunchFailure(
              B.CONNECTION_FAILED,
              `proxy check failed: ${(error as Error).message}`,
            );
          }
        }
      }
      const auto = s.Automatic_Configure === 1 && exit;
      const timezone = (auto && exit?.timezone) || s.TimeZone || '';
      const language = (auto && exit?.language) || s.LanguageCode || 'en-US';
      const languages = languageList(language);
      const accept = languages.join(',');
      // --lang sets the Intl locale of pages and workers alike, when the browser has its pack;
      // without one the locale stays the browser's own (a page-only override would differ from
      // the workers').
      const uiLocale = chromiumUiLocale(language) ?? 'en-US';
      const hasPack = fs.existsSync(
        path.join(path.dirname(install.path), 'locales', `${uiLocale}.pak`),
      );
      const userAgent = engineUserAgent(record.userAgent, engine);
      const metadata = userAgentMetadata(fingerprint, engine);

      prepareProfile(profile, s);
      writePreferences(profile, settingPreferences(s, accept));
      const fontConfig = writeFontConfig(sessionDir, {
        hidden: flags.fonts ? fingerprint.hiddenFonts : [],
        ...(flags.fonts ? { families: fingerprint.families } : {}),
        ...(flags.canvas ? { rendering: fingerprint.rendering } : {}),
      });
      const extra = callerArgs(plan.args);
      const userPort = extra.find((arg) => arg.startsWith('--remote-debugging-port='));
      const pluginDirs = plan.plugins
        .map((plugin) => plugin.dir)
        .filter((dir) => fs.existsSync(dir));
      const command = launchCommand({
        record,
        fingerprint,
        headless: plan.headless,
        profile,
        userAgent,
        language,
        languages,
        uiLocale: hasPack ? uiLocale : undefined,
        timezone,
        forwarderPort: forwarder?.port,
        pluginDirs,
        extraArgs: extra,
        fontConfig,
        env,
        runningAsRoot: process.getuid?.() === 0,
      });

      mark('spawn');
      const child = spawn(install.path, command.args, {
        detached: !isWindows,
        env: command.env,
        stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
      const cdp = new PipeConnection(child.stdio[3] as Writable, child.stdio[4] as Readable);
      const stateFile = path.join(runDir, `${id}.json`);
      fs.writeFileSync(
        stateFile,
        JSON.stringify({ pid: child.pid, profile: `--user-data-dir=${profile}` }),
      );
      const info: RunningBrowser = {
        Session_ID: id,
        Session_ProcessID: child.pid ?? 0,
        Session_StartTime: formatTime(Date.now()),
        Session_Args: plan.args,
        Session_Headless: plan.headless ? 1 : 0,
        browser_Path: install.path,
        browser_CDP_Port: 0,
        MBData_Path: sessionDir,
        webdriver: install.driver,
        core: install.version,
        Public_ip: exit?.ip ?? s.Static_PublicIP,
        Internel_ip: s.Static_PrivateIP || lanAddress(),
        isDynamicIp: spec && s.StaticIP_Type !== 1 ? 1 : 0,
        proxyType: record.proxyType,
        proxy_ip: record.proxyIp,
        proxy_port: spec ? s.Proxy_Port : 0,
        StartPage: plan.startPages[0] ?? '',
        Plugins_Count: plan.plugins.length,
        Plugin_Id: plan.plugins.map((plugin) => plugin.Plugin_Id),
        Actived_script_id: plan.script?.Script_ID ?? '',
        Actived_script_name: plan.script?.name ?? '',
        TimeZone: timezone,
        LanguageCode: language,
        User_Agent: userAgent,
        Fingerprint_PageOnly: pageOnlyValues(record.system),
      };
      const entry: Running = {
        info,
        child,
        cdp,
        forwarder,
        record,
        plan,
        ending: false,
        exited: new Promise((resolve) => child.once('exit', () => resolve())),
        stateFile,
      };
      // The DevTools port and the targets' set-up at once: the pipe takes commands before the
      // browser has finished starting.
      let openTabs: () => Promise<void> = async () => {};
      try {
        await Promise.all([
          devToolsPort(child, launchTimeout, userPort).then((port) => {
            info.browser_CDP_Port = port;
            mark('port');
          }),
          setUpTargets(entry, {
            fingerprint,
            userAgent,
            metadata,
            accept,
            timezone,
            exit: auto ? exit : undefined,
          }).then(
            (opener) => void (openTabs = opener),
            (error: Error) => {
              throw error instanceof LaunchFailure
                ? error
                : new LaunchFailure(B.CDP_INIT_FAILED, error.message);
            },
          ),
        ]);
        mark('targets');
      } catch (error) {
        entry.ending = true;
        if (child.pid) killTree(child.pid);
        cdp.close();
        fs.rmSync(stateFile, { force: true });
        throw error;
      }
      running.set(id, entry);
      forwarder = undefined; // owned by the entry from here on
      if (child.exitCode !== null || child.signalCode !== null) {
        finish(id, entry, B.BROWSER_EXITED);
        throw new LaunchFailure(B.BROWSER_EXITED, 'the browser exited at start');
      }
      // An exit nobody asked for is -12; a browser whose last window the user closed ends cleanly.
      child.once('exit', (code, signal) =>
        finish(id, entry, entry.ending || (code === 0 && !signal) ? undefined : B.BROWSER_EXITED),
      );
      if (entry.forwarder && spec && s.NetError_StopChrome === 1) watchProxy(entry, spec);
      openTabs().catch(() => undefined);
      return info;
    } finally {
      await forwarder?.close();
    }
  }

  /** The proxy died (NetError_StopChrome): the browser is stopped and the status says -13. */
  function watchProxy(entry: Running, spec: ProxySpec): void {
    let checking = false;
    const check = async () => {
      if (checking || entry.ending) return;
      checking = true;
      try {
        const ok = (await probeUpstream(spec)) || (await probeUpstream(spec));
        if (!ok && !entry.ending && running.get(entry.info.Session_ID) === entry) {
          entry.ending = true;
          await saveCookies(entry);
          finish(entry.info.Session_ID, entry, B.CONNECTION_FAILED);
        }
      } finally {
        checking = false;
      }
    };
    entry.forwarder?.onUpstreamError(() => void check());
    entry.probe = setInterval(() => void check(), options.proxyProbeIntervalMs ?? 5000);
    entry.probe.unref();
  }

  interface Overrides {
    fingerprint: StoredFingerprint;
    userAgent: string;
    metadata: ReturnType<typeof userAgentMetadata>;
    accept: string;
    timezone: string;
    exit?: ExitInfo;
  }

  /**
   * Auto-attach to every target with waitForDebuggerOnStart: each new page, popup, iframe and
   * worker gets the overrides before its first script (and, for pages, its first request).
   */
  async function setUpTargets(entry: Running, o: Overrides): Promise<() => Promise<void>> {
    const { cdp, record, plan } = entry;
    const s = record.settings;
    const mobile = isMobileSystem(record.system);
    const { screen } = o.fingerprint;
    const { width, height } = screen;
    const noise = injectionConfig(o.fingerprint.seed, s.FingerPrint_Setting, s.FingerPrint_Noise);
    const noiseScript = noise ? injectionScript(noise) : undefined;
    // Only a system other than the host's needs the page-level UA override (platform, hints).
    const overrideUa = pageOnlyValues(record.system).length > 0;
    const userScript = plan.script
      ? `(() => { const run = () => { try { ${plan.script.source}\n } catch (error) { console.error(error); } };
          if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true }); else run(); })();`
      : undefined;
    const hideImages =
      s.ImageInvisible === 1
        ? `(() => { const css = 'img,picture,svg image,[style*="background-image"]{visibility:hidden!important}';
            const add = () => { const style = document.createElement('style'); style.textContent = css; (document.head || document.documentElement).appendChild(style); };
            if (document.documentElement) add(); else document.addEventListener('readystatechange', add, { once: true }); })();`
        : undefined;
    const uaOverride = {
      userAgent: o.userAgent,
      acceptLanguage: o.accept,
      platform: o.fingerprint.navigatorPlatform,
      ...(o.metadata ? { userAgentMetadata: o.metadata } : {}),
    };
    const ready = new Map<string, Promise<void>>();
    const sessions = new Map<string, string>();
    const workerTypes = new Set(['worker', 'shared_worker', 'service_worker']);

    // The screen: natively from --screen-info when headless, the real display's with a window
    // (an override would reach the page but not its out-of-process frames); a locked window
    // size or a phone is emulated.
    const metrics =
      mobile || s.Lock_Browser_windows_size === 1
        ? {
            width,
            height: mobile ? height : height - screen.insetTop - screen.insetBottom - 85,
            deviceScaleFactor: screen.devicePixelRatio,
            mobile,
            // A locked desktop window keeps the native screen; a phone's is emulated.
            ...(mobile ? { screenWidth: width, screenHeight: height } : {}),
          }
        : undefined;

    // Nothing here enables Runtime or Console on a page: a page cannot tell it is attached.
    const onPage = async (sessionId: string) => {
      const calls: Promise<unknown>[] = [
        cdp.send(
          'Target.setAutoAttach',
          { autoAttach: true, waitForDebuggerOnStart: true, flatten: true },
          sessionId,
        ),
      ];
      // A system other than the host's: navigator.platform and the client hints of the page.
      // (A later DevTools client, such as the user's Puppeteer, resets navigator.platform to
      // the machine's in the renderer; the hints stay. Measured on Chromium 156.)
      if (overrideUa) calls.push(cdp.send('Emulation.setUserAgentOverride', uaOverride, sessionId));
      if (metrics) calls.push(cdp.send('Emulation.setDeviceMetricsOverride', metrics, sessionId));
      const scripts: { source: string; worldName?: string; runImmediately?: boolean }[] = [];
      if (noiseScript) scripts.push({ source: noiseScript, runImmediately: true });
      if (userScript) scripts.push({ source: userScript, worldName: 'hainiao-script' });
      if (hideImages) scripts.push({ source: hideImages, worldName: 'hainiao-style' });
      if (scripts.length > 0) {
        // Page.enable keeps the new-document scripts across cross-process navigations.
        calls.push(
          cdp
            .send('Page.enable', {}, sessionId)
            .then(() =>
              Promise.all(
                scripts.map((script) =>
                  cdp.send('Page.addScriptToEvaluateOnNewDocument', script, sessionId),
                ),
              ),
            ),
        );
      }
      if (mobile) {
        calls.push(
          cdp.quiet(
            'Emulation.setTouchEmulationEnabled',
            { enabled: true, maxTouchPoints: 5 },
            sessionId,
          ),
        );
      }
      if (isWindows && o.timezone) {
        calls.push(
          cdp.quiet('Emulation.setTimezoneOverride', { timezoneId: o.timezone }, sessionId),
        );
      }
      if (o.exit?.latitude !== undefined && o.exit.longitude !== undefined) {
        calls.push(
          cdp.quiet(
            'Emulation.setGeolocationOverride',
            { latitude: o.exit.latitude, longitude: o.exit.longitude, accuracy: 50 },
            sessionId,
          ),
        );
      }
      if (s.Disable_video === 1) {
        calls.push(
          cdp
            .send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }, sessionId)
            .then(() =>
              cdp.send(
                'Network.setBlockedURLs',
                {
                  urls: [
                    '*.mp4*',
                    '*.webm*',
                    '*.m3u8*',
                    '*.mpd*',
                    '*.m4s*',
                    '*.mov*',
                    '*.flv*',
                    '*.ts?*',
                  ],
                },
                sessionId,
              ),
            ),
        );
      }
      await Promise.all(calls);
    };

    const onWorker = async (sessionId: string, type: string) => {
      const calls: Promise<unknown>[] = [
        cdp.quiet(
          'Target.setAutoAttach',
          { autoAttach: true, waitForDebuggerOnStart: true, flatten: true },
          sessionId,
        ),
      ];
      // Dedicated workers only: a shared or service worker never answers Runtime.evaluate while
      // it waits for the debugger (Chromium 156), so the opt-in noise does not reach them.
      if (noiseScript && type === 'worker') {
        calls.push(
          cdp.quiet('Runtime.evaluate', { expression: noiseScript, silent: true }, sessionId),
        );
      }
      if (isWindows && o.timezone) {
        calls.push(
          cdp.quiet('Emulation.setTimezoneOverride', { timezoneId: o.timezone }, sessionId),
        );
      }
      await Promise.all(calls);
    };

    cdp.on('event', (event: CdpEvent) => {
      if (event.method !== 'Target.attachedToTarget') return;
      const params = event.params as {
        sessionId: string;
        targetInfo: { targetId: string; type: string };
        waitingForDebugger: boolean;
      };
      const { sessionId, targetInfo } = params;
      if (env.HAINIAO_DEBUG_CDP) {
        console.error(`[cdp] attached ${targetInfo.type} waiting=${params.waitingForDebugger}`);
      }
      const task = (async () => {
        try {
          if (targetInfo.type === 'page' || targetInfo.type === 'iframe') await onPage(sessionId);
          else if (workerTypes.has(targetInfo.type)) await onWorker(sessionId, targetInfo.type);
        } catch (error) {
          if (env.HAINIAO_DEBUG_CDP) console.error(`[cdp] ${targetInfo.type}:`, error);
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

    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
    });
    if (record.cookies.length > 0) {
      await cdp.quiet('Storage.setCookies', { cookies: record.cookies.map(toCdpCookie) });
    }
    // The tabs open once the caller has its answer: the first one with the first start page.
    return async () => {
      const pages: string[] = [...plan.startPages];
      if (s.forcembpoint === 1) pages.push(CHECK_PAGE);
      if (pages.length === 0) pages.push('about:blank');
      for (const url of pages) {
        const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
          url: 'about:blank',
        });
        if (url === 'about:blank') continue;
        // The new tab's overrides are in place before it loads anything.
        await until(() => ready.has(targetId), 5000);
        await ready.get(targetId);
        const sessionId = sessions.get(targetId);
        if (sessionId) await cdp.quiet('Page.navigate', { url }, sessionId);
      }
    };
  }

  /** The DevTools port from the browser's "DevTools listening on ws://…:PORT/" line. */
  function devToolsPort(
    child: ChildProcess,
    timeoutMs: number,
    userPort?: string,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () =>
          done(
            new LaunchFailure(
              B.NO_RESPONSE,
              `the browser did not open its DevTools port in ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      const done = (error?: Error, port?: number) => {
        clearTimeout(timer);
        child.stderr?.removeListener('data', onData);
        child.removeListener('exit', onExit);
        // Keep draining stderr so that the browser never blocks on a full pipe.
        child.stderr?.resume();
        if (error) reject(error);
        else resolve(port!);
      };
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const match = /DevTools listening on ws:\/\/(\S+):(\d+)\//.exec(output);
        if (match) {
          const port = Number(match[2]);
          // A caller's port that was taken: Chromium falls back to another address or port.
          if (
            userPort &&
            (match[1] !== '127.0.0.1' || userPort !== `--remote-debugging-port=${port}`)
          ) {
            return done(new LaunchFailure(B.LISTEN_FAILED, `${userPort}: the port is taken`));
          }
          return done(undefined, port);
        }
        if (
          userPort &&
          /Cannot start http server for devtools|bind\(\) failed|Address already in use/i.test(
            output,
          )
        ) {
          done(new LaunchFailure(B.LISTEN_FAILED, `${userPort}: the port is taken`));
        }
      };
      const onExit = (code: number | null) =>
        done(
          new LaunchFailure(
            B.START_BROWSER_FAILED,
            `the browser exited at start (${code}): ${output.trim().split('\n').slice(-3).join(' ')}`,
          ),
        );
      child.stderr?.on('data', onData);
      child.once('exit', onExit);
      child.once('error', (error) =>
        done(new LaunchFailure(B.START_BROWSER_FAILED, error.message)),
      );
    });
  }

  async function end(id: string, graceful: boolean): Promise<BrowserResult> {
    conditions.delete(id);
    const entry = running.get(id);
    if (!entry) return { status: B.SUCCESS };
    entry.ending = true;
    await saveCookies(entry);
    if (graceful) {
      await entry.cdp.quiet('Browser.close');
      const closed = await Promise.race([
        entry.exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), closeTimeout)),
      ]);
      finish(id, entry);
      return { status: closed ? B.SUCCESS : B.CLOSE_FAILED };
    }
    if (entry.child.pid) killTree(entry.child.pid);
    const ended = await Promise.race([
      entry.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), closeTimeout)),
    ]);
    finish(id, entry);
    return { status: ended ? B.SUCCESS : B.FORCE_CLOSE_FAILED };
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
      try {
        const info = await queue(() => launch(plan));
        return { status: B.SUCCESS, running: info };
      } catch (error) {
        if (error instanceof LaunchFailure) return { status: error.status, reason: error.message };
        if (error instanceof BrowserNotFound) {
          return { status: B.START_BROWSER_FAILED, reason: error.message };
        }
        return { status: B.START_BROWSER_FAILED, reason: (error as Error).message };
      } finally {
        starting.delete(id);
      }
    },
    stop: (id) => end(id, true),
    kill: (id) => end(id, false),
    async stopAll() {
      await Promise.all([...running.keys()].map((id) => end(id, true)));
    },
  };
}

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
