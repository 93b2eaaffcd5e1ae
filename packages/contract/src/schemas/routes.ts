/**
 * Every call of the local API (local-api.md §7) and of the cloud (site-console-tickets.md §7,
 * DESIGN "Fixed names and ports") with the schema of its body or form fields. Servers register
 * their validation from here, the docs generate their pages from here, and tests check that no call
 * is missing.
 */
import type { z } from 'zod';
import {
  apiHeartbeatFields,
  apiLoginFields,
  apiLogoutFields,
  apiOrderListFields,
  apiUsedLogsFields,
  applyApiFields,
  corelistFields,
  delAppKeyFields,
  documentFields,
  getAppKeyFields,
  membersFields,
  pluginLibraryFields,
  resetAppKeyFields,
  scriptLibraryFields,
  signinFields,
  signoutAllFields,
  signoutFields,
  signupFields,
  statusFields,
  ticketAddFields,
  ticketDetailFields,
  ticketListFields,
  ticketReplyFields,
  ticketStatusFields,
  ticketTypeFields,
  ticketUploadFields,
  versionFields,
} from './cloud/index.ts';
import {
  autoOpenAddBody,
  autoOpenDeleteBody,
  autoOpenListBody,
  autoOpenUpdateBody,
  browserKillBody,
  browserStartBody,
  browserStatusBody,
  browserStopBody,
  cleanBrowserCacheBody,
  createSessionBody,
  deleteSessionBody,
  exportCookieBody,
  groupCreateBody,
  groupDeleteBody,
  groupListBody,
  groupMoveSessionBody,
  importCookieBody,
  listSessionIdsBody,
  loginBody,
  membersBody,
  pluginDeleteBody,
  pluginInstallBody,
  pluginListBody,
  quitBody,
  randomUserAgentBody,
  scriptActivateBody,
  scriptAddBody,
  scriptDeactivateBody,
  scriptDeleteBody,
  scriptListBody,
  sessionAdvSettingBody,
  sessionContainerBody,
  sessionPluginListBody,
  shareSessionBody,
  updateSessionBody,
  updateSessionProxyBody,
} from './local-api/index.ts';

// ---------------------------------------------------------------------------------------------
// Local API
// ---------------------------------------------------------------------------------------------

export type LocalApiArea =
  'login' | 'members' | 'service' | 'session' | 'browser' | 'group' | 'script' | 'plugin';

/**
 * The answer's envelope: `v1` is message/code/data (every /api/v1/* call), `legacy` is
 * msg/status/data (/login and /members).
 */
export type LocalApiEnvelope = 'v1' | 'legacy';

export interface LocalApiRoute {
  /** The POST path, exactly as the spec spells it (case included). */
  readonly path: string;
  readonly area: LocalApiArea;
  /** The JSON body's schema (parse it to validate and normalise). */
  readonly body: z.ZodType;
  readonly envelope: LocalApiEnvelope;
}

/** Every call of local-api.md §7 (all POST with a JSON body), in the spec's order. */
export const LOCAL_API_ROUTES = [
  { path: '/login', area: 'login', body: loginBody, envelope: 'legacy' },
  { path: '/members', area: 'members', body: membersBody, envelope: 'legacy' },
  { path: '/api/v1/quit', area: 'service', body: quitBody, envelope: 'v1' },

  { path: '/api/v1/session/listid', area: 'session', body: listSessionIdsBody, envelope: 'v1' },
  {
    path: '/api/v1/session/id_container',
    area: 'session',
    body: sessionContainerBody,
    envelope: 'v1',
  },
  { path: '/api/v1/session/create', area: 'session', body: createSessionBody, envelope: 'v1' },
  { path: '/api/v1/session/update', area: 'session', body: updateSessionBody, envelope: 'v1' },
  {
    path: '/api/v1/session/adv_setting',
    area: 'session',
    body: sessionAdvSettingBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/proxy/update',
    area: 'session',
    body: updateSessionProxyBody,
    envelope: 'v1',
  },
  { path: '/api/v1/session/share', area: 'session', body: shareSessionBody, envelope: 'v1' },
  { path: '/api/v1/session/delete', area: 'session', body: deleteSessionBody, envelope: 'v1' },
  {
    path: '/api/v1/session/import-cookie',
    area: 'session',
    body: importCookieBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/export-cookie',
    area: 'session',
    body: exportCookieBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/random-user-agent',
    area: 'session',
    body: randomUserAgentBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/BrowserCache-clean',
    area: 'session',
    body: cleanBrowserCacheBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/list',
    area: 'session',
    body: autoOpenListBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/add',
    area: 'session',
    body: autoOpenAddBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/update',
    area: 'session',
    body: autoOpenUpdateBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/delete',
    area: 'session',
    body: autoOpenDeleteBody,
    envelope: 'v1',
  },

  { path: '/api/v1/browser/status', area: 'browser', body: browserStatusBody, envelope: 'v1' },
  { path: '/api/v1/browser/start', area: 'browser', body: browserStartBody, envelope: 'v1' },
  { path: '/api/v1/browser/stop', area: 'browser', body: browserStopBody, envelope: 'v1' },
  { path: '/api/v1/browser/kill', area: 'browser', body: browserKillBody, envelope: 'v1' },

  {
    path: '/api/v1/session/id_script_list',
    area: 'script',
    body: scriptListBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_script_active',
    area: 'script',
    body: scriptActivateBody,
    envelope: 'v1',
  },
  { path: '/api/v1/session/id_script_add', area: 'script', body: scriptAddBody, envelope: 'v1' },
  {
    path: '/api/v1/session/id_script_Deactivate',
    area: 'script',
    body: scriptDeactivateBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_script_Delete',
    area: 'script',
    body: scriptDeleteBody,
    envelope: 'v1',
  },

  { path: '/api/v1/group/list', area: 'group', body: groupListBody, envelope: 'v1' },
  { path: '/api/v1/group/create', area: 'group', body: groupCreateBody, envelope: 'v1' },
  { path: '/api/v1/group/del', area: 'group', body: groupDeleteBody, envelope: 'v1' },
  {
    path: '/api/v1/group/move_session',
    area: 'group',
    body: groupMoveSessionBody,
    envelope: 'v1',
  },

  { path: '/api/v1/plugin/list', area: 'plugin', body: pluginListBody, envelope: 'v1' },
  {
    path: '/api/v1/session/id_plugin_list',
    area: 'plugin',
    body: sessionPluginListBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/plugin_install',
    area: 'plugin',
    body: pluginInstallBody,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/plugin_delete',
    area: 'plugin',
    body: pluginDeleteBody,
    envelope: 'v1',
  },
] as const satisfies readonly LocalApiRoute[];

