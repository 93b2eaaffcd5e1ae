/** Environment calls of ../shared/spec/local-api.md §7 "Environments" (cookies and auto-open have their own files). */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  BrowserCodes,
  isMobileSystem,
  isSystem,
  LIST_NUM_DEFAULT,
  localApiMessages,
  MainCodes,
  NO_PROXY,
  SessionCodes,
} from '@hainiao/contract';
import type { ServiceContext } from '../context.ts';
import { resolve } from '../domain/access.ts';
import { storeCookies } from '../domain/cookies.ts';
import { deleteEnvironments } from '../domain/environment-delete.ts';
import {
  applyProxy,
  applySettings,
  checkResolution,
  checkSystem,
  checkUserAgent,
  groupOrDefault,
  parseCookies,
  verifyProxy,
  type ProxyChanges,
  type ProxyCheckOptions,
  type ProxyFieldNames,
} from '../domain/environment.ts';
import { callerLang, fail, sessionFailure, UNKNOWN_EXCEPTION, v1 } from '../http/envelope.ts';
import { assertAllowedArgs } from '../http/launch-args.ts';
import { post } from '../http/route.ts';
import { siteOf } from '../model/cookie.ts';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DEFAULT_RESOLUTIONS, defaultResolution } from '../model/resolutions.ts';
import { DEFAULT_SETTINGS } from '../model/settings.ts';
import { hostSystem } from '../runtime/host.ts';
import { DEFAULT_IP_LOOKUP_URL } from '../runtime/proxy-check.ts';
import { chromeMajor, isUserAgentOf, randomUserAgent } from '../runtime/user-agent.ts';
import { parseTimeBound } from '../util/time.ts';
import { environmentView, sessionDir } from './views.ts';
import { settingsFromWire } from './wire-settings.ts';

const B = BrowserCodes.code;
const S = SessionCodes.code;

/** The proxy fields of a create or proxy/update body, in our names. */
function proxyChanges(body: {
  Proxy_Type?: string | undefined;
  Proxy_Ip?: string | undefined;
  Proxy_Port?: number | undefined;
  Proxy_Username?: string | undefined;
  Proxy_Password?: string | undefined;
  Is_CheckProxy?: number | undefined;
  StaticIP_Type?: number | undefined;
}): ProxyChanges {
  return {
    type: body.Proxy_Type,
    host: body.Proxy_Ip,
    port: body.Proxy_Port,
    username: body.Proxy_Username,
    password: body.Proxy_Password,
    checkProxy: body.Is_CheckProxy,
    staticIpType: body.StaticIP_Type,
  };
}

/** The proxy fields as the calls spell them, for the reasons of a refused proxy. */
const PROXY_FIELDS: ProxyFieldNames = {
  type: 'Proxy_Type',
  host: 'Proxy_Ip',
  port: 'Proxy_Port',
  username: 'Proxy_Username',
  password: 'Proxy_Password',
};

const proxyCheckOptions = (ctx: ServiceContext, id: string): ProxyCheckOptions => ({
  timeoutMs: ctx.proxyCheckTimeoutMs,
  // Always a real request through the proxy: the configured endpoint, else the documented default
  // (as at start, chromium-runtime.ts).
  lookupUrl: ctx.ipLookupUrl ?? process.env.HAINIAO_IP_LOOKUP ?? DEFAULT_IP_LOOKUP_URL,
  environmentDir: sessionDir(ctx, id),
});

function timeBound(value: string | undefined, field: string, bound: 'start' | 'end') {
  if (value === undefined) return undefined;
  const time = parseTimeBound(value, bound);
  if (time === undefined)
    throw fail(UNKNOWN_EXCEPTION, localApiMessages.invalidParameter, { field }, 400);
  return time;
}

const defaultName = (request: FastifyRequest) =>
  localApiMessages.defaultSessionName[callerLang(request)];

/** The start pages of HomePage_url (deduplicated, in order). */
const homePages = (urls: readonly string[]) => [...new Set(urls)].map((url) => ({ url, flag: 1 }));

