/**
 * What a running environment reports (its running information), from
 * its start: the record, the plan, the browser, the proxy's exit and the locale it got.
 */
import { windowSizeOfArgs } from '@hainiao/contract';
import type { LaunchPlan, RunningBrowser } from './browser.ts';
import type { BrowserInstall } from './launch/discovery.ts';
import { pageOnlyValues } from './fingerprint/host.ts';
import type { LaunchLocale } from './launch/launch.ts';
import type { ExitInfo } from './proxy/proxy-check.ts';

export interface RunningInfoInput {
  plan: LaunchPlan;
  install: Pick<BrowserInstall, 'path' | 'driver' | 'version'>;
  pid: number;
  startedAt: number;
  /** `<data>/sessions/<id>` */
  envDir: string;
  /** Whether the environment goes through a proxy. */
  proxied: boolean;
  /** The exit as the lookup saw it (when asked and answered). */
  exit?: ExitInfo | undefined;
  locale: Pick<LaunchLocale, 'timezone' | 'language'>;
  userAgent: string;
  /** The screen the browser presents (the fingerprint's, in CSS pixels). */
  screen: { width: number; height: number };
  /** The browser's command line: its window size is the last `--window-size`. */
  commandArgs: readonly string[];
}

/** The report; cdpPort is 0 until the browser names its port. */
export function runningInfo(input: RunningInfoInput): RunningBrowser {
  const { plan, install, exit } = input;
  const record = plan.environment;
  const s = record.settings;
  return {
    id: record.id,
    processId: input.pid,
    startedAt: input.startedAt,
    args: plan.args,
    headless: plan.headless,
    browserPath: install.path,
    cdpPort: 0,
    dataDir: input.envDir,
    driverPath: install.driver,
    browserVersion: install.version,
    // What the service reports, never what it cannot back: the exit's IP as looked up through the
    // proxy, else the one the user declared. The internal IP is only ever the declared one: pages
    // see no address through WebRTC (runtime/profile/profile.ts), so the machine's own is nobody's business.
    publicIp: exit?.ip ?? s.staticPublicIp,
    ...(exit ? { exit: { ip: exit.ip, country: exit.country } } : {}),
    internalIp: s.staticPrivateIp,
    dynamicIp: input.proxied && s.staticIpType !== 1,
    proxyType: record.proxyType,
    proxyIp: record.proxyIp,
    proxyPort: input.proxied ? s.proxyPort : 0,
    startPage: plan.startPages[0] ?? '',
    pluginIds: plan.plugins.map((plugin) => plugin.pluginId),
    activeScriptId: plan.script?.scriptId ?? '',
    activeScriptName: plan.script?.name ?? '',
    timezone: input.locale.timezone,
    language: input.locale.language,
    userAgent: input.userAgent,
    system: record.system,
    screen: { width: input.screen.width, height: input.screen.height },
    window: windowSizeOfArgs(input.commandArgs),
    pageOnly: pageOnlyValues(record.system),
  };
}
