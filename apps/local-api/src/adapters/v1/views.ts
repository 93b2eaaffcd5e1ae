/**
 * What id_container answers for an environment: type 1 everything, type 2 a
 * brief line, type 3 the brief line with its plugins and scripts; and a running environment as the
 * browser calls (start, status) answer it.
 */
import { BrowserCodes, disagreements, formatResolution } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import type { Visible } from '../../model/environment.ts';
import type { RunningBrowser } from '../../runtime/browser.ts';
import { hostSystem } from '../../runtime/fingerprint/host.ts';
import { formatTime } from '../../util/time.ts';
import { toWireSettings } from './wire-settings.ts';
import { environmentFolder } from '../../domain/environment.ts';

const encode = (source: string) => Buffer.from(source, 'utf8').toString('base64');

function brief(ctx: ServiceContext, { record, owned }: Visible) {
  const running = ctx.runtime.running(record.id);
  return {
    Session_ID: record.id,
    Session_Name: record.name,
    Session_Desc: record.description,
    Group_Name: record.group,
    SystemOS: record.system,
    Proxy_Type: record.proxyType,
    Proxy_Ip: record.proxyIp,
    Session_Actived: running ? 1 : 0,
    Session_CreateTime: formatTime(record.createdAt),
    Session_UpdateTime: formatTime(record.updatedAt),
    Session_Recv: owned ? 0 : 1,
    Session_Owner: record.owner,
    // Our extension: the list shows and filters by them (the one setting a brief line reads).
    Session_Tags: record.settings.tags ?? [],
  };
}

function pluginsAndScripts(ctx: ServiceContext, id: string, withSource: boolean) {
  const plugins = ctx.envs.plugins(id);
  const scripts = ctx.envs.scripts(id);
  const active = scripts.find((s) => s.active);
  return {
    Plugins_Count: plugins.length,
    Plugin_Id: plugins.map((p) => p.pluginId),
    Plugin_list: plugins.map((p) => ({
      Plugin_Id: p.pluginId,
      Plugin_Name: p.name,
      Plugin_Ver: p.version,
    })),
    Script_Count: scripts.length,
    Actived_script_id: active?.scriptId ?? '',
    Actived_script_name: active?.name ?? '',
    ...(withSource
      ? {
          Actived_script_encode: active ? encode(ctx.envs.scriptSource(id, active.scriptId)) : '',
        }
      : {}),
  };
}

export function environmentView(ctx: ServiceContext, visible: Visible, type: 1 | 2 | 3) {
  const head = { ...brief(ctx, visible), status: BrowserCodes.code.SUCCESS };
  if (type === 2) return head;
  const { record } = visible;
  if (type === 3) return { ...head, ...pluginsAndScripts(ctx, record.id, false) };
  const running = ctx.runtime.running(record.id);
  const sites = ctx.envs.sites(record.id);
  const startPages = ctx.envs.startPages(record.id);
  const { Proxy_Port, Proxy_Username, Proxy_Password, Is_CheckProxy, StaticIP_Type, ...settings } =
    toWireSettings(record.settings);
  return {
    ...head,
    Session_Group: record.group,
    User_Agent: record.userAgent,
    ...settings,
    Proxy_Port,
    Proxy_Username,
    Proxy_Password,
    Is_CheckProxy,
    StaticIP_Type,
    Cookie: record.cookies,
    HomePage_url: startPages.filter((p) => p.flag === 1).map((p) => p.url),
    Weblogin_Account_Count: sites.length,
    Weblogin_Account_name: sites,
    Share_Username: visible.owned ? ctx.envs.shares(record.id) : [],
    ...pluginsAndScripts(ctx, record.id, true),
    Session_ProcessID: running?.processId ?? 0,
    Session_StartTime: running ? formatTime(running.startedAt) : '',
    // Running: what the start used; stopped: what a start without its own values will use.
    Session_Args: running ? running.args : record.settings.launchArgs,
    Session_Headless: (running ? running.headless : record.settings.launchHeadless === 1) ? 1 : 0,
    browser_CDP_Port: running?.cdpPort ?? 0,
    MBData_Path: environmentFolder(ctx.dataDir, record.id),
  };
}

/**
 * A running environment (or none) as browser/start and browser/status answer it, after Session_ID
 * and the status: the process fields always,
 * zero or empty when it is not running; the rest only while it runs.
 */
export function runningView(running: RunningBrowser | undefined) {
  const always = {
    Session_Actived: running ? 1 : 0,
    Session_ProcessID: running?.processId ?? 0,
    Session_StartTime: running ? formatTime(running.startedAt) : '',
    Session_Args: running?.args ?? [],
    isHeadless: running?.headless ? 1 : 0,
    browser_CDP_Port: running?.cdpPort ?? 0,
    browser_Path: running?.browserPath ?? '',
    webdriver: running?.driverPath ?? '',
  };
  if (!running) return always;
  return {
    ...always,
    MBData_Path: running.dataDir,
    core: running.browserVersion,
    Public_ip: running.publicIp,
    Internel_ip: running.internalIp,
    isDynamicIp: running.dynamicIp ? 1 : 0,
    proxyType: running.proxyType,
    proxy_ip: running.proxyIp,
    proxy_port: running.proxyPort,
    StartPage: running.startPage,
    Plugins_Count: running.pluginIds.length,
    Plugin_Id: running.pluginIds,
    Actived_script_id: running.activeScriptId,
    Actived_script_name: running.activeScriptName,
    // An environment here is made from its own settings, never from a template (the spec lists
    // the fields without saying what a template is): empty, not invented.
    template_id: '',
    template_name: '',
    TimeZone: running.timezone,
    LanguageCode: running.language,
    User_Agent: running.userAgent,
    // Not in the spec: what a system other than the host's shows to pages only (runtime/fingerprint/host.ts).
    Fingerprint_PageOnly: running.pageOnly,
    // Not in the spec (issue 27): what sites see, together, as the browser got it, and where
    // those values disagree (the manager's form warns of the same before saving).
    Fingerprint_Summary: fingerprintSummary(running),
  };
}

function fingerprintSummary(running: RunningBrowser) {
  return {
    SystemOS: running.system,
    User_Agent: running.userAgent,
    Screen: formatResolution(running.screen),
    // '' when the window was not given a size (a desktop one fills the screen's work area).
    Window: running.window ? formatResolution(running.window) : '',
    TimeZone: running.timezone,
    LanguageCode: running.language,
    Public_ip: running.publicIp,
    CountryCode: running.exit?.country.toUpperCase() ?? '',
    Warnings: disagreements({
      system: running.system,
      hostSystem: hostSystem(),
      userAgent: running.userAgent,
      timezone: running.timezone,
      exitCountry: running.exit?.country,
      screen: running.screen,
      window: running.window,
    }),
  };
}
