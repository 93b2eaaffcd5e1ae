/**
 * The proxy library's calls (beyond the spec, issue 27; the contract's LOCAL_API_ROUTES under
 * /manager/proxies/): list, get (with the password, for a form that fills a proxy from it),
 * create (one or many: an imported list), update (the environments using it follow), delete,
 * check (the results kept) and the exits of environments (the manager's list column). The rules
 * are the domain's (domain/proxy-library.ts); this maps the calls' names onto it and back.
 *
 * Passwords: masked in every answer but get's, and never logged (logging.ts masks Proxy_Password
 * at any depth of a body or an answer).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  LOCAL_API_ROUTES,
  localApiMessages,
  SAVED_PROXY_PASSWORD_MASK,
  type Lang,
  type LocalApiPath,
} from '@hainiao/contract';
import type { Login } from '../../account/auth.ts';
import type { ServiceContext } from '../../context.ts';
import {
  checkSavedProxies,
  createSavedProxies,
  deleteSavedProxies,
  environmentExits,
  getSavedProxy,
  listSavedProxies,
  updateSavedProxy,
  type ProxyLibraryDeps,
} from '../../domain/proxy-library.ts';
import { callerLang, v1 } from '../../http/envelope.ts';
import type { BodyOf } from '../../http/route.ts';
import { checkedAnswer, requireLogin } from '../../http/route.ts';
import { parseBody } from '../../http/validate.ts';
import { DomainError } from '../../model/errors.ts';
import { localize, withReason } from '../../runtime/proxy/proxy-check.ts';
import { identityKey, type ProxyStore, type SavedProxy } from '../../store/proxies.ts';
import { formatTime } from '../../util/time.ts';

const M = localApiMessages;

/** The proxy fields as the calls spell them: a refused one answers -104, as on create. */
const PROXY_FIELDS = new Set([
  'Proxy_Type',
  'Proxy_Ip',
  'Proxy_Port',
  'Proxy_Username',
  'Proxy_Password',
]);

/**
 * The body by its schema. A proxy field its schema refuses answers -104 "Proxy is invalid: …"
 * naming the field (and, in a list, which proxy), as the create call's proxy fields do; any
 * other violation is a malformed request (http/validate.ts).
 */
function parseLibraryBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const issue = issues[0];
  const field = String(issue?.path.at(-1) ?? '');
  if (!issue || issues.some((i) => i.code === 'unrecognized_keys') || !PROXY_FIELDS.has(field)) {
    return parseBody(schema, body);
  }
  let owner: unknown = body;
  for (const key of issue.path.slice(0, -1)) {
    owner =
      owner && typeof owner === 'object' ? (owner as Record<PropertyKey, unknown>)[key] : undefined;
  }
  const sent =
    owner && typeof owner === 'object' ? (owner as Record<string, unknown>)[field] : undefined;
  const reason = localize(sent === undefined ? M.proxyFieldRequired : M.savedProxyFieldInvalid, {
    field,
  });
  const refused = withReason(M.proxyFieldsInvalid, reason);
  // In a list of several, which one (as the domain names the ones it refuses).
  const list = (body as { Proxies?: unknown }).Proxies;
  const index = issue.path[0] === 'Proxies' ? issue.path[1] : undefined;
  if (typeof index !== 'number' || !Array.isArray(list) || list.length < 2) {
    throw new DomainError('PROXY_INVALID', refused);
  }
  const name = (owner as Record<string, unknown>).Name;
  const values = { number: index + 1, name: typeof name === 'string' ? name : '' };
  throw new DomainError(
    'PROXY_INVALID',
    {
      en: M.savedProxyItemRefused.en.replace('{reason}', refused.en),
      zh: M.savedProxyItemRefused.zh.replace('{reason}', refused.zh),
    },
    values,
  );
}

/** A saved proxy as the calls answer it: the password masked unless asked for. */
function savedProxyView(
  proxy: SavedProxy,
  environmentCount: number,
  lang: Lang,
  withPassword = false,
) {
  const c = proxy.check;
  return {
    Proxy_ID: proxy.id,
    Name: proxy.name,
    Proxy_Type: proxy.type,
    Proxy_Ip: proxy.host,
    Proxy_Port: proxy.port,
    Proxy_Username: proxy.username,
    Proxy_Password: withPassword ? proxy.password : proxy.password ? SAVED_PROXY_PASSWORD_MASK : '',
    Note: proxy.note,
    Session_Count: environmentCount,
    Create_Time: formatTime(proxy.createdAt),
    Update_Time: formatTime(proxy.updatedAt),
    Check_Status: c ? (c.ok ? 'ok' : 'failed') : 'unchecked',
    Check_Time: c ? formatTime(c.at) : '',
    Public_ip: c?.ok ? c.ip : '',
    CountryCode: c?.ok ? c.country : '',
    Latency_ms: c?.ok ? c.latencyMs : 0,
    Proxy_Check_Code: c && !c.ok ? c.curlCode : 0,
    Proxy_Check_Name: c && !c.ok ? c.curlName : '',
    Check_Message: c && !c.ok ? c.reason[lang] : '',
  };
}

