import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LOCAL_API_ROUTES, type LocalApiPath } from '@hainiao/contract';
import { requireLogin, type Login } from '../account/session.ts';
import type { ServiceContext } from '../context.ts';
import { parseBody } from './validate.ts';

type RouteOf<P extends LocalApiPath> = Extract<(typeof LOCAL_API_ROUTES)[number], { path: P }>;
export type BodyOf<P extends LocalApiPath> = z.output<RouteOf<P>['body']>;

export interface CallInput<P extends LocalApiPath> {
  body: BodyOf<P>;
  request: FastifyRequest;
  reply: FastifyReply;
  login: Login;
}

/** The create/update calls, whose field violations answer -101 … -112. */
const SESSION_CODE_ROUTES = new Set<string>([
  '/api/v1/session/create',
  '/api/v1/session/update',
  '/api/v1/session/adv_setting',
  '/api/v1/session/proxy/update',
]);

function routeOf(path: LocalApiPath) {
  const route = LOCAL_API_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no contract route ${path}`);
  return route;
}

/**
 * Registers a call of the contract: POST only, its rate limit (§9), then the login check (every
 * call but /login answers -4 without a login), then its body schema, then the handler.
 */
export function post<P extends LocalApiPath>(
  app: FastifyInstance,
  ctx: ServiceContext,
  path: P,
  handler: (input: CallInput<P>) => unknown,
): void {
  const route = routeOf(path);
  app.post(path, async (request, reply) => {
    ctx.rateLimiter.take(path);
    const login = requireLogin(ctx.session);
    const body = parseBody(route.body, request.body, {
      sessionCodes: SESSION_CODE_ROUTES.has(path),
    }) as BodyOf<P>;
    return handler({ body, request, reply, login });
  });
}

/** /login: rate-limited and validated, but open to a service that is not logged in. */
export function postPublic<P extends LocalApiPath>(
  app: FastifyInstance,
  ctx: ServiceContext,
  path: P,
  handler: (input: { body: BodyOf<P>; request: FastifyRequest }) => unknown,
): void {
  const route = routeOf(path);
  app.post(path, async (request) => {
    ctx.rateLimiter.take(path);
    const body = parseBody(route.body, request.body) as BodyOf<P>;
    return handler({ body, request });
  });
}
