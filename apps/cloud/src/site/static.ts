import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { chatAllowedOn, langFromPath, matchSiteRoute, stripLangPrefix } from '@hainiao/contract';
import { chatSource, newNonce, pageCsp, withNonce } from './headers.ts';

/** File names the web build writes next to the prerendered pages (see apps/web/scripts/prerender.ts). */
export const SHELL_FILE = '200.html';
export const NOT_FOUND_FILE = '404.html';
/** The meta tag that hands the customer-service chat script's URL to the page. */
export const CHAT_META_NAME = 'hainiao-chat';

export interface SiteOptions {
  /** `CHAT_SCRIPT_URL`: the customer-service chat script; none is loaded without it. */
  chatScriptUrl?: string;
  /** Whether /faq/{id}.html names an article; a page for a missing one is sent with HTTP 404. */
  articleExists?: (idOrEname: string) => Promise<boolean>;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the built web app: hashed assets with long caching (precompressed .br/.gz when the build
 * wrote them), one prerendered HTML file per route and language, the client-rendered shell for
 * dynamic routes (an article or ticket id), and a real 404 page (HTTP 404) in the path's language
 * for anything else. Every HTML page passes through here, which adds the chat script's meta tag
 * (on pages where the chat may run) and the page's Content-Security-Policy with a per-response
 * nonce on every script tag (see headers.ts).
 */
export async function siteRoutes(
  app: FastifyInstance,
  webDist: string | null,
  options: SiteOptions = {},
): Promise<void> {
  const built = webDist !== null && fs.existsSync(path.join(webDist, NOT_FOUND_FILE));

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      redirect: false,
      wildcard: true,
      preCompressed: true,
      // Only non-HTML files go to the static handler; pages come to sendPage below.
      allowedPath: (pathName) => /\.[a-z0-9]+$/i.test(pathName) && !/\.html$/i.test(pathName),
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

  const html = htmlReader(options.chatScriptUrl);
  const chat = chatSource(options.chatScriptUrl);

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
    return sendPage(reply, webDist, url, html, chat, options);
  });
}

/**
 * Reads HTML files once per change; `withChat` adds the chat meta tag when a chat script is
 * configured (the page then loads it).
 */
function htmlReader(chatScriptUrl: string | undefined) {
  const cache = new Map<string, { mtime: number; plain: string; withChat: string }>();
  const tag = chatScriptUrl
    ? `<meta name="${CHAT_META_NAME}" content="${escapeAttribute(chatScriptUrl)}" />`
    : '';
  return (file: string, withChat: boolean): string => {
    const mtime = fs.statSync(file).mtimeMs;
    let hit = cache.get(file);
    if (!hit || hit.mtime !== mtime) {
      const raw = fs.readFileSync(file, 'utf8');
      hit = {
        mtime,
        plain: raw,
        withChat: tag ? raw.replace('</head>', `  ${tag}\n  </head>`) : raw,
      };
      cache.set(file, hit);
    }
    return withChat ? hit.withChat : hit.plain;
  };
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

async function sendPage(
  reply: FastifyReply,
  dist: string,
  url: string,
  html: (file: string, withChat: boolean) => string,
  chat: string | null,
  options: SiteOptions,
) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    decoded = url;
  }
  const clean = path.posix.normalize(decoded).replace(/\/+$/, '') || '/';
  // The chat never runs on signed-in screens and sign-in steps: no meta tag, and a policy that
  // does not name its host, so the browser would refuse it even if asked to load it.
  const chatHere = chatAllowedOn(clean);
  const send = (relative: string, status = 200) => {
    const nonce = newNonce();
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', pageCsp(nonce, chatHere ? chat : null))
      .type('text/html; charset=utf-8')
      .send(withNonce(html(path.join(dist, relative), chatHere), nonce));
  };

  const reserved = new Set(
    [SHELL_FILE, NOT_FOUND_FILE].flatMap((file) => [`/${file}`, `/zh/${file}`]),
  );
  const lang = langFromPath(clean);
  const shell = lang === 'zh' ? path.join('zh', SHELL_FILE) : SHELL_FILE;
  if (!clean.includes('..') && !reserved.has(clean)) {
    // A prerendered article is a file (/faq/x.html); any other page is a folder with index.html.
    const candidate = clean.endsWith('.html') ? clean : path.posix.join(clean, 'index.html');
    if (isFile(path.join(dist, candidate))) return send(candidate);
    const route = matchSiteRoute(clean);
    if (route === 'faqArticle' && options.articleExists) {
      const id = /\/faq\/([^/]+)\.html$/.exec(stripLangPrefix(clean))?.[1] ?? '';
      // The shell renders the article's not-found state; crawlers get the status.
      return send(shell, (await options.articleExists(id)) ? 200 : 404);
    }
    if (route) return send(shell);
  }
  return send(lang === 'zh' ? path.join('zh', NOT_FOUND_FILE) : NOT_FOUND_FILE, 404);
}
