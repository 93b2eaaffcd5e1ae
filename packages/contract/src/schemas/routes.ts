/**
 * Every call of the local API and of the cloud (the specs' calls and ours) with the schema of its
 * body or form fields. Servers register their validation from here, the docs generate their pages
 * from here, and tests check that no call is missing.
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
  staffTicketListFields,
  staffTypeDeleteFields,
  staffTypeListFields,
  staffTypeSaveFields,
  statusFields,
  ticketAddFields,
  ticketDetailFields,
  ticketListFields,
  ticketReplyFields,
  ticketStatusFields,
  ticketTypeFields,
  ticketUploadFields,
  versionFields,
  apiHeartbeatAnswer,
  apiLoginAnswer,
  apiLogoutAnswer,
  apiOrderListAnswer,
  apiUsedLogsAnswer,
  applyApiAnswer,
  corelistAnswer,
  delAppKeyAnswer,
  documentAnswer,
  getAppKeyAnswer,
  historyListAnswer,
  membersAnswer,
  pluginLibraryAnswer,
  resetAppKeyAnswer,
  scriptLibraryAnswer,
  signinAnswer,
  signoutAllAnswer,
  signoutAnswer,
  signupAnswer,
  staffTicketListAnswer,
  staffTypeDeleteAnswer,
  staffTypeListAnswer,
  staffTypeSaveAnswer,
  statusAnswer,
  ticketAddAnswer,
  ticketDetailAnswer,
  ticketListAnswer,
  ticketReplyAnswer,
  ticketStatusAnswer,
  ticketTypeAnswer,
  ticketUploadAnswer,
  versionAnswer,
  envPushFields,
  envPullFields,
  envShareFields,
  envLeaseFields,
  envReleaseFields,
  envPushAnswer,
  envPullAnswer,
  envShareAnswer,
  envLeaseAnswer,
  envReleaseAnswer,
  envWatchFields,
  envWatchAnswer,
} from './cloud/index.ts';
import {
  envTeamAnswer,
  envTeamFields,
  teamAddAnswer,
  teamAddFields,
  teamListAnswer,
  teamListFields,
  teamRemoveAnswer,
  teamRemoveFields,
} from './cloud/team.ts';
import {
  forgotPasswordAnswer,
  forgotPasswordFields,
  resetPasswordAnswer,
  resetPasswordFields,
} from './cloud/account.ts';
import {
  chunkGetAnswer,
  chunkGetFields,
  chunkMissingAnswer,
  chunkMissingFields,
  chunkPutAnswer,
  chunkPutFields,
} from './cloud/chunks.ts';
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
  groupUpdateBody,
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
  scriptLibraryBody,
  scriptListBody,
  selfCheckBody,
  sessionAdvSettingBody,
  sessionCloneBody,
  sessionContainerBody,
  sessionPluginListBody,
  sessionTagsBody,
  shareSessionBody,
  tagListBody,
  teamListBody,
  trashDeleteBody,
  trashListBody,
  trashRestoreBody,
  unshareSessionBody,
  updateSessionBody,
  updateSessionProxyBody,
} from './local-api/index.ts';
import {
  autoOpenAddAnswer,
  autoOpenDeleteAnswer,
  autoOpenListAnswer,
  autoOpenUpdateAnswer,
  browserKillAnswer,
  browserStartAnswer,
  browserStatusAnswer,
  browserStopAnswer,
  cleanBrowserCacheAnswer,
  createSessionAnswer,
  deleteSessionAnswer,
  exportCookieAnswer,
  groupCreateAnswer,
  groupDeleteAnswer,
  groupListAnswer,
  groupMoveSessionAnswer,
  groupUpdateAnswer,
  importCookieAnswer,
  listSessionIdsAnswer,
  localMembersAnswer,
  localScriptLibraryAnswer,
  localTeamListAnswer,
  loginAnswer,
  pluginDeleteAnswer,
  pluginInstallAnswer,
  pluginListAnswer,
  proxyLibraryCheckAnswer,
  proxyLibraryCreateAnswer,
  proxyLibraryDeleteAnswer,
  proxyLibraryExitsAnswer,
  proxyLibraryGetAnswer,
  proxyLibraryListAnswer,
  proxyLibraryUpdateAnswer,
  quitAnswer,
  randomUserAgentAnswer,
  scriptActivateAnswer,
  scriptAddAnswer,
  scriptDeactivateAnswer,
  scriptDeleteAnswer,
  scriptListAnswer,
  selfCheckAnswer,
  sessionAdvSettingAnswer,
  sessionCloneAnswer,
  sessionContainerAnswer,
  sessionPluginListAnswer,
  sessionTagsAnswer,
  shareSessionAnswer,
  tagListAnswer,
  trashDeleteAnswer,
  trashListAnswer,
  trashRestoreAnswer,
  unshareSessionAnswer,
  updateSessionAnswer,
  updateSessionProxyAnswer,
} from './local-api/index.ts';
import {
  proxyLibraryCheckBody,
  proxyLibraryCreateBody,
  proxyLibraryDeleteBody,
  proxyLibraryExitsBody,
  proxyLibraryGetBody,
  proxyLibraryListBody,
  proxyLibraryUpdateBody,
} from './local-api/proxy-library.ts';

// ---------------------------------------------------------------------------------------------
// Local API
// ---------------------------------------------------------------------------------------------

export type LocalApiArea =
  'login' | 'members' | 'service' | 'session' | 'browser' | 'group' | 'script' | 'plugin' | 'proxy';

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
  /**
   * What the call answers on success: for `v1`, the schema of `data` when `code` is 0; for
   * `legacy`, the whole answer when `status` is 0 (msg, status, data and the fields the legacy
   * envelope puts beside data, /members' dates). Strict, transforming nothing (routes.test.ts).
   */
  readonly answer: z.ZodType;
}