/** Views of `proxies`, each with how many of the account's environments use it. */
function views(proxies: ProxyStore, owner: string, list: readonly SavedProxy[], lang: Lang) {
  const usage = proxies.usage(owner);
  return list.map((p) => savedProxyView(p, usage.get(identityKey(p)) ?? 0, lang));
}

export function proxyLibraryRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  proxies: ProxyStore,
): void {
  const deps: ProxyLibraryDeps = {
    db: ctx.db,
    proxies,
    envs: ctx.envs,
    proxyCheckTimeoutMs: ctx.proxyCheckTimeoutMs,
    ipLookupUrl: ctx.ipLookupUrl,
  };

  /** A call of the contract: its rate limit (none today), the login, its body, the handler. */
  const call = <P extends LocalApiPath>(
    path: P,
    handler: (input: {
      body: BodyOf<P>;
      request: FastifyRequest;
      reply: FastifyReply;
      login: Login;
      lang: Lang;
    }) => unknown,
  ) => {
    const route = LOCAL_API_ROUTES.find((r) => r.path === path);
    if (!route) throw new Error(`no contract route ${path}`);
    app.post(path, async (request, reply) => {
      ctx.rateLimiter.take(path);
      reply.header('Cache-Control', 'no-store');
      const login = requireLogin(ctx.auth);
      const body = parseLibraryBody(route.body, request.body) as BodyOf<P>;
      // Checked against the contract outside production, as post() of http/route.ts does.
      return checkedAnswer(
        route,
        await handler({ body, request, reply, login, lang: callerLang(request) }),
      );
    });
  };

  call('/manager/proxies/list', ({ request, login, lang }) =>
    v1(request, M.savedProxyListSuccess, {
      Proxies: listSavedProxies(deps, login.account).map(({ proxy, environmentCount }) =>
        savedProxyView(proxy, environmentCount, lang),
      ),
    }),
  );

  call('/manager/proxies/get', ({ body, request, login, lang }) => {
    const proxy = getSavedProxy(deps, login.account, body.Proxy_ID);
    const usage = proxies.usage(login.account).get(identityKey(proxy)) ?? 0;
    return v1(request, M.savedProxyGetSuccess, savedProxyView(proxy, usage, lang, true));
  });

  call('/manager/proxies/create', ({ body, request, login, lang }) => {
    const made = createSavedProxies(
      deps,
      login.account,
      body.Proxies.map((p) => ({
        name: p.Name,
        type: p.Proxy_Type,
        host: p.Proxy_Ip,
        port: p.Proxy_Port,
        username: p.Proxy_Username,
        password: p.Proxy_Password,
        note: p.Note,
      })),
    );
    return v1(request, M.savedProxyCreateSuccess, {
      Proxies: views(proxies, login.account, made, lang),
    });
  });

  call('/manager/proxies/update', ({ body, request, login, lang }) => {
    const { proxy, environmentIds } = updateSavedProxy(deps, login.account, body.Proxy_ID, {
      name: body.Name,
      type: body.Proxy_Type,
      host: body.Proxy_Ip,
      port: body.Proxy_Port,
      username: body.Proxy_Username,
      password: body.Proxy_Password,
      note: body.Note,
    });
    return v1(request, M.savedProxyUpdateSuccess, {
      ...views(proxies, login.account, [proxy], lang)[0],
      Session_ID: environmentIds,
    });
  });

  call('/manager/proxies/delete', ({ body, request, login }) =>
    v1(request, M.savedProxyDeleteSuccess, {
      Proxy_ID: deleteSavedProxies(deps, login.account, body.Proxy_ID),
    }),
  );

  call('/manager/proxies/check', async ({ body, request, login, lang }) => {
    const checked = await checkSavedProxies(deps, login.account, body.Proxy_ID);
    return v1(request, M.savedProxyCheckFinished, {
      Proxies: views(proxies, login.account, checked, lang),
    });
  });

  call('/manager/proxies/exits', ({ body, request, login }) =>
    v1(request, M.sessionExitsSuccess, {
      Session_Exits: environmentExits(deps, login.account, body.Session_ID).map((e) => ({
        Session_ID: e.id,
        Proxy_ID: e.proxy?.id ?? '',
        Proxy_Name: e.proxy?.name ?? '',
        Public_ip: e.exit?.ip ?? '',
        CountryCode: e.exit?.country ?? '',
        Exit_Time: e.exit ? formatTime(e.exit.at) : '',
        Exit_From: e.exit?.from ?? '',
      })),
    }),
  );
}
