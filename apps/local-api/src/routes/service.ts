import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import { v1 } from '../http/envelope.ts';

/** `/api/v1/quit`: answers first, then shuts the service down (local-api.md §4). */
export function serviceRoutes(app: FastifyInstance, onQuit: () => void): void {
  app.post('/api/v1/quit', async (request, reply) => {
    reply.raw.once('finish', onQuit);
    return v1(request, localApiMessages.quit, true);
  });
}
