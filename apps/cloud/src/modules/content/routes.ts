import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  corelistFields,
  documentFields,
  HISTORY_LIST_PATH,
  siteMessages,
  versionFields,
} from '@hainiao/contract';
import { failure, ok } from '../../http/envelope.ts';
import { parseForm } from '../../http/validate.ts';
import { RELEASE_FILE_NAME, releaseContentType } from './releases.ts';
import type { ContentService } from './service.ts';

export interface ContentRouteOptions {
  /** The release store served under /downloads/; without it every download is a 404. */
  releasesDir?: string;
}

export function contentRoutes(
  app: FastifyInstance,
  content: ContentService,
  options: ContentRouteOptions = {},
) {
  app.post('/api/hainiao/version', async (request) => {
    await parseForm(request, versionFields);
    const version = await content.clientVersion();
    if (!version) throw failure('NOT_FOUND');
    return ok(version);
  });

  app.post('/api/hainiao/corelist', async (request) => {
    const { lang } = await parseForm(request, corelistFields);
    return ok(await content.coreList(lang));
  });

  app.post('/api/hainiao/document', async (request) => {
    const { data, lang } = await parseForm(request, documentFields);
    switch (data.mod) {
      case 'category':
        return ok(await content.categories(lang));
      case 'list':
        return ok(await content.articles(lang, data.category_id));
      case 'article': {
        const article = await content.article(lang, data.id);
        if (!article) throw failure('NOT_FOUND', siteMessages.faq.articleNotFound);
        return ok(article);
      }
    }
  });

  // The previous-versions list: a GET on the main host (site spec §7).
  app.get(HISTORY_LIST_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return ok(await content.history());
  });

  app.get<{ Params: { file: string } }>('/downloads/:file', async (request, reply) => {
    const { file } = request.params;
    const dir = options.releasesDir;
    const full = dir && RELEASE_FILE_NAME.test(file) ? path.join(dir, file) : null;
    const stat = full ? await fs.promises.stat(full).catch(() => null) : null;
    if (!full || !stat?.isFile()) {
      return reply
        .status(404)
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/plain; charset=utf-8')
        .send('File not found');
    }
    return reply
      .header('Content-Type', releaseContentType(file))
      .header('Content-Length', String(stat.size))
      .header('Content-Disposition', `attachment; filename="${file}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=3600')
      .send(fs.createReadStream(full));
  });
}