/** Every call of the local API spec (all POST with a JSON body), in the spec's order. */
export const LOCAL_API_ROUTES = [
  { path: '/login', area: 'login', body: loginBody, answer: loginAnswer, envelope: 'legacy' },
  {
    path: '/members',
    area: 'members',
    body: membersBody,
    answer: localMembersAnswer,
    envelope: 'legacy',
  },
  { path: '/api/v1/quit', area: 'service', body: quitBody, answer: quitAnswer, envelope: 'v1' },
  // Not in the spec: the logged-in account's team (issue 17, the manager's Team page).
  {
    path: '/api/v1/team/list',
    area: 'members',
    body: teamListBody,
    answer: localTeamListAnswer,
    envelope: 'v1',
  },

  {
    path: '/api/v1/session/listid',
    area: 'session',
    body: listSessionIdsBody,
    answer: listSessionIdsAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_container',
    area: 'session',
    body: sessionContainerBody,
    answer: sessionContainerAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/create',
    area: 'session',
    body: createSessionBody,
    answer: createSessionAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/update',
    area: 'session',
    body: updateSessionBody,
    answer: updateSessionAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/adv_setting',
    area: 'session',
    body: sessionAdvSettingBody,
    answer: sessionAdvSettingAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/proxy/update',
    area: 'session',
    body: updateSessionProxyBody,
    answer: updateSessionProxyAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/share',
    area: 'session',
    body: shareSessionBody,
    answer: shareSessionAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/unshare',
    area: 'session',
    body: unshareSessionBody,
    answer: unshareSessionAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/delete',
    area: 'session',
    body: deleteSessionBody,
    answer: deleteSessionAnswer,
    envelope: 'v1',
  },
  // Not in the spec (issue 27): tags in bulk, clones, and the recycle bin a delete moves to.
  {
    path: '/api/v1/session/tags',
    area: 'session',
    body: sessionTagsBody,
    answer: sessionTagsAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/tag/list',
    area: 'session',
    body: tagListBody,
    answer: tagListAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/clone',
    area: 'session',
    body: sessionCloneBody,
    answer: sessionCloneAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/trash/list',
    area: 'session',
    body: trashListBody,
    answer: trashListAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/trash/restore',
    area: 'session',
    body: trashRestoreBody,
    answer: trashRestoreAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/trash/delete',
    area: 'session',
    body: trashDeleteBody,
    answer: trashDeleteAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/import-cookie',
    area: 'session',
    body: importCookieBody,
    answer: importCookieAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/export-cookie',
    area: 'session',
    body: exportCookieBody,
    answer: exportCookieAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/random-user-agent',
    area: 'session',
    body: randomUserAgentBody,
    answer: randomUserAgentAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/BrowserCache-clean',
    area: 'session',
    body: cleanBrowserCacheBody,
    answer: cleanBrowserCacheAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/list',
    area: 'session',
    body: autoOpenListBody,
    answer: autoOpenListAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/add',
    area: 'session',
    body: autoOpenAddBody,
    answer: autoOpenAddAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/update',
    area: 'session',
    body: autoOpenUpdateBody,
    answer: autoOpenUpdateAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/auto_open/delete',
    area: 'session',
    body: autoOpenDeleteBody,
    answer: autoOpenDeleteAnswer,
    envelope: 'v1',
  },
  // Not in the spec: what a site could see of an environment (issue 18).
  {
    path: '/api/v1/session/self_check',
    area: 'session',
    body: selfCheckBody,
    answer: selfCheckAnswer,
    envelope: 'v1',
  },

  {
    path: '/api/v1/browser/status',
    area: 'browser',
    body: browserStatusBody,
    answer: browserStatusAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/browser/start',
    area: 'browser',
    body: browserStartBody,
    answer: browserStartAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/browser/stop',
    area: 'browser',
    body: browserStopBody,
    answer: browserStopAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/browser/kill',
    area: 'browser',
    body: browserKillBody,
    answer: browserKillAnswer,
    envelope: 'v1',
  },

  // Not in the spec: the script library to pick Script_IDs from (issue 27).
  {
    path: '/api/v1/script/list',
    area: 'script',
    body: scriptLibraryBody,
    answer: localScriptLibraryAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_script_list',
    area: 'script',
    body: scriptListBody,
    answer: scriptListAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_script_active',
    area: 'script',
    body: scriptActivateBody,
    answer: scriptActivateAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_script_add',
    area: 'script',
    body: scriptAddBody,
    answer: scriptAddAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_script_Deactivate',
    area: 'script',
    body: scriptDeactivateBody,
    answer: scriptDeactivateAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_script_Delete',
    area: 'script',
    body: scriptDeleteBody,
    answer: scriptDeleteAnswer,
    envelope: 'v1',
  },

  {
    path: '/api/v1/group/list',
    area: 'group',
    body: groupListBody,
    answer: groupListAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/group/create',
    area: 'group',
    body: groupCreateBody,
    answer: groupCreateAnswer,
    envelope: 'v1',
  },
  // Not in the spec: renames a group, its environments with it (issue 27).
  {
    path: '/api/v1/group/update',
    area: 'group',
    body: groupUpdateBody,
    answer: groupUpdateAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/group/del',
    area: 'group',
    body: groupDeleteBody,
    answer: groupDeleteAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/group/move_session',
    area: 'group',
    body: groupMoveSessionBody,
    answer: groupMoveSessionAnswer,
    envelope: 'v1',
  },

  {
    path: '/api/v1/plugin/list',
    area: 'plugin',
    body: pluginListBody,
    answer: pluginListAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/id_plugin_list',
    area: 'plugin',
    body: sessionPluginListBody,
    answer: sessionPluginListAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/plugin_install',
    area: 'plugin',
    body: pluginInstallBody,
    answer: pluginInstallAnswer,
    envelope: 'v1',
  },
  {
    path: '/api/v1/session/plugin_delete',
    area: 'plugin',
    body: pluginDeleteBody,
    answer: pluginDeleteAnswer,
    envelope: 'v1',
  },

  // Not in the spec: the proxy library (issue 27), under a prefix of its own.
  {
    path: '/manager/proxies/list',
    area: 'proxy',
    body: proxyLibraryListBody,
    answer: proxyLibraryListAnswer,
    envelope: 'v1',
  },
  {
    path: '/manager/proxies/get',
    area: 'proxy',
    body: proxyLibraryGetBody,
    answer: proxyLibraryGetAnswer,
    envelope: 'v1',
  },
  {
    path: '/manager/proxies/create',
    area: 'proxy',
    body: proxyLibraryCreateBody,
    answer: proxyLibraryCreateAnswer,
    envelope: 'v1',
  },
  {
    path: '/manager/proxies/update',
    area: 'proxy',
    body: proxyLibraryUpdateBody,
    answer: proxyLibraryUpdateAnswer,
    envelope: 'v1',
  },
  {
    path: '/manager/proxies/delete',
    area: 'proxy',
    body: proxyLibraryDeleteBody,
    answer: proxyLibraryDeleteAnswer,
    envelope: 'v1',
  },
  {
    path: '/manager/proxies/check',
    area: 'proxy',
    body: proxyLibraryCheckBody,
    answer: proxyLibraryCheckAnswer,
    envelope: 'v1',
  },
  {
    path: '/manager/proxies/exits',
    area: 'proxy',
    body: proxyLibraryExitsBody,
    answer: proxyLibraryExitsAnswer,
    envelope: 'v1',
  },
] as const satisfies readonly LocalApiRoute[];

