import type { FastifyInstance } from 'fastify';
import { failure, ok } from '../../http/envelope.ts';
import type { contentService } from './service.ts';

export function contentRoutes(app: FastifyInstance, content: ReturnType<typeof contentService>) {
  app.post('/api/hainiao/version', async () => {
    const version = await content.clientVersion();
    if (!version) throw failure('NOT_FOUND');
    return ok(version);
  });

  app.post('/api/hainiao/corelist', async () => ok(await content.coreList()));
}
