import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { v1 } from '../../http/envelope.ts';
import { postPublic } from '../../http/route.ts';

/**
 * `/api/v1/quit`: answers first, then shuts the service down. Logged in or
 * not: the spec names no login for it, and a service started without a credential must be
 * stoppable through the API too (the loopback, origin and API-key guards still apply).
 */
export function serviceRoutes(app: FastifyInstance, ctx: ServiceContext, onQuit: () => void): void {
  postPublic(app, ctx, '/api/v1/quit', ({ request, reply }) => {
    reply.raw.once('finish', onQuit);
    return v1(request, localApiMessages.quit, true);
  });
}
