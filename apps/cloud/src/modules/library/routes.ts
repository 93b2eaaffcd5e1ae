import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LIBRARY_FILES_PREFIX } from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import { route } from '../../http/route.ts';
import { seedLibrary } from './seed.ts';
import { libraryService } from './service.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.crx': 'application/x-chrome-extension',
  '.js': 'text/javascript; charset=utf-8',
};

export interface LibraryRouteOptions {
  /** `<DATA_DIR>/library`: where the library's files are stored; in memory without it. */
  dir?: string;
}

/**
 * The script and plugin library of the local API: seeds what is missing, then serves the lists
 * (to holders of a live device lease) and the files (public: open-source code, immutable names).
 */
export async function libraryRoutes(
  app: FastifyInstance,
  database: CloudDatabase,
  options: LibraryRouteOptions = {},
): Promise<void> {
  const builtIn = await seedLibrary(database, options.dir);
  const library = libraryService(database, { dir: options.dir, builtIn });

  // The lists are for logged-in local APIs: `route` requires a live device lease (auth 'lease').
  route(app, '/api/hainiao/pluginlist', async ({ lang }) => ({
    list: await library.plugins(lang),
  }));

  route(app, '/api/hainiao/scriptlist', async ({ lang }) => ({
    list: await library.scripts(lang),
  }));

  app.get<{ Params: { file: string } }>(`${LIBRARY_FILES_PREFIX}:file`, async (request, reply) => {
    const bytes = library.file(request.params.file);
    if (!bytes) {
      return reply
        .status(404)
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/plain; charset=utf-8')
        .send('File not found');
    }
    return reply
      .header(
        'Content-Type',
        CONTENT_TYPES[path.extname(request.params.file)] ?? 'application/octet-stream',
      )
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(bytes));
  });
}
