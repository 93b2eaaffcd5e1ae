/**
 * AdsPower-compatible calls (issue 18 part 1; docs/adspower-compat.md): AdsPower's
 * public Local API served beside our own calls, so that scripts written for it run here. The
 * shapes are the contract's (schemas/local-api/compat.ts); this file maps their fields to our
 * environment model through the domain functions our own calls use (group, system, resolution,
 * user agent, locale, proxy, cookies, proxy check), with the same validation, and answers
 * `{code: 0 | -1, msg, data}` as AdsPower does: a failure is code -1, HTTP 200, with the reason in
 * `msg` (the guards' 401/403/405/415 and a spent rate limit's 429 keep their statuses).
 *
 * Every documented field either does what it says or is refused by name; nulls count as not sent.
 * Where a path is also ours the method decides; POST /api/v1/group/create is both, and the body
 * decides (AdsPower's group_name, our Group_Name).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ADSPOWER_COMPAT_ROUTES,
  ADSPOWER_SUCCESS,
  ADSPOWER_V2_LIMIT_DEFAULT,
  adsPowerGroupCreateBody,
  adsPowerMessages as M,
  BrowserCodes,
  format,
  isAdsPowerCall,
  localApiMessages,
  type AdsPowerPath,
  type AdsPowerUserCreateBody,
  type AdsPowerUserUpdateBody,
} from '@hainiao/contract';
import type { Login } from '../../account/auth.ts';
import type { ServiceContext } from '../../context.ts';
import { resolve, resolveAll } from '../../domain/access.ts';
import { clearCacheAfterExit } from '../../domain/browser-data.ts';
import { endEnvironment, startEnvironment } from '../../domain/environment-browser.ts';
import { createEnvironment } from '../../domain/environment-create.ts';
import { deleteEnvironments } from '../../domain/environment-delete.ts';
import { updateEnvironment } from '../../domain/environment-update.ts';
import { createGroup } from '../../domain/groups.ts';
import { launchPlan } from '../../domain/launch-plan.ts';
import { callerLang, LocalApiError, UNKNOWN_EXCEPTION } from '../../http/envelope.ts';
import { toLocalApiError } from '../../http/errors.ts';
import { assertAllowedArgs } from '../../http/launch-args.ts';
import { requireLogin } from '../../http/route.ts';
import type { EnvironmentRecord, Visible } from '../../model/environment.ts';
import { DomainError } from '../../model/errors.ts';
import type { EnvironmentSettings } from '../../model/settings.ts';
import type { LaunchPlan, RunningBrowser } from '../../runtime/browser.ts';
import {
  applyLocale,
  fingerprintChanges,
  groupIdOf,
  groupOfId,
  invalid,
  launchArgsOf,
  localeGiven,
  notSupported,
  pick,
  placeOf,
  PROXY_NAMES,
  proxyConfigOf,
  proxyOf,
  refuse,
  refuseUnsupported,
  startPagesOf,
  valueNotSupported,
} from './compat-adspower-fields.ts';

const B = BrowserCodes.code;

/**
 * Marks a request that came in on `--compat-port` (cli.ts): only these calls are served there.
 * Set on the raw request before it is handed to the app.
 */
export const COMPAT_PORT_REQUEST = Symbol('compat-port request');

// ---------------------------------------------------------------------------------------------
// Answers and failures
// ---------------------------------------------------------------------------------------------

/** The failure of any error, in the caller's language: AdsPower's `{code: -1, msg, data: {}}`. */
function sendFailure(thrown: unknown, request: FastifyRequest, reply: FastifyReply) {
  const error = thrown instanceof DomainError ? toLocalApiError(thrown) : thrown;
  const lang = callerLang(request);
  if (error instanceof LocalApiError) {
    // A malformed request is a failed call here (HTTP 200, as AdsPower answers it); refusals of
    // the guards, the login and the rate limit keep their statuses.
    const status = error.httpStatus === 400 ? 200 : error.httpStatus;
    return reply
      .status(status)
      .headers(error.headers)
      .send({ code: -1, data: {}, msg: error.messages[lang] });
  }
  const known = error as { statusCode?: number; code?: string; message?: string };
  if (known.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply
      .status(415)
      .send({ code: -1, data: {}, msg: localApiMessages.contentTypeJson[lang] });
  }
  if (known.statusCode === 413) {
    return reply.status(413).send({ code: -1, data: {}, msg: localApiMessages.bodyTooLarge[lang] });
  }
  console.error(error);
  return reply.status(500).send({
    code: -1,
    data: {},
    msg: format(M.unknownError[lang], { reason: known.message ?? String(error) }),
  });
}