export type LocalApiPath = (typeof LOCAL_API_ROUTES)[number]['path'];

/** The table's entry of one local API path, with its exact schemas. */
export type LocalApiRouteOf<P extends LocalApiPath> = Extract<
  (typeof LOCAL_API_ROUTES)[number],
  { path: P }
>;

/** The JSON body a caller sends to a path (the body schema's input). */
export type LocalApiBodyOf<P extends LocalApiPath> = z.input<LocalApiRouteOf<P>['body']>;

/** What a path answers on success, as its answer schema has it (legacy: the whole answer). */
export type LocalApiAnswerOf<P extends LocalApiPath> = z.output<LocalApiRouteOf<P>['answer']>;

/** The `data` a path answers on success, whatever its envelope. */
export type LocalApiDataOf<P extends LocalApiPath> = LocalApiRouteOf<P>['envelope'] extends 'legacy'
  ? LocalApiAnswerOf<P> extends { data: infer D }
    ? D
    : never
  : LocalApiAnswerOf<P>;

/** The route of a local API path, or undefined. */
export function localApiRoute(path: string): LocalApiRoute | undefined {
  return LOCAL_API_ROUTES.find((route) => route.path === path);
}

// ---------------------------------------------------------------------------------------------
// Cloud
// ---------------------------------------------------------------------------------------------

