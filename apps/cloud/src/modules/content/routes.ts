import type { FastifyInstance } from 'fastify';
import { HISTORY_LIST_PATH, siteMessages } from '@hainiao/contract';
import { failure, ok } from '../../http/envelope.ts';
import type { FileStore } from '../../storage/files.ts';
import { route } from '../../http/route.ts';
import { RELEASE_FILE_NAME, releaseContentType } from './releases.ts';
import type { ContentService } from './service.ts';

export interface ContentRouteOptions {
  /** The release store served under /downloads/; without it every download is a 404. */
  releases?: FileStore | undefined;
}

export function contentRoutes(
  app: FastifyInstance,
  content: ContentService,
  options: ContentRouteOptions = {},
) {
  route(app, '/api/hainiao/version', async () => {
    const version = await content.clientVersion();
    if (!version) throw failure('NOT_FOUND');
    return version;
  });

  route(app, '/api/hainiao/corelist', ({ lang }) => content.coreList(lang));

  route(app, '/api/hainiao/document', async ({ data, lang }) => {
    switch (data.mod) {
      case 'category':
        return content.categories(lang);
      case 'list':
        return content.articles(lang, data.category_id);
      case 'article': {
        const article = await content.article(lang, data.id);
        if (!article) throw failure('NOT_FOUND', siteMessages.faq.articleNotFound);
        return article;
      }
    }
  });

  // The previous-versions list: a GET on the main host (HISTORY_LIST_PATH).
  app.get(HISTORY_LIST_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return ok(await content.history());
  });

  // Sent as stored, never compressed on the fly: programs are already compact, and a download
  // keeps its Content-Length (the browser's progress bar) and the bytes its checksum names.
  app.get<{ Params: { file: string } }>(
    '/downloads/:file',
    { compress: false },
    async (request, reply) => {
      const { file } = request.params;
      // From the folder or the bucket: the bytes stream through, never held whole.
      const store = options.releases;
      const found = store && RELEASE_FILE_NAME.test(file) ? await store.open(file) : null;
      if (!found) {
        return reply
          .status(404)
          .header('X-Content-Type-Options', 'nosniff')
          .type('text/plain; charset=utf-8')
          .send('File not found');
      }
      return reply
        .header('Content-Type', releaseContentType(file))
        .header('Content-Length', String(found.size))
        .header('Content-Disposition', `attachment; filename="${file}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=3600')
        .send(found.stream);
    },
  );
}
