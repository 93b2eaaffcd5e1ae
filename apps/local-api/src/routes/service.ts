import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../context.ts';
import { v1 } from '../http/envelope.ts';
import { post } from '../http/route.ts';

/** `/api/v1/quit`: answers first, then shuts the service down (local-api.md §4). */
export function serviceRoutes(app: FastifyInstance, ctx: ServiceContext, onQuit: () => void): void {
  post(app, ctx, '/api/v1/quit', ({ request, reply }) => {
    reply.raw.once('finish', onQuit);
    return v1(request, localApiMessages.quit, true);
  });
}