export type LocalApiPath = (typeof LOCAL_API_ROUTES)[number]['path'];

/** The route of a local API path, or undefined. */
export function localApiRoute(path: string): LocalApiRoute | undefined {
  return LOCAL_API_ROUTES.find((route) => route.path === path);
}

// ---------------------------------------------------------------------------------------------
// Cloud
// ---------------------------------------------------------------------------------------------

/**
 * What a cloud call authenticates with: nothing, the session `token` (for the local API's lease
 * calls, the lease token apilogin answers), a one-time `clienttoken`, or an API credential
 * (Account, APP_ID, APP_KEY).
 */
export type CloudAuth = 'none' | 'token' | 'clienttoken' | 'credential';

export interface CloudCall {
  /** The POST path on the cloud (multipart form data). */
  readonly path: string;
  readonly auth: CloudAuth;
  /** The text fields' schema, common fields (inweb, lang) included. */
  readonly fields: z.ZodType;
}

/** Every POST call of the cloud. */
export const CLOUD_CALLS = [
  { path: '/api/hainiao/version', auth: 'none', fields: versionFields },
  { path: '/api/hainiao/corelist', auth: 'none', fields: corelistFields },
  { path: '/api/hainiao/document', auth: 'none', fields: documentFields },
  { path: '/api/hainiao/status', auth: 'clienttoken', fields: statusFields },

  { path: '/api/hainiao/apiorderlist', auth: 'token', fields: apiOrderListFields },
  { path: '/api/hainiao/applyapi', auth: 'token', fields: applyApiFields },
  { path: '/api/hainiao/getappkey', auth: 'token', fields: getAppKeyFields },
  { path: '/api/hainiao/resetappkey', auth: 'token', fields: resetAppKeyFields },
  { path: '/api/hainiao/delappkey', auth: 'token', fields: delAppKeyFields },
  { path: '/api/hainiao/apiusedlogs', auth: 'token', fields: apiUsedLogsFields },

  { path: '/api/hainiao/workordertype', auth: 'token', fields: ticketTypeFields },
  { path: '/api/hainiao/workorderlist', auth: 'token', fields: ticketListFields },
  { path: '/api/hainiao/workorderdetail', auth: 'token', fields: ticketDetailFields },
  { path: '/api/hainiao/workorderadd', auth: 'token', fields: ticketAddFields },
  { path: '/api/hainiao/workorderreply', auth: 'token', fields: ticketReplyFields },
  { path: '/api/hainiao/workorderstatus', auth: 'token', fields: ticketStatusFields },
  /** The file part is not in the schema; the handler reads it. */
  { path: '/api/hainiao/workorderupload', auth: 'token', fields: ticketUploadFields },

  { path: '/api/hainiao/signup', auth: 'none', fields: signupFields },
  { path: '/api/hainiao/signin', auth: 'none', fields: signinFields },
  { path: '/api/hainiao/signout', auth: 'token', fields: signoutFields },
  { path: '/api/hainiao/signoutall', auth: 'token', fields: signoutAllFields },

  { path: '/api/hainiao/apilogin', auth: 'credential', fields: apiLoginFields },
  { path: '/api/hainiao/apiheartbeat', auth: 'token', fields: apiHeartbeatFields },
  { path: '/api/hainiao/apilogout', auth: 'token', fields: apiLogoutFields },
  { path: '/api/hainiao/members', auth: 'token', fields: membersFields },
  { path: '/api/hainiao/pluginlist', auth: 'token', fields: pluginLibraryFields },
  { path: '/api/hainiao/scriptlist', auth: 'token', fields: scriptLibraryFields },
] as const satisfies readonly CloudCall[];

export type CloudPath = (typeof CLOUD_CALLS)[number]['path'];

/** The cloud call of a path, or undefined. */
export function cloudCall(path: string): CloudCall | undefined {
  return CLOUD_CALLS.find((call) => call.path === path);
}

/** The previous-versions list: GET on the main host, no fields (site-console-tickets.md §7). */
export const HISTORY_LIST_PATH = '/historylist.php';