// ---------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------

/** AdsPower's clients send null for a field they do not set (requests' json=None): not sent. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, dropNulls(v)]),
    );
  }
  return value;
}

/** The parameters, checked with their schema; the first problem names the field. */
function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue?.path.map(String) ?? [];
  if (issue?.code === 'unrecognized_keys') {
    return throwing(
      refuse(M.unknownField, { field: issue.keys.map((k) => [...at, k].join('.')).join(', ') }),
    );
  }
  const field = at.join('.') || 'body';
  if (issue?.code === 'too_big' && issue.origin === 'string') {
    return throwing(refuse(M.tooLong, { field, max: Number(issue.maximum) }));
  }
  let value: unknown = raw;
  for (const key of at) value = (value as Record<string, unknown> | undefined)?.[key];
  return throwing(value === undefined ? refuse(M.missingParameter, { field }) : invalid(field));
}

function throwing(error: Error): never {
  throw error;
}

/** The query of a GET without our own `api_key` (http/api-key.ts). */
function queryOf(request: FastifyRequest): Record<string, unknown> {
  const { api_key: _key, ...query } = (request.query ?? {}) as Record<string, unknown>;
  return query;
}

/** The profile a call names: its id (our Session_ID); serial numbers do not exist here. */
function profileId(idField: string, serialField: string, input: Record<string, unknown>): string {
  const id = input[idField];
  if (typeof id === 'string' && id) return id;
  if (input[serialField] !== undefined && input[serialField] !== '') {
    throw notSupported(serialField, M.noSerialNumbers, { idField });
  }
  throw refuse(M.missingParameter, { field: idField });
}

// ---------------------------------------------------------------------------------------------
// Browsers
// ---------------------------------------------------------------------------------------------

interface StartOptions {
  headless?: 0 | 1 | undefined;
  launchArgs?: string[] | string | undefined;
  launchArgsField: string;
  /** false: no start pages (v1 open_tabs 1). */
  startPages?: boolean | undefined;
  restoreTabs?: 0 | 1 | undefined;
  checkPage?: 0 | 1 | undefined;
  passwordSaving?: 0 | 1 | undefined;
  clearCacheAfterClosing?: 0 | 1 | undefined;
  /** AdsPower's cdp_mask: 0 hands out the DevTools port unfiltered (Raw_DevTools 1). */
  cdpMask?: 0 | 1 | undefined;
}

/**
 * The start plan of browser/start (domain/launch-plan.ts), with the start options of the call
 * applied to a copy of the settings (nothing is saved) and its URLs added as tabs.
 */
function compatLaunchPlan(
  ctx: ServiceContext,
  record: EnvironmentRecord,
  options: StartOptions,
  args: { flags: string[]; urls: string[] } | undefined,
): LaunchPlan {
  const settings: EnvironmentSettings = { ...record.settings };
  if (options.restoreTabs !== undefined) settings.restoreOnStartup = options.restoreTabs;
  if (options.checkPage !== undefined) settings.forceCheckPage = options.checkPage;
  if (options.passwordSaving !== undefined) settings.savePasswordPrompt = options.passwordSaving;
  const plan = launchPlan(
    ctx,
    { ...record, settings },
    {
      headless: (options.headless ?? record.settings.launchHeadless) === 1,
      args: args ? args.flags : record.settings.launchArgs,
      rawDevTools: options.cdpMask === 0,
    },
  );
  const pages = options.startPages === false ? [] : plan.startPages;
  return { ...plan, startPages: [...new Set([...pages, ...(args?.urls ?? [])])] };
}

interface Endpoints {
  ws: { selenium: string; puppeteer: string };
  debug_port: string;
  webdriver: string;
}

/**
 * The running browser's endpoints as AdsPower names them: the DevTools endpoint of
 * browser_CDP_Port (the service's DevTools proxy, runtime/devtools/devtools-proxy.ts), its browser
 * WebSocket read from its own /json/version, and the chromedriver found beside the browser.
 */