/** Chrome's cache folders inside a profile (cleaned by BrowserCache-clean). */
const CACHE_PATHS = [
  'Default/Cache',
  'Default/Code Cache',
  'Default/GPUCache',
  'Default/DawnGraphiteCache',
  'Default/DawnWebGPUCache',
  'Default/Service Worker/CacheStorage',
  'Default/Service Worker/ScriptCache',
  'GrShaderCache',
  'GraphiteDawnCache',
  'ShaderCache',
];
const COOKIE_PATHS = [
  'Default/Cookies',
  'Default/Cookies-journal',
  'Default/Network/Cookies',
  'Default/Network/Cookies-journal',
];

export function sessionRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/session/listid', ({ body, request, login }) => {
    const page = body.CurrentPage ?? 1;
    const size = body.ListNum ?? LIST_NUM_DEFAULT;
    const { ids, total } = ctx.envs.list(login.account, {
      name: body.Session_Name,
      group: body.Session_GroupName,
      createdFrom: timeBound(body.Session_CreateTime_Start, 'Session_CreateTime_Start', 'start'),
      createdTo: timeBound(body.Session_CreateTime_End, 'Session_CreateTime_End', 'end'),
      updatedFrom: timeBound(body.Session_UpdateTime_Start, 'Session_UpdateTime_Start', 'start'),
      updatedTo: timeBound(body.Session_UpdateTime_End, 'Session_UpdateTime_End', 'end'),
      received: body.Session_Recv === 1,
      receivedFrom: body.Session_Recv_Account,
      sent: body.Session_Sent === 1,
      sentTo: body.Session_Sent_Account,
      owner: body.Session_Owner,
      userAgent: body.Session_User_Agent,
      proxyIp: body.Proxy_Ip,
      proxyType: body.Proxy_Type,
      comment: body.Comment,
      withWebAccount: body.Session_ISWebAccount === 1,
      webAccount:
        body.Session_WebAccounts === undefined ? undefined : siteOf(body.Session_WebAccounts),
      withPlugins: body.Session_ISPlugins === 1,
      pluginId: body.Session_Plugins_id,
      withScript: body.Session_ISAutoScript === 1,
      scriptId: body.Session_AutoScript_id,
      sort: body.Sort_By && { by: body.Sort_By, order: body.Sort_Order ?? 'asc' },
      offset: (page - 1) * size,
      limit: size,
    });
    return v1(request, localApiMessages.sessionListSuccess, {
      listid: ids,
      total,
      CurrentPage: page,
      ListNum: size,
    });
  });

  post(app, ctx, '/api/v1/session/id_container', ({ body, request, login }) => {
    const type = body.Session_container_type ?? 1;
    const found = ctx.envs.visibleMany(login.account, body.Session_ID);
    const listcontainer = body.Session_ID.map((id) => {
      const visible = found.get(id);
      return visible
        ? environmentView(ctx, visible, type)
        : { Session_ID: id, status: B.SESSION_NOT_FOUND };
    });
    return v1(request, localApiMessages.sessionInfoSuccess, {
      listcontainer,
      total: listcontainer.length,
    });
  });

  post(app, ctx, '/api/v1/session/create', async ({ body, request, login }) => {
    const owner = login.account;
    const model = body.MobileModel ?? '';
    // Group_Name is the group as the answers spell it (§3): the same field as Session_Group.
    if (
      body.Session_Group !== undefined &&
      body.Group_Name !== undefined &&
      body.Session_Group.trim() !== body.Group_Name.trim()
    ) {
      throw fail(UNKNOWN_EXCEPTION, localApiMessages.groupNamesDiffer, {}, 400);
    }
    const group = groupOrDefault(ctx.groups, owner, body.Session_Group ?? body.Group_Name);
    assertAllowedArgs(body.Session_Args ?? []);
    const system = checkSystem(body.SystemOS ?? body.system ?? hostSystem(), model);
    const resolution = checkResolution(
      body.resolution ?? defaultResolution(system, ctx.envs.countOwned(owner)),
    );
    const userAgent =
      body.User_Agent === undefined
        ? randomUserAgent(system, { model }).userAgent
        : checkUserAgent(body.User_Agent, system);
    const now = ctx.envs.tick();
    const record: EnvironmentRecord = {
      id: randomBytes(16).toString('hex'),
      owner,
      name: body.Session_Name || defaultName(request),
      description: body.Session_Desc ?? '',
      group,
      system,
      userAgent,
      proxyType: NO_PROXY,
      proxyIp: '',
      settings: { ...DEFAULT_SETTINGS },
      cookies: [],
      createdAt: now,
      updatedAt: now,
    };
    applySettings(record.settings, settingsFromWire(body));
    Object.assign(record.settings, {
      automaticConfigure: body.Automatic_Configure,
      mobileModel: model,
      resolution,
    });
    applyProxy(record, proxyChanges(body), PROXY_FIELDS);
    if (body.Cookie !== undefined) record.cookies = parseCookies(body.Cookie);
    await verifyProxy(
      proxyCheckOptions(ctx, record.id),
      record,
      body.Automatic_Configure === 1 || body.Is_CheckProxy === 1,
    );
    ctx.envs.insert(record, homePages(body.HomePage_url ?? []));
    fs.mkdirSync(sessionDir(ctx, record.id), { recursive: true });
    return v1(request, localApiMessages.sessionCreateSuccess, { Session_Id: record.id });
  });

  post(app, ctx, '/api/v1/session/update', async ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const cookies = body.Cookie === undefined ? undefined : parseCookies(body.Cookie);
    const group =
      body.Session_Group === undefined
        ? undefined
        : groupOrDefault(ctx.groups, login.account, body.Session_Group);
    // Into a running browser too, or refused before anything is saved.
    if (cookies) await storeCookies(ctx, record, cookies, 'replace');
    if (group !== undefined) record.group = group;
    if (body.Session_Name !== undefined) record.name = body.Session_Name || defaultName(request);
    if (body.Session_Desc !== undefined) record.description = body.Session_Desc;
    if (body.Disable_video !== undefined) record.settings.disableVideo = body.Disable_video;
    if (body.Disable_img !== undefined) record.settings.disableImages = body.Disable_img;
    ctx.envs.save(record, body.HomePage_url ? { startPages: homePages(body.HomePage_url) } : {});
    return v1(request, localApiMessages.updateSuccess, { Session_Id: record.id });
  });

  post(app, ctx, '/api/v1/session/adv_setting', ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const { SystemOS } = body;
    let userAgentChanged = false;
    if (SystemOS !== undefined && SystemOS !== record.system) {
      const system = checkSystem(SystemOS, record.settings.mobileModel);
      // A UA of the old system would contradict the new one: a new UA of the same Chrome major.
      if (!isUserAgentOf(record.userAgent, system)) {
        record.userAgent = randomUserAgent(system, {
          version: chromeMajor(record.userAgent),
          model: record.settings.mobileModel,
        }).userAgent;
        userAgentChanged = true;
      }
      // A phone screen on a desktop (or the reverse) would contradict the system too.
      if (isMobileSystem(system) !== isMobileSystem(record.system)) {
        record.settings.resolution = DEFAULT_RESOLUTIONS[system];
      }
      record.system = system;
    }
    applySettings(record.settings, settingsFromWire(body));
    ctx.envs.save(record);
    return v1(request, localApiMessages.advSettingSuccess, {
      Session_Id: record.id,
      ...(userAgentChanged ? { User_Agent: record.userAgent } : {}),
    });
  });

  post(app, ctx, '/api/v1/session/proxy/update', async ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const { Session_ID: _id, Automatic_Configure, ...changes } = body;
    applySettings(record.settings, settingsFromWire(changes));
    applyProxy(record, proxyChanges(changes), PROXY_FIELDS);
    if (Automatic_Configure !== undefined) record.settings.automaticConfigure = Automatic_Configure;
    const proxyChanged =
      changes.Proxy_Type !== undefined ||
      changes.Proxy_Ip !== undefined ||
      changes.Proxy_Port !== undefined ||
      changes.Proxy_Username !== undefined ||
      changes.Proxy_Password !== undefined;
    await verifyProxy(
      proxyCheckOptions(ctx, record.id),
      record,
      changes.Is_CheckProxy === 1 ||
        (record.settings.automaticConfigure === 1 && (proxyChanged || Automatic_Configure === 1)),
    );
    ctx.envs.save(record);
    return v1(request, localApiMessages.proxyUpdateSuccess, { Session_Id: record.id });
  });

  // Shares go through the cloud (domain/sync.ts): an unknown account, oneself or an environment
  // one does not manage fail there; the receiver's machines pull it.
  post(app, ctx, '/api/v1/session/share', async ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const to = body.Share_Username.trim();
    if (to === login.account || to === record.owner) {
      throw fail(UNKNOWN_EXCEPTION, localApiMessages.shareToSelf);
    }
    await ctx.sync.share(record.id, to);
    ctx.envs.share(record.id, to);
    return v1(request, localApiMessages.shareSuccess, {
      Session_Id: record.id,
      Share_Username: to,
    });
  });

  post(app, ctx, '/api/v1/session/unshare', async ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const to = body.Share_Username.trim();
    if (!ctx.envs.shares(record.id).includes(to)) {
      throw fail(UNKNOWN_EXCEPTION, localApiMessages.unshareNotShared, { account: to });
    }
    await ctx.sync.unshare(record.id, to);
    ctx.envs.unshare(record.id, to);
    return v1(request, localApiMessages.unshareSuccess, {
      Session_Id: record.id,
      Share_Username: to,
    });
  });

  post(app, ctx, '/api/v1/session/delete', async ({ body, request, login }) => {
    const all = body.Is_Delete_All === 1;
    const ids = all ? ctx.envs.ownedIds(login.account) : [...new Set(body.Session_ID ?? [])];
    // An owner deletes; a receiver leaves the share; a running environment stays.
    const { deleted, failed } = await deleteEnvironments(ctx, login.account, ids);
    const code = failed.length ? MainCodes.code.DELETE_FAILED : 0;
    const message =
      failed.length && !deleted.length
        ? localApiMessages.allSessionDeleteFailed
        : all && !failed.length
          ? localApiMessages.allSessionDeleteFinished
          : localApiMessages.sessionDeleteFinished;
    const data = all
      ? { Delete_All_Session_Success_cont: deleted.length, Delete_Session_Failed: failed }
      : { Delete_Session_Success: deleted, Delete_Session_Failed: failed };
    return v1(request, message, data, code);
  });

  post(app, ctx, '/api/v1/session/random-user-agent', ({ body, request }) => {
    if (!isSystem(body.SYSTEM)) throw sessionFailure(S.OS_INVALID);
    // The downloadable browsers' versions (../shared/spec/local-api.md §9). Whatever the stored UA says, a
    // running environment presents its engine's own major (runtime/fingerprint.ts engineUserAgent).
    const { Version } = body;
    if (Version !== undefined && (Version < BROWSER_VERSION_MIN || Version > BROWSER_VERSION_MAX)) {
      throw sessionFailure(S.USER_AGENT_INVALID, localApiMessages.userAgentVersionUnknown, {
        min: BROWSER_VERSION_MIN,
        max: BROWSER_VERSION_MAX,
      });
    }
    const generated = randomUserAgent(body.SYSTEM, {
      version: body.Version,
      model: body.MobileModel,
    });
    return v1(request, localApiMessages.randomUserAgentSuccess, {
      User_Agent: generated.userAgent,
      SYSTEM: generated.system,
      Version: generated.version,
      MobileModel: generated.model,
    });
  });

  post(app, ctx, '/api/v1/session/BrowserCache-clean', async ({ body, request, login }) => {
    const success: string[] = [];
    const failed: string[] = [];
    for (const id of [...new Set(body.Session_ID)]) {
      const visible = ctx.envs.visible(login.account, id);
      if (!visible || ctx.runtime.running(id)) {
        failed.push(id);
        continue;
      }
      try {
        const profile = path.join(sessionDir(ctx, id), 'profile');
        const targets =
          body.Is_Clean_Cookies === 1 ? [...CACHE_PATHS, ...COOKIE_PATHS] : CACHE_PATHS;
        for (const target of targets) {
          await fs.promises.rm(path.join(profile, target), { recursive: true, force: true });
        }
        if (body.Is_Clean_Cookies === 1) {
          visible.record.cookies = [];
          ctx.envs.save(visible.record);
        }
        success.push(id);
      } catch {
        failed.push(id);
      }
    }
    return v1(request, localApiMessages.cleanCacheFinished, {
      Clean_SessionID_Success: success,
      Clean_SessionID_Failed: failed,
    });
  });
}
