import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { langFromPath, matchSiteRoute } from '@hainiao/contract';

/** File names the web build writes next to the prerendered pages (see apps/web/scripts/prerender.ts). */
export const SHELL_FILE = '200.html';
export const NOT_FOUND_FILE = '404.html';

/**
 * Serves the built web app: hashed assets with long caching, one prerendered HTML file per route and
 * language, the client-rendered shell for dynamic routes (an article or ticket id), and a real 404
 * page (HTTP 404) in the path's language for anything else.
 */
export async function siteRoutes(app: FastifyInstance, webDist: string | null): Promise<void> {
  const built = webDist !== null && fs.existsSync(path.join(webDist, NOT_FOUND_FILE));

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      redirect: false,
      wildcard: true,
      // Only file names go to the static handler; page paths (folders) come to sendPage below.
      allowedPath: (pathName) => /\.[a-z0-9]+$/i.test(pathName),
      setHeaders(reply: FastifyReply, file: string) {
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || url.startsWith('/api/hainiao/')) {
      return reply.status(404).send({ code: 404, msg: 'Not Found' });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The site is not built yet: run `npm run build` (npm start does it for you).');
    }
    return sendPage(reply, webDist, url);
  });
}

function sendPage(reply: FastifyReply, dist: string, url: string) {
  const clean = path.posix.normalize(decodeURIComponent(url)).replace(/\/+$/, '') || '/';
  const prerendered = path.join(clean, 'index.html');
  if (!prerendered.startsWith('..') && fs.existsSync(path.join(dist, prerendered))) {
    return reply.header('Cache-Control', 'no-cache').sendFile(prerendered);
  }
  if (matchSiteRoute(clean)) return reply.header('Cache-Control', 'no-cache').sendFile(SHELL_FILE);
  const lang = langFromPath(clean);
  return reply
    .status(404)
    .header('Cache-Control', 'no-cache')
    .sendFile(lang === 'zh' ? path.join('zh', NOT_FOUND_FILE) : NOT_FOUND_FILE);
}
