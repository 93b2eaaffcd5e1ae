/** Environment calls under /api/v1/session/ (cookies and auto-open have their own files). */
import type { FastifyInstance } from 'fastify';
import {
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  BrowserCodes,
  isSystem,
  LIST_NUM_DEFAULT,
  localApiMessages,
  MainCodes,
  EnvironmentFieldCodes,
  type CreateSessionBody,
  type Lang,
} from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { clearBrowserData } from '../../domain/browser-data.ts';
import { createEnvironment, type CreateRequest } from '../../domain/environment-create.ts';
import { deleteEnvironments } from '../../domain/environment-delete.ts';
import { shareEnvironment, unshareEnvironment } from '../../domain/environment-share.ts';
import { updateEnvironment } from '../../domain/environment-update.ts';
import type { ProxyChanges, ProxyFieldNames } from '../../domain/environment.ts';
import { callerLang, fail, fieldFailure, UNKNOWN_EXCEPTION, v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';
import { siteOf } from '../../model/cookie.ts';
import { pageOnlyValues } from '../../runtime/fingerprint/host.ts';
import { randomUserAgent } from '../../runtime/fingerprint/user-agent.ts';
import { parseTimeBound } from '../../util/time.ts';
import { environmentView } from './views.ts';
import { settingsFromWire } from './wire-settings.ts';

const B = BrowserCodes.code;
const S = EnvironmentFieldCodes.code;

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

function timeBound(value: string | undefined, field: string, bound: 'start' | 'end') {
  if (value === undefined) return undefined;
  const time = parseTimeBound(value, bound);
  if (time === undefined)
    throw fail(UNKNOWN_EXCEPTION, localApiMessages.invalidParameter, { field }, 400);
  return time;
}

/**
 * A create body in our names: v1 session/create's, and the MCP tool create_environment's (a
 * subset of the same fields, adapters/mcp/mcp-tools.ts).
 */
export function createRequestOf(
  body: Partial<CreateSessionBody>,
  owner: string,
  lang: Lang,
): CreateRequest {
  // Group_Name is the group as the answers spell it: the same field as Session_Group.
  if (
    body.Session_Group !== undefined &&
    body.Group_Name !== undefined &&
    body.Session_Group.trim() !== body.Group_Name.trim()
  ) {
    throw fail(UNKNOWN_EXCEPTION, localApiMessages.groupNamesDiffer, {}, 400);
  }
  return {
    owner,
    lang,
    name: body.Session_Name,
    description: body.Session_Desc,
    group: body.Session_Group ?? body.Group_Name,
    system: body.SystemOS ?? body.system,
    mobileModel: body.MobileModel,
    resolution: body.resolution,
    userAgent: body.User_Agent,
    settings: settingsFromWire(body),
    proxy: { fields: proxyChanges(body), spelling: PROXY_FIELDS },
    cookies: body.Cookie,
    startPages: body.HomePage_url,
  };
}

export function environmentRoutes(app: FastifyInstance, ctx: ServiceContext): void {
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
      tag: body.Session_Tag,
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
    const lang = callerLang(request);
    const record = await createEnvironment(ctx, createRequestOf(body, login.account, lang));
    // What its system shows in pages only, known before the first start (empty on the host's).
    return v1(request, localApiMessages.sessionCreateSuccess, {
      Session_Id: record.id,
      Fingerprint_PageOnly: pageOnlyValues(record.system),
    });
  });

  post(app, ctx, '/api/v1/session/update', async ({ body, request, login }) => {
    const { record } = await updateEnvironment(ctx, login.account, body.Session_ID, {
      lang: callerLang(request),
      name: body.Session_Name,
      description: body.Session_Desc,
      group: body.Session_Group,
      cookies: body.Cookie,
      settings: settingsFromWire(body),
      startPages: body.HomePage_url,
    });
    return v1(request, localApiMessages.updateSuccess, { Session_Id: record.id });
  });

  post(app, ctx, '/api/v1/session/adv_setting', async ({ body, request, login }) => {
    const { record, userAgentChanged } = await updateEnvironment(
      ctx,
      login.account,
      body.Session_ID,
      {
        lang: callerLang(request),
        system: body.SystemOS,
        resolution: body.resolution,
        userAgent: body.User_Agent,
        settings: settingsFromWire(body),
      },
    );
    return v1(request, localApiMessages.advSettingSuccess, {
      Session_Id: record.id,
      ...(userAgentChanged ? { User_Agent: record.userAgent } : {}),
    });
  });

  post(app, ctx, '/api/v1/session/proxy/update', async ({ body, request, login }) => {
    // An empty proxy change too: the proxy is checked whole, with the locale it brings.
    const { record } = await updateEnvironment(ctx, login.account, body.Session_ID, {
      lang: callerLang(request),
      settings: settingsFromWire(body),
      proxy: { fields: proxyChanges(body), spelling: PROXY_FIELDS },
    });
    return v1(request, localApiMessages.proxyUpdateSuccess, { Session_Id: record.id });
  });

  // Shares go through the cloud first (domain/environment-share.ts).
  post(app, ctx, '/api/v1/session/share', async ({ body, request, login }) => {
    const shared = await shareEnvironment(ctx, {
      account: login.account,
      id: body.Session_ID,
      to: body.Share_Username,
    });
    return v1(request, localApiMessages.shareSuccess, {
      Session_Id: shared.id,
      Share_Username: shared.to,
    });
  });

  post(app, ctx, '/api/v1/session/unshare', async ({ body, request, login }) => {
    const unshared = await unshareEnvironment(ctx, {
      account: login.account,
      id: body.Session_ID,
      to: body.Share_Username,
    });
    return v1(request, localApiMessages.unshareSuccess, {
      Session_Id: unshared.id,
      Share_Username: unshared.to,
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
    if (!isSystem(body.SYSTEM)) throw fieldFailure(S.OS_INVALID);
    // The downloadable browsers' versions (limits.ts). Whatever the stored UA says, a
    // running environment presents its engine's own major (runtime/fingerprint/fingerprint.ts engineUserAgent).
    const { Version } = body;
    if (Version !== undefined && (Version < BROWSER_VERSION_MIN || Version > BROWSER_VERSION_MAX)) {
      throw fieldFailure(S.USER_AGENT_INVALID, localApiMessages.userAgentVersionUnknown, {
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
    const { cleared, failed } = await clearBrowserData(ctx, login.account, body.Session_ID, {
      cookies: body.Is_Clean_Cookies === 1,
    });
    return v1(request, localApiMessages.cleanCacheFinished, {
      Clean_SessionID_Success: cleared,
      Clean_SessionID_Failed: failed,
    });
  });
}
