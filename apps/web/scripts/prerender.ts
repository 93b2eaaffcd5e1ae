/**
 * Prerenders every public route in both languages to static HTML (title, description, keywords,
 * canonical, hreflang alternates), plus the 404 page per language, the client-rendered shell for
 * dynamic routes (200.html), sitemap.xml and robots.txt. Runs after `vite build` and the SSR build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGS, localizePath, type Lang } from '@hainiao/contract';

import type * as ServerEntryModule from '../src/entry-server.tsx';

type ServerEntry = typeof ServerEntryModule;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const siteUrl = (process.env.SITE_URL ?? 'http://localhost:8080').replace(/\/$/, '');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const htmlLang = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en');

function head(
  entry: ServerEntry,
  meta: Parameters<ServerEntry['metaFor']>[0],
  lang: Lang,
  englishPath: string | null,
) {
  const { title, description, keywords } = entry.metaFor(meta, lang);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="keywords" content="${escapeHtml(keywords)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:locale" content="${lang === 'zh' ? 'zh_CN' : 'en_US'}" />`,
  ];
  if (englishPath === null) {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    tags.push(`<link rel="canonical" href="${siteUrl}${localizePath(englishPath, lang)}" />`);
    for (const alt of LANGS) {
      tags.push(
        `<link rel="alternate" hreflang="${htmlLang(alt)}" href="${siteUrl}${localizePath(englishPath, alt)}" />`,
      );
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${siteUrl}${englishPath}" />`);
  }
  return tags.join('\n    ');
}

function page(template: string, lang: Lang, headHtml: string, body: string) {
  return template
    .replace('<html lang="en">', `<html lang="${htmlLang(lang)}">`)
    .replace('<!--app-head-->', headHtml)
    .replace('<!--app-html-->', body);
}

function write(relative: string, content: string) {
  const file = path.join(dist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const entry: ServerEntry = await import(
  pathToFileURL(path.join(webRoot, 'dist-ssr/entry-server.js')).href
);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

// The shell for routes that are rendered in the browser (an article or ticket id).
write('200.html', page(template, 'en', head(entry, undefined, 'en', null), ''));

const sitemap: string[] = [];
for (const { path: englishPath, meta } of entry.PRERENDERED) {
  for (const lang of LANGS) {
    const url = localizePath(englishPath, lang);
    const { html } = await entry.render(url);
    write(
      path.join(url, 'index.html'),
      page(template, lang, head(entry, meta, lang, englishPath), html),
    );
    sitemap.push(
      `  <url><loc>${siteUrl}${url}</loc>${LANGS.map(
        (alt) =>
          `<xhtml:link rel="alternate" hreflang="${htmlLang(alt)}" href="${siteUrl}${localizePath(englishPath, alt)}"/>`,
      ).join('')}</url>`,
    );
  }
}

for (const lang of LANGS) {
  const { html } = await entry.render(localizePath('/__not-found__', lang));
  write(
    lang === 'zh' ? 'zh/404.html' : '404.html',
    page(template, lang, head(entry, 'notFound', lang, null), html),
  );
}

write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${sitemap.join('\n')}\n</urlset>\n`,
);
write(
  'robots.txt',
  `User-agent: *\nAllow: /\nDisallow: /api/hainiao/\nDisallow: /route\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
);

console.log(
  `prerendered ${sitemap.length} pages, 2 not-found pages and the shell into ${path.relative(process.cwd(), dist) || 'dist'}`,
);
