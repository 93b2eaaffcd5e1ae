import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LOCAL_API_ROUTES,
  localApiMessages,
  MainCodes,
  type LocalApiPath,
  type LocalApiRoute,
} from '@hainiao/contract';
import type { AccountAuth, Login } from '../account/auth.ts';
import { LocalApiError } from './envelope.ts';
import type { RateLimiter } from './rate-limit.ts';
import { parseBody } from './validate.ts';

/** What registering a call needs of the service (context.ts ServiceContext has it). */
export interface CallContext {
  rateLimiter: RateLimiter;
  auth: AccountAuth;
}

type RouteOf<P extends LocalApiPath> = Extract<(typeof LOCAL_API_ROUTES)[number], { path: P }>;
export type BodyOf<P extends LocalApiPath> = z.output<RouteOf<P>['body']>;

export interface CallInput<P extends LocalApiPath> {
  body: BodyOf<P>;
  request: FastifyRequest;
  reply: FastifyReply;
  login: Login;
}

/** The create/update calls, whose field violations answer -101 … -112. */
const FIELD_CODE_ROUTES = new Set<string>([
  '/api/v1/session/create',
  '/api/v1/session/update',
  '/api/v1/session/adv_setting',
  '/api/v1/session/proxy/update',
]);

/** The login, or the "not logged in" answer (-4, HTTP 401). */
export function requireLogin(auth: AccountAuth): Login {
  const login = auth.current;
  if (!login) {
    throw new LocalApiError(MainCodes.code.LOGIN_EXPIRE, localApiMessages.notLoggedIn, 401);
  }
  return login;
}

function routeOf(path: LocalApiPath) {
  const route = LOCAL_API_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no contract route ${path}`);
  return route;
}

/** Whether answers are checked against the contract (everywhere but production). */
const checkAnswers = () => process.env.NODE_ENV !== 'production';

/** The envelopes, success or not: message/code/data, or msg/status/data (more beside it). */
const ENVELOPES = {
  v1: z.strictObject({ message: z.string(), code: z.int(), data: z.unknown() }),
  legacy: z.looseObject({ msg: z.string(), status: z.int(), data: z.unknown() }),
} as const;

/**
 * An answer a handler returns, checked outside production against the call's envelope and, on
 * success, its answer schema (the `data` of v1, the whole legacy answer), so that every test that
 * calls the service checks the contract too. A mismatch throws: the error handler logs it and
 * answers 500 (-10000) in the call's envelope. In production the answer goes out unparsed.
 */
export function checkedAnswer<T>(route: LocalApiRoute, answer: T): T {
  if (!checkAnswers()) return answer;
  const envelope = ENVELOPES[route.envelope].safeParse(answer);
  if (!envelope.success) {
    throw new Error(
      `${route.path} answered outside its ${route.envelope} envelope:\n` +
        z.prettifyError(envelope.error),
    );
  }
  const sent = envelope.data;
  if (('status' in sent ? sent.status : sent.code) !== 0) return answer;
  const checked = route.answer.safeParse(route.envelope === 'legacy' ? answer : sent.data);
  if (!checked.success) {
    throw new Error(
      `${route.path} answered data that does not match its contract answer schema:\n` +
        z.prettifyError(checked.error),
    );
  }
  return answer;
}

/**
 * Registers a call of the contract: POST only, its rate limit (limits.ts), then the login check
 * (every call but /login answers -4 without a login), then its body schema, then the handler,
 * whose answer is checked against the contract outside production (checkedAnswer).
 */
export function post<P extends LocalApiPath>(
  app: FastifyInstance,
  ctx: CallContext,
  path: P,
  handler: (input: CallInput<P>) => unknown,
): void {
  const route = routeOf(path);
  app.post(path, async (request, reply) => {
    ctx.rateLimiter.take(path);
    const login = requireLogin(ctx.auth);
    const body = parseBody(route.body, request.body, {
      fieldCodes: FIELD_CODE_ROUTES.has(path),
    }) as BodyOf<P>;
    return checkedAnswer(route, await handler({ body, request, reply, login }));
  });
}

/**
 * /login and /api/v1/quit: rate-limited and validated, but open to a service that is not logged
 * in (a service started with `--hide on` and no credential must still be stoppable). The guards
 * of http/guard.ts (loopback Host, allowed origins, the API key) apply as to every call.
 */
export function postPublic<P extends LocalApiPath>(
  app: FastifyInstance,
  ctx: CallContext,
  path: P,
  handler: (input: { body: BodyOf<P>; request: FastifyRequest; reply: FastifyReply }) => unknown,
): void {
  const route = routeOf(path);
  app.post(path, async (request, reply) => {
    ctx.rateLimiter.take(path);
    const body = parseBody(route.body, request.body) as BodyOf<P>;
    return checkedAnswer(route, await handler({ body, request, reply }));
  });
}