async function endpointsOf(running: RunningBrowser): Promise<Endpoints> {
  const port = running.cdpPort;
  let puppeteer = '';
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/version`, {
      signal: AbortSignal.timeout(10_000),
    });
    puppeteer = String(
      ((await response.json()) as { webSocketDebuggerUrl?: string }).webSocketDebuggerUrl ?? '',
    );
  } catch {
    // answered below
  }
  if (!puppeteer) throw refuse(M.devToolsUnanswered, { id: running.id });
  return {
    ws: { selenium: `127.0.0.1:${port}`, puppeteer },
    debug_port: String(port),
    webdriver: running.driverPath,
  };
}

const NO_ENDPOINTS: Endpoints = {
  ws: { selenium: '', puppeteer: '' },
  debug_port: '',
  webdriver: '',
};

async function startBrowser(
  ctx: ServiceContext,
  login: Login,
  id: string,
  options: StartOptions,
): Promise<Endpoints> {
  const { record } = resolve(ctx.envs, login.account, id, 'read');
  const args =
    options.launchArgs === undefined
      ? undefined
      : launchArgsOf(options.launchArgs, options.launchArgsField);
  if (args) assertAllowedArgs(args.flags);
  // Already running answers its endpoints (AdsPower's start of an open profile); a sync refusal
  // (domain/sync.ts) is the answer.
  const result = await startEnvironment(ctx, login.account, record, (current) =>
    compatLaunchPlan(ctx, current, options, args),
  );
  if (result.status === B.ENV_QUEUED) throw refuse(M.startQueued, { id });
  const running = result.running ?? ctx.runtime.running(id);
  if (!running) {
    const entry = BrowserCodes.get(result.status);
    throw new LocalApiError(UNKNOWN_EXCEPTION, {
      en: format(M.startFailed.en, {
        status: result.status,
        reason: result.reason ?? entry?.en ?? '',
      }),
      zh: format(M.startFailed.zh, {
        status: result.status,
        reason: result.reason ?? entry?.zh ?? '',
      }),
    });
  }
  if (options.clearCacheAfterClosing === 1) clearCacheAfterExit(ctx, id, running.processId);
  return endpointsOf(running);
}

/** Closes a profile's browser; a headless one is killed (AdsPower's stop closes any browser). */
async function stopBrowser(ctx: ServiceContext, login: Login, id: string): Promise<void> {
  resolve(ctx.envs, login.account, id, 'read');
  if (!ctx.runtime.running(id)) return;
  const result = await endEnvironment(ctx, id, 'close');
  if (result.status !== B.SUCCESS) throw refuse(M.stopFailed, { status: result.status });
}

async function activeOf(ctx: ServiceContext, login: Login, id: string) {
  resolve(ctx.envs, login.account, id, 'read');
  const running = ctx.runtime.running(id);
  return running
    ? { status: 'Active', ...(await endpointsOf(running)) }
    : { status: 'Inactive', ...NO_ENDPOINTS };
}

function refuseDeviceScale(value: string | undefined, field: string): void {
  if (value !== undefined && value !== '') throw notSupported(field, M.deviceScaleModel);
}

// ---------------------------------------------------------------------------------------------
// Profiles: AdsPower's user fields → our environment
// ---------------------------------------------------------------------------------------------

async function createProfile(
  ctx: ServiceContext,
  login: Login,
  input: AdsPowerUserCreateBody,
  request: FastifyRequest,
): Promise<string> {
  refuseUnsupported(input);
  const group = groupOfId(ctx, login.account, input.group_id ?? '0');
  const fp = fingerprintChanges(input.fingerprint_config ?? {});
  const record = await createEnvironment(ctx, {
    owner: login.account,
    lang: callerLang(request),
    name: input.name,
    description: input.remark,
    group,
    startPages: urlsOf(startPagesOf(input)),
    cookies: input.cookie,
    // The system: the user agent's, else one of random_ua's, else the machine's (as our create).
    systemFromUserAgent: fp.userAgent !== undefined,
    system: fp.systems && pick(fp.systems),
    userAgent: fp.userAgent,
    userAgentVersion: fp.versions && pick(fp.versions),
    resolution: fp.resolution === 'random' ? undefined : fp.resolution,
    settings: { ...fp.settings, ...placeOf(input) },
    fingerprintFlags: fp.flags,
    proxy: proxyRequestOf(input),
    // AdsPower's default is "by IP": with a proxy, time zone and language follow its exit.
    settleLocale: (created) => applyLocale(created, fp, 'create', true),
  });
  return record.id;
}

async function updateProfile(
  ctx: ServiceContext,
  login: Login,
  input: AdsPowerUserUpdateBody,
  request: FastifyRequest,
): Promise<void> {
  refuseUnsupported(input);
  const fp = fingerprintChanges(input.fingerprint_config ?? {});
  const pagesGiven = input.domain_name !== undefined || input.open_urls !== undefined;
  await updateEnvironment(ctx, login.account, input.user_id, {
    lang: callerLang(request),
    group: input.group_id === undefined ? undefined : groupOfId(ctx, login.account, input.group_id),
    name: input.name,
    description: input.remark,
    cookies: input.cookie,
    startPages: pagesGiven ? urlsOf(startPagesOf(input)) : undefined,
    // A new system (as adv_setting does): the user agent's, else one of random_ua's.
    systemFromUserAgent: fp.userAgent !== undefined,
    system: fp.systems && pick(fp.systems),
    userAgent: fp.userAgent,
    newUserAgent:
      fp.systems || fp.versions ? { version: fp.versions && pick(fp.versions) } : undefined,
    resolution: fp.resolution === 'random' ? undefined : fp.resolution,
    settings: {
      ...fp.settings,
      ...placeOf(input),
      ...(input.launch_args === undefined ? {} : { launchArgs: input.launch_args }),
    },
    fingerprintFlags: fp.flags,
    // As proxy/update: checked when it now follows the exit and the proxy or that choice changed.
    proxy: proxyRequestOf(input),
    settleLocale: (record) =>
      applyLocale(record, fp, 'update', localeGiven(input.fingerprint_config)),
  });
}

const urlsOf = (pages: readonly { url: string }[]) => pages.map((page) => page.url);

const proxyRequestOf = (input: AdsPowerUserCreateBody) =>
  input.user_proxy_config && { fields: proxyOf(input.user_proxy_config), spelling: PROXY_NAMES };

/** The account's profiles (own and shared), filtered by group, oldest first. */
function profiles(ctx: ServiceContext, owner: string, group?: string): Visible[] {
  const { ids } = ctx.envs.list(owner, { group, offset: 0, limit: Number.MAX_SAFE_INTEGER });
  const found = ctx.envs.visibleMany(owner, ids);
  return [...found.values()].sort(
    (a, b) => a.record.createdAt - b.record.createdAt || a.record.id.localeCompare(b.record.id),
  );
}

const seconds = (ms: number) => String(Math.floor(ms / 1000));

function lastOpened(ctx: ServiceContext, id: string): string {
  const running = ctx.runtime.running(id);
  return running ? seconds(running.startedAt) : '';
}

/** A profile as user/list answers it. */
function userItem(ctx: ServiceContext, { record }: Visible) {
  return {
    serial_number: '',
    user_id: record.id,
    name: record.name,
    group_id: groupIdOf(record.group),
    group_name: record.group,
    domain_name: '',
    username: '',
    remark: record.description,
    sys_app_cate_id: '0',
    created_time: seconds(record.createdAt),
    ip: record.proxyIp,
    ip_country: record.settings.countryCode.toLowerCase(),
    password: '',
    last_open_time: lastOpened(ctx, record.id),
  };
}

/** A profile as the v2 list answers it. */
function profileItem(ctx: ServiceContext, { record }: Visible) {
  return {
    profile_id: record.id,
    profile_no: '',
    name: record.name,
    group_id: groupIdOf(record.group),
    group_name: record.group,
    remark: record.description,
    platform: '',
    username: '',
    password: '',
    fakey: '',
    created_time: seconds(record.createdAt),
    last_open_time: lastOpened(ctx, record.id),
    ip: record.proxyIp,
    ip_country: record.settings.countryCode.toLowerCase(),
    ipchecker: '',
    fbcc_proxy_acc_id: '',
    user_proxy_config: proxyConfigOf(record),
  };
}

/** user_sort / sort_type + sort_order: creation order (serial numbers follow it), newest first. */
function sorted(list: Visible[], field: string, order: 'asc' | 'desc', sortField: string) {
  if (field === 'last_open_time') throw notSupported(sortField, M.noLastOpenTime);
  if (!['serial_number', 'profile_no', 'created_time'].includes(field)) {
    throw valueNotSupported(sortField, field, 'serial_number, created_time');
  }
  return order === 'desc' ? [...list].reverse() : list;
}

function userSortOf(text: string | undefined): { field: string; order: 'asc' | 'desc' } {
  if (text === undefined || text === '') return { field: 'serial_number', order: 'desc' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('user_sort');
  }
  const entries = parsed && typeof parsed === 'object' ? Object.entries(parsed) : [];
  const [entry] = entries;
  if (entries.length !== 1 || !entry || (entry[1] !== 'asc' && entry[1] !== 'desc')) {
    throw invalid('user_sort');
  }
  return { field: entry[0], order: entry[1] };
}

const page = <T>(list: T[], number: number, size: number) =>
  list.slice((number - 1) * size, number * size);

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

interface CallInput {
  input: Record<string, unknown>;
  login: Login;
  request: FastifyRequest;
}

type Handler = (call: CallInput) => Promise<unknown> | unknown;

/** The budget of our call a compat call counts against (http/rate-limit.ts). */
const BUDGETS: Partial<Record<AdsPowerPath, string>> = {
  '/api/v1/user/create': '/api/v1/session/create',
  '/api/v1/user/update': '/api/v1/session/update',
  '/api/v1/user/delete': '/api/v1/session/delete',
  '/api/v1/user/list': '/api/v1/session/listid',
  '/api/v2/browser-profile/list': '/api/v1/session/listid',
};

const ok = (data: unknown, msg: string = ADSPOWER_SUCCESS.lower) => ({ code: 0, data, msg });

function handlers(ctx: ServiceContext): Record<string, Handler> {
  const v1Start: Handler = async ({ input, login }) => {
    refuseDeviceScale(input.device_scale as string | undefined, 'device_scale');
    if (input.new_first_tab === 1) throw valueNotSupported('new_first_tab', 1, '0');
    const id = profileId('user_id', 'serial_number', input);
    const openTabs = input.open_tabs as 0 | 1 | undefined;
    const data = await startBrowser(ctx, login, id, {
      headless: input.headless as 0 | 1 | undefined,
      launchArgs: input.launch_args as string[] | string | undefined,
      launchArgsField: 'launch_args',
      // open_tabs 1: neither the start pages nor the last session's tabs.
      startPages: openTabs !== 1,
      restoreTabs: openTabs === undefined ? undefined : openTabs === 1 ? 0 : 1,
      checkPage: input.ip_tab as 0 | 1 | undefined,
      passwordSaving: input.enable_password_saving as 0 | 1 | undefined,
      clearCacheAfterClosing: input.clear_cache_after_closing as 0 | 1 | undefined,
      cdpMask: input.cdp_mask as 0 | 1 | undefined,
    });
    return ok(data);
  };
  const v2Start: Handler = async ({ input, login }) => {
    refuseDeviceScale(input.device_scale as string | undefined, 'device_scale');
    const id = profileId('profile_id', 'profile_no', input);
    const detection = (input.proxy_detection ?? input.ip_tab) as 0 | 1 | undefined;
    const data = await startBrowser(ctx, login, id, {
      headless: input.headless as 0 | 1 | undefined,
      launchArgs: input.launch_args as string[] | string | undefined,
      launchArgsField: 'launch_args',
      restoreTabs: input.last_opened_tabs as 0 | 1 | undefined,
      checkPage: detection,
      passwordSaving: input.password_saving as 0 | 1 | undefined,
      clearCacheAfterClosing: input.delete_cache as 0 | 1 | undefined,
      cdpMask: input.cdp_mask as 0 | 1 | undefined,
    });
    return { code: 0, msg: ADSPOWER_SUCCESS.lower, data };
  };
  const v2Active: Handler = async ({ input, login }) => ({
    code: 0,
    msg: ADSPOWER_SUCCESS.lower,
    data: await activeOf(ctx, login, profileId('profile_id', 'profile_no', input)),
  });

  return {
    'GET /status': () => ({ code: 0, msg: ADSPOWER_SUCCESS.lower }),

    'GET /api/v1/browser/start': v1Start,

    'GET /api/v1/browser/stop': async ({ input, login }) => {
      await stopBrowser(ctx, login, profileId('user_id', 'serial_number', input));
      return ok({});
    },

    'GET /api/v1/browser/active': async ({ input, login }) => {
      const { status, ws } = await activeOf(
        ctx,
        login,
        profileId('user_id', 'serial_number', input),
      );
      return ok({ status, ws });
    },

    'GET /api/v1/browser/local-active': async ({ login }) => {
      const ids = ctx.runtime.runningIds();
      const visible = ctx.envs.visibleMany(login.account, ids);
      const list = [];
      for (const id of ids) {
        const running = ctx.runtime.running(id);
        if (!visible.has(id) || !running) continue;
        list.push({ user_id: id, ...(await endpointsOf(running)) });
      }
      return { code: 0, msg: ADSPOWER_SUCCESS.lower, data: { list } };
    },

    'GET /api/v1/user/list': ({ input, login }) => {
      if (input.serial_number !== undefined && input.serial_number !== '') {
        throw notSupported('serial_number', M.noSerialNumbers, { idField: 'user_id' });
      }
      const group =
        input.group_id === undefined || input.group_id === ''
          ? undefined
          : groupOfId(ctx, login.account, input.group_id as string);
      let list = profiles(ctx, login.account, group);
      if (input.user_id) list = list.filter((p) => p.record.id === input.user_id);
      const sort = userSortOf(input.user_sort as string | undefined);
      list = sorted(list, sort.field, sort.order, 'user_sort');
      const number = (input.page as number | undefined) ?? 1;
      const size = (input.page_size as number | undefined) ?? 1;
      return ok(
        {
          list: page(list, number, size).map((p) => userItem(ctx, p)),
          page: number,
          page_size: size,
        },
        ADSPOWER_SUCCESS.upper,
      );
    },

    'POST /api/v1/user/create': async ({ input, login, request }) => {
      const id = await createProfile(ctx, login, input as AdsPowerUserCreateBody, request);
      return ok({ id }, ADSPOWER_SUCCESS.upper);
    },

    'POST /api/v1/user/update': async ({ input, login, request }) => {
      await updateProfile(ctx, login, input as AdsPowerUserUpdateBody, request);
      return ok({}, ADSPOWER_SUCCESS.upper);
    },

    'POST /api/v1/user/delete': async ({ input, login }) => {
      const targets = resolveAll(ctx.envs, login.account, input.user_ids as string[], 'write');
      // All or none: an open profile stops the whole call.
      const open = targets.find((t) => ctx.runtime.running(t.record.id));
      if (open) throw refuse(M.profileOpen, { id: open.record.id });
      await deleteEnvironments(
        ctx,
        login.account,
        targets.map((t) => t.record.id),
      );
      return ok({});
    },

    'GET /api/v1/group/list': ({ input, login }) => {
      const filter = ((input.group_name as string | undefined) ?? '').toLowerCase();
      const names = ctx.groups
        .names(login.account)
        .filter((name) => name.toLowerCase().includes(filter));
      const number = (input.page as number | undefined) ?? 1;
      const size = (input.page_size as number | undefined) ?? 1;
      return ok(
        {
          list: page(names, number, size).map((name) => ({
            group_id: groupIdOf(name),
            group_name: name,
            remark: '',
          })),
          page: number,
          page_size: size,
        },
        ADSPOWER_SUCCESS.upper,
      );
    },

    'POST /api/v1/group/create': ({ input, login }) => {
      if (input.remark) throw valueNotSupported('remark', input.remark, '""');
      const name = createGroup(ctx, login.account, input.group_name as string, M.groupExists);
      return ok(
        { group_id: groupIdOf(name), group_name: name, remark: '' },
        ADSPOWER_SUCCESS.upper,
      );
    },

    'POST /api/v2/browser-profile/start': v2Start,

    'POST /api/v2/browser-profile/stop': async ({ input, login }) => {
      await stopBrowser(ctx, login, profileId('profile_id', 'profile_no', input));
      return { code: 0, msg: ADSPOWER_SUCCESS.lower };
    },

    'GET /api/v2/browser-profile/active': v2Active,
    'POST /api/v2/browser-profile/active': v2Active,

    'POST /api/v2/browser-profile/list': ({ input, login }) => {
      if ((input.profile_no as unknown[] | undefined)?.length) {
        throw notSupported('profile_no', M.noSerialNumbers, { idField: 'profile_id' });
      }
      const group =
        input.group_id === undefined || input.group_id === ''
          ? undefined
          : groupOfId(ctx, login.account, input.group_id as string);
      let list = profiles(ctx, login.account, group);
      const ids = input.profile_id as string[] | undefined;
      if (ids?.length) list = list.filter((p) => ids.includes(p.record.id));
      list = sorted(
        list,
        (input.sort_type as string | undefined) ?? 'profile_no',
        (input.sort_order as 'asc' | 'desc' | undefined) ?? 'desc',
        'sort_type',
      );
      const number = (input.page as number | undefined) ?? 1;
      const size = (input.limit as number | undefined) ?? ADSPOWER_V2_LIMIT_DEFAULT;
      return {
        code: 0,
        msg: ADSPOWER_SUCCESS.lower,
        data: {
          list: page(list, number, size).map((p) => profileItem(ctx, p)),
          page: number,
          limit: size,
        },
      };
    },
  };
}

/** AdsPower's group/create body (group_name), not ours (Group_Name). */
const isAdsPowerGroupBody = (body: unknown) =>
  !!body && typeof body === 'object' && 'group_name' in body && !('Group_Name' in body);

export function adsPowerRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const byCall = handlers(ctx);

  async function run(
    route: (typeof ADSPOWER_COMPAT_ROUTES)[number],
    request: FastifyRequest,
  ): Promise<unknown> {
    const budget = BUDGETS[route.path];
    if (budget) ctx.rateLimiter.take(budget);
    const login = 'open' in route && route.open ? undefined : requireLogin(ctx.auth);
    const raw = route.input === 'query' ? queryOf(request) : dropNulls(request.body ?? {});
    const input = parseInput(route.schema, raw) as Record<string, unknown>;
    const handler = byCall[`${route.method} ${route.path}`];
    if (!handler) throw new Error(`no handler for ${route.method} ${route.path}`);
    return handler({ input, login: login as Login, request });
  }

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const compat = isAdsPowerCall(request.method, url);
    // --compat-port serves these calls only (cli.ts marks its requests).
    if (!compat && (request.raw as { [COMPAT_PORT_REQUEST]?: boolean })[COMPAT_PORT_REQUEST]) {
      const values = { method: request.method, url };
      return sendFailure(
        new LocalApiError(
          UNKNOWN_EXCEPTION,
          { en: format(M.compatPortOnly.en, values), zh: format(M.compatPortOnly.zh, values) },
          404,
        ),
        request,
        reply,
      );
    }
    // These calls take GET, which a web page can send without an Origin (an image, a script):
    // such a request, which the browser marks as another site's, is refused like a foreign origin.
    const site = request.headers['sec-fetch-site'];
    if (
      compat &&
      request.headers.origin === undefined &&
      (site === 'cross-site' || site === 'same-site')
    ) {
      return sendFailure(
        new LocalApiError(UNKNOWN_EXCEPTION, localApiMessages.forbiddenOrigin, 403),
        request,
        reply,
      );
    }
  });

  // POST /api/v1/group/create is ours too: AdsPower's body is answered here, ours goes on.
  const groupCreate = ADSPOWER_COMPAT_ROUTES.find(
    (route) => route.method === 'POST' && route.path === '/api/v1/group/create',
  )!;
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== groupCreate.path) return;
    const compatPort = (request.raw as { [COMPAT_PORT_REQUEST]?: boolean })[COMPAT_PORT_REQUEST];
    if (!isAdsPowerGroupBody(request.body) && !compatPort) return;
    try {
      if (!isAdsPowerGroupBody(request.body)) parseInput(adsPowerGroupCreateBody, request.body);
      return reply.send(await run(groupCreate, request));
    } catch (error) {
      return sendFailure(error, request, reply);
    }
  });

  // The other calls, in a context of their own: their failures are AdsPower's shape.
  void app.register(async (compat) => {
    compat.setErrorHandler((error, request, reply) => sendFailure(error, request, reply));
    for (const route of ADSPOWER_COMPAT_ROUTES) {
      if (route === groupCreate) continue;
      compat.route({
        method: route.method,
        url: route.path,
        handler: (request) => run(route, request),
      });
    }
  });
}
