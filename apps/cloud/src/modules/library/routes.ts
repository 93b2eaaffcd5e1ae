import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LIBRARY_FILES_PREFIX, pluginLibraryFields, scriptLibraryFields } from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { parseForm } from '../../http/validate.ts';
import type { Clock } from '../accounts/service.ts';
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
  clock?: Clock;
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
  const library = libraryService(database, { dir: options.dir, builtIn, clock: options.clock });

  app.post('/api/hainiao/pluginlist', async (request) => {
    const { data, lang } = await parseForm(request, pluginLibraryFields);
    await library.requireLease(data.token);
    return ok({ list: await library.plugins(lang) });
  });

  app.post('/api/hainiao/scriptlist', async (request) => {
    const { data, lang } = await parseForm(request, scriptLibraryFields);
    await library.requireLease(data.token);
    return ok({ list: await library.scripts(lang) });
  });

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