/**
 * What a cloud call authenticates with, and in which field:
 * - `none`: nothing;
 * - `session`: the site's signed-in session token (field `token`, from /status);
 * - `staff`: a session token whose account has the role staff (field `token`);
 * - `lease`: the device lease token that apilogin answers (field `token`), for the local API's calls;
 * - `clienttoken`: the one-time client token of a sign-in or sign-up (field `clienttoken`);
 * - `credential`: an API credential (Account, APP_ID, APP_KEY).
 */
export type CloudAuth = 'none' | 'session' | 'staff' | 'lease' | 'clienttoken' | 'credential';

export interface CloudCall {
  /** The POST path on the cloud (multipart form data). */
  readonly path: string;
  readonly auth: CloudAuth;
  /** The text fields' schema, common fields (inweb, lang) included. */
  readonly fields: z.ZodType;
  /** The schema of the answer's `data` when `code` is 0. */
  readonly answer: z.ZodType;
}

/** Every POST call of the cloud. */
export const CLOUD_CALLS = [
  { path: '/api/hainiao/version', auth: 'none', fields: versionFields, answer: versionAnswer },
  { path: '/api/hainiao/corelist', auth: 'none', fields: corelistFields, answer: corelistAnswer },
  { path: '/api/hainiao/document', auth: 'none', fields: documentFields, answer: documentAnswer },
  { path: '/api/hainiao/status', auth: 'clienttoken', fields: statusFields, answer: statusAnswer },

  {
    path: '/api/hainiao/apiorderlist',
    auth: 'session',
    fields: apiOrderListFields,
    answer: apiOrderListAnswer,
  },
  {
    path: '/api/hainiao/applyapi',
    auth: 'session',
    fields: applyApiFields,
    answer: applyApiAnswer,
  },
  {
    path: '/api/hainiao/getappkey',
    auth: 'session',
    fields: getAppKeyFields,
    answer: getAppKeyAnswer,
  },
  {
    path: '/api/hainiao/resetappkey',
    auth: 'session',
    fields: resetAppKeyFields,
    answer: resetAppKeyAnswer,
  },
  {
    path: '/api/hainiao/delappkey',
    auth: 'session',
    fields: delAppKeyFields,
    answer: delAppKeyAnswer,
  },
  {
    path: '/api/hainiao/apiusedlogs',
    auth: 'session',
    fields: apiUsedLogsFields,
    answer: apiUsedLogsAnswer,
  },

  {
    path: '/api/hainiao/workordertype',
    auth: 'session',
    fields: ticketTypeFields,
    answer: ticketTypeAnswer,
  },
  {
    path: '/api/hainiao/workorderlist',
    auth: 'session',
    fields: ticketListFields,
    answer: ticketListAnswer,
  },
  {
    path: '/api/hainiao/workorderdetail',
    auth: 'session',
    fields: ticketDetailFields,
    answer: ticketDetailAnswer,
  },
  {
    path: '/api/hainiao/workorderadd',
    auth: 'session',
    fields: ticketAddFields,
    answer: ticketAddAnswer,
  },
  {
    path: '/api/hainiao/workorderreply',
    auth: 'session',
    fields: ticketReplyFields,
    answer: ticketReplyAnswer,
  },
  {
    path: '/api/hainiao/workorderstatus',
    auth: 'session',
    fields: ticketStatusFields,
    answer: ticketStatusAnswer,
  },
  /** The file part is not in the schema; the handler reads it. */
  {
    path: '/api/hainiao/workorderupload',
    auth: 'session',
    fields: ticketUploadFields,
    answer: ticketUploadAnswer,
  },

  {
    path: '/api/hainiao/staff/workorderlist',
    auth: 'staff',
    fields: staffTicketListFields,
    answer: staffTicketListAnswer,
  },
  {
    path: '/api/hainiao/staff/typelist',
    auth: 'staff',
    fields: staffTypeListFields,
    answer: staffTypeListAnswer,
  },
  {
    path: '/api/hainiao/staff/typesave',
    auth: 'staff',
    fields: staffTypeSaveFields,
    answer: staffTypeSaveAnswer,
  },
  {
    path: '/api/hainiao/staff/typedelete',
    auth: 'staff',
    fields: staffTypeDeleteFields,
    answer: staffTypeDeleteAnswer,
  },

  { path: '/api/hainiao/signup', auth: 'none', fields: signupFields, answer: signupAnswer },
  { path: '/api/hainiao/signin', auth: 'none', fields: signinFields, answer: signinAnswer },
  { path: '/api/hainiao/signout', auth: 'session', fields: signoutFields, answer: signoutAnswer },
  {
    path: '/api/hainiao/signoutall',
    auth: 'session',
    fields: signoutAllFields,
    answer: signoutAllAnswer,
  },
  // Forgot password (issue 27): a one-time link by mail, then a new password; signed out.
  {
    path: '/api/hainiao/forgotpassword',
    auth: 'none',
    fields: forgotPasswordFields,
    answer: forgotPasswordAnswer,
  },
  {
    path: '/api/hainiao/resetpassword',
    auth: 'none',
    fields: resetPasswordFields,
    answer: resetPasswordAnswer,
  },
  // The console's Team tab (issue 13 "Teams"; schemas/cloud/team.ts).
  {
    path: '/api/hainiao/teamlist',
    auth: 'session',
    fields: teamListFields,
    answer: teamListAnswer,
  },
  { path: '/api/hainiao/teamadd', auth: 'session', fields: teamAddFields, answer: teamAddAnswer },
  {
    path: '/api/hainiao/teamremove',
    auth: 'session',
    fields: teamRemoveFields,
    answer: teamRemoveAnswer,
  },

  {
    path: '/api/hainiao/apilogin',
    auth: 'credential',
    fields: apiLoginFields,
    answer: apiLoginAnswer,
  },
  {
    path: '/api/hainiao/apiheartbeat',
    auth: 'lease',
    fields: apiHeartbeatFields,
    answer: apiHeartbeatAnswer,
  },
  {
    path: '/api/hainiao/apilogout',
    auth: 'lease',
    fields: apiLogoutFields,
    answer: apiLogoutAnswer,
  },
  { path: '/api/hainiao/members', auth: 'lease', fields: membersFields, answer: membersAnswer },
  // The team as teamlist answers it, for the lease's account (issue 17: the manager's Team page).
  { path: '/api/hainiao/envteam', auth: 'lease', fields: envTeamFields, answer: envTeamAnswer },
  {
    path: '/api/hainiao/pluginlist',
    auth: 'lease',
    fields: pluginLibraryFields,
    answer: pluginLibraryAnswer,
  },
  {
    path: '/api/hainiao/scriptlist',
    auth: 'lease',
    fields: scriptLibraryFields,
    answer: scriptLibraryAnswer,
  },
  // Environment sync, share and run leases (issue 13; schemas/cloud/sync.ts).
  { path: '/api/hainiao/envpush', auth: 'lease', fields: envPushFields, answer: envPushAnswer },
  { path: '/api/hainiao/envpull', auth: 'lease', fields: envPullFields, answer: envPullAnswer },
  { path: '/api/hainiao/envshare', auth: 'lease', fields: envShareFields, answer: envShareAnswer },
  {
    path: '/api/hainiao/envunshare',
    auth: 'lease',
    fields: envShareFields,
    answer: envShareAnswer,
  },
  { path: '/api/hainiao/envlease', auth: 'lease', fields: envLeaseFields, answer: envLeaseAnswer },
  {
    path: '/api/hainiao/envrelease',
    auth: 'lease',
    fields: envReleaseFields,
    answer: envReleaseAnswer,
  },
  // Changes arrive live (issue 24): a long poll that answers on the caller's next change.
  { path: '/api/hainiao/envwatch', auth: 'lease', fields: envWatchFields, answer: envWatchAnswer },
  // Profile snapshots (issue 13): content-addressed chunks, read and written with the lease.
  {
    path: '/api/hainiao/chunkmissing',
    auth: 'lease',
    fields: chunkMissingFields,
    answer: chunkMissingAnswer,
  },
  /** The file part (the compressed chunk) is not in the schema; the handler reads it. */
  { path: '/api/hainiao/chunkput', auth: 'lease', fields: chunkPutFields, answer: chunkPutAnswer },
  /** Answers the compressed chunk as application/octet-stream, not JSON, on success. */
  { path: '/api/hainiao/chunkget', auth: 'lease', fields: chunkGetFields, answer: chunkGetAnswer },
] as const satisfies readonly CloudCall[];

