/**
 * What id_container answers for an environment (local-api.md §3): type 1 everything, type 2 a
 * brief line, type 3 the brief line with its plugins and scripts.
 */
import path from 'node:path';
import { BrowserCodes } from '@hainiao/contract';
import type { ServiceContext } from '../context.ts';
import type { Visible } from '../store/environments.ts';
import { formatTime } from '../util/time.ts';

export function sessionDir(ctx: ServiceContext, id: string): string {
  return path.join(ctx.dataDir, 'sessions', id);
}

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
  };
}

function pluginsAndScripts(ctx: ServiceContext, id: string, withSource: boolean) {
  const plugins = ctx.envs.plugins(id);
  const scripts = ctx.envs.scripts(id);
  const active = scripts.find((s) => s.active === 1);
  return {
    Plugins_Count: plugins.length,
    Plugin_Id: plugins.map((p) => p.plugin_id),
    Plugin_list: plugins.map((p) => ({
      Plugin_Id: p.plugin_id,
      Plugin_Name: p.name,
      Plugin_Ver: p.version,
    })),
    Script_Count: scripts.length,
    Actived_script_id: active?.script_id ?? '',
    Actived_script_name: active?.name ?? '',
    ...(withSource
      ? {
          Actived_script_encode: active
            ? encode(ctx.envs.scriptSource(active.script_id, active.version))
            : '',
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
    record.settings;
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
    Session_ProcessID: running?.Session_ProcessID ?? 0,
    Session_StartTime: running?.Session_StartTime ?? '',
    Session_Args: running?.Session_Args ?? [],
    Session_Headless: running?.Session_Headless ?? 0,
    browser_CDP_Port: running?.browser_CDP_Port ?? 0,
    MBData_Path: sessionDir(ctx, record.id),
  };
}