export type CloudPath = (typeof CLOUD_CALLS)[number]['path'];

/** The table's entry of one path, with its exact schemas. */
export type CloudCallOf<P extends CloudPath> = Extract<(typeof CLOUD_CALLS)[number], { path: P }>;

/** The form fields a caller sends for a path (the fields schema's input, common fields included). */
export type CloudFieldsOf<P extends CloudPath> = z.input<CloudCallOf<P>['fields']>;

/** The `data` a path answers on code 0 (the answer schema's output). */
export type CloudAnswerOf<P extends CloudPath> = z.output<CloudCallOf<P>['answer']>;

/** The cloud call of a path, or undefined. */
export function cloudCall(path: string): CloudCall | undefined {
  return CLOUD_CALLS.find((call) => call.path === path);
}

/**
 * Whether `data` is what `path` answers on code 0, by the call's answer schema. The answer schemas
 * transform nothing (a test checks it), so data that passes is already the typed answer.
 */
export function isCloudAnswer<P extends CloudPath>(
  path: P,
  data: unknown,
): data is CloudAnswerOf<P> {
  return cloudCall(path)?.answer.safeParse(data).success ?? false;
}

/** The previous-versions list: GET on the main host, no fields (the site spec's one GET). */
export const HISTORY_LIST_PATH = '/historylist.php';

/** The previous-versions list's call: its `data` on code 0 is `answer`. */
export const HISTORY_LIST_CALL = {
  path: HISTORY_LIST_PATH,
  method: 'GET',
  auth: 'none',
  answer: historyListAnswer,
} as const;
