/**
 * Prerenders every public route in both languages to static HTML (title, description, keywords,
 * canonical, hreflang alternates), with the data of the data-driven pages (download, FAQ list, one
 * page per FAQ article) embedded for hydration; plus the 404 page and the client-rendered shell
 * (200.html) per language, sitemap.xml and robots.txt, and precompressed (.br, .gz) assets.
 * Runs after `vite build` and the SSR build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  API_DOC_BASE,
  API_DOC_SLUGS,
  API_DOC_TITLES,
  LANGS,
  apiDocPath,
  apiDocSlugOf,
  localizePath,
  type Lang,
} from '@hainiao/contract';
import { siteContent } from '@hainiao/content';
import { apiDocCopy } from '../src/locales/pages/api-doc.ts';
import { AFTER_PAINT_ID } from '../src/shared/afterPaint.ts';

import type * as ServerEntryModule from '../src/entry-server.tsx';

type ServerEntry = typeof ServerEntryModule;
type MetaKey = Parameters<ServerEntry['metaFor']>[0];
type MetaValues = Parameters<ServerEntry['metaFor']>[2];

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const siteUrl = (process.env.SITE_URL ?? 'http://localhost:8080').replace(/\/$/, '');

/** The page component behind each prerendered path, for preloading its chunk. */
const PAGE_SOURCES: Record<string, string> = {
  '/': 'src/pages/home/HomePage.tsx',
  '/application': 'src/pages/application/ApplicationPage.tsx',
  '/price': 'src/pages/price/PricePage.tsx',
  '/download': 'src/pages/download/DownloadPage.tsx',
  '/privacy': 'src/pages/privacy/PrivacyPage.tsx',
  '/faq': 'src/pages/faq/FaqListPage.tsx',
  article: 'src/pages/faq/FaqArticlePage.tsx',
  notFound: 'src/pages/not-found/NotFoundPage.tsx',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const htmlLang = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en');

// --- Vite manifest: which chunks (and styles) a page needs beyond the entry -----------------------
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

function chunkFiles(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) chunkFiles(imported, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
const entryChunks = chunkFiles(entryKey);

/** The chunks a page's sources need beyond the entry's. */
function pageChunks(sources: string[]): ManifestChunk[] {
  const keys = new Set<string>();
  for (const source of sources) for (const key of chunkFiles(source)) keys.add(key);
  return [...keys].filter((key) => !entryChunks.has(key)).map((key) => manifest[key]!);
}

/**
 * A built stylesheet's text for a `<style>` (escaped so that it cannot close the element), read
 * once: every page of a kind inlines the same sheets.
 */
const cssTexts = new Map<string, string>();
function inlineCss(file: string): string {
  let css = cssTexts.get(file);
  if (css === undefined) {
    css = fs.readFileSync(path.join(dist, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    cssTexts.set(file, css);
  }
  return css;
}

/**
 * Vite's loader fetches a lazy chunk's CSS (the entry's included) unless a stylesheet link to it
 * is in the page, and appends it at the end of the head. A disabled link (never fetched, never
 * applied) tells it that the page has the sheet inline already: no second download, and the
 * site's rules are not appended again after the page's own.
 */
const inlineMarker = (file: string) => `<link rel="stylesheet" href="/${file}" disabled />`;

// --- Pages ------------------------------------------------------------------------------------------
/** Where the page's own `<style>` goes: after the site's, as the app would load them. */
const PAGE_STYLES = '<!--page-styles-->';

interface Head {
  /** The tags for `<!--app-head-->`. */
  tags: string;
  /** The page's own stylesheets, inline. */
  styles: string;
}

function head(
  entry: ServerEntry,
  meta: MetaKey,
  lang: Lang,
  englishPath: string | null,
  options: { values?: MetaValues; source?: string | string[] } = {},
): Head {
  const { title, description, keywords } = entry.metaFor(meta, lang, options.values);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="keywords" content="${escapeHtml(keywords)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${lang === 'zh' ? '海鸟' : 'Hainiao'}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:locale" content="${lang === 'zh' ? 'zh_CN' : 'en_US'}" />`,
  ];
  if (englishPath === null) {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    const url = `${siteUrl}${localizePath(englishPath, lang)}`;
    tags.push(`<meta property="og:url" content="${url}" />`);
    tags.push(`<link rel="canonical" href="${url}" />`);
    for (const alt of LANGS) {
      tags.push(
        `<link rel="alternate" hreflang="${htmlLang(alt)}" href="${siteUrl}${localizePath(englishPath, alt)}" />`,
      );
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${siteUrl}${englishPath}" />`);
  }
  // The page's own chunks load with the app once the page has painted (entry-client.tsx); their
  // CSS is inline, so that the page paints styled.
  const chunks = pageChunks([options.source ?? []].flat());
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter(
    (file) => !siteStyles.includes(file),
  );
  const afterPaint = [
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}" />`),
    ...[...siteStyles, ...styles].map(inlineMarker),
  ];
  tags.push(`<template id="${AFTER_PAINT_ID}">${afterPaint.join('')}</template>`);
  return {
    tags: tags.join('\n    '),
    styles: styles.map((file) => `<style>${inlineCss(file)}</style>`).join(''),
  };
}

function page(
  entry: ServerEntry,
  template: string,
  lang: Lang,
  { tags, styles }: Head,
  body: string,
  data: Record<string, unknown> = {},
) {
  const dataScript =
    Object.keys(data).length > 0
      ? `\n    <script id="hainiao-data" type="application/json">${entry.serializeInitialData(data)}</script>`
      : '';
  return template
    .replace('<html lang="en">', `<html lang="${htmlLang(lang)}">`)
    .replace('<!--app-head-->', tags)
    .replace(PAGE_STYLES, () => styles)
    .replace('<!--app-html--></div>', `${body}</div>${dataScript}`);
}

function write(relative: string, content: string) {
  const file = path.join(dist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const entry: ServerEntry = await import(
  pathToFileURL(path.join(webRoot, 'dist-ssr/entry-server.js')).href
);
// The site's stylesheet goes inline: one request fewer before the first paint (it is small).
/** The site's stylesheets (the entry's), inline in every page. */
const siteStyles: string[] = [];
const template = fs
  .readFileSync(path.join(dist, 'index.html'), 'utf8')
  .replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, file: string) => {
      siteStyles.push(file);
      return `<style>${inlineCss(file)}</style>`;
    },
  )
  .replace('</head>', `  ${PAGE_STYLES}\n  </head>`);
// What a fresh cloud serves, read from the content package's files (no database needed).
const content = siteContent();

const sitemap: string[] = [];
function addToSitemap(englishPath: string) {
  for (const lang of LANGS) {
    sitemap.push(
      `  <url><loc>${siteUrl}${localizePath(englishPath, lang)}</loc>${LANGS.map(
        (alt) =>
          `<xhtml:link rel="alternate" hreflang="${htmlLang(alt)}" href="${siteUrl}${localizePath(englishPath, alt)}"/>`,
      ).join(
        '',
      )}<xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${englishPath}"/></url>`,
    );
  }
}

let pages = 0;
// The shell for routes rendered in the browser (an article or ticket id), per language.
for (const lang of LANGS) {
  write(
    lang === 'zh' ? 'zh/200.html' : '200.html',
    page(entry, template, lang, head(entry, undefined, lang, null), ''),
  );
}

for (const { path: englishPath, meta } of entry.PRERENDERED) {
  for (const lang of LANGS) {
    const url = localizePath(englishPath, lang);
    const data = await entry.routeData(englishPath, lang, content);
    const { html } = await entry.render(url, data);
    const source = PAGE_SOURCES[englishPath];
    write(
      path.join(url, 'index.html'),
      page(entry, template, lang, head(entry, meta, lang, englishPath, { source }), html, data),
    );
    pages += 1;
  }
  addToSitemap(englishPath);
}

// The local API documentation: /api/doc (the overview) and every page of the contract, with each
// page's title and description and its two chunks (the documentation shell and the page's own).
// /api/doc/overview is /api/doc under another name: its canonical address is /api/doc.
for (const englishPath of [API_DOC_BASE, ...API_DOC_SLUGS.map(apiDocPath)]) {
  const slug = apiDocSlugOf(englishPath) ?? 'overview';
  const canonicalPath = englishPath === apiDocPath('overview') ? API_DOC_BASE : englishPath;
  for (const lang of LANGS) {
    const url = localizePath(englishPath, lang);
    const { html } = await entry.render(url);
    const values = {
      title: API_DOC_TITLES[slug][lang],
      description: apiDocCopy[lang].pageDescriptions[slug],
    };
    const source = ['src/pages/api-doc/ApiDocPage.tsx', `src/pages/api-doc/pages/${slug}.tsx`];
    write(
      path.join(url, 'index.html'),
      page(
        entry,
        template,
        lang,
        head(entry, 'apiDoc', lang, canonicalPath, { source, values }),
        html,
      ),
    );
    pages += 1;
  }
  if (canonicalPath === englishPath) addToSitemap(englishPath);
}

// One page per seeded FAQ article, at /faq/{ename}.html in both languages.
for (const { ename } of await content.articles('en')) {
  const englishPath = `/faq/${ename}.html`;
  for (const lang of LANGS) {
    const url = localizePath(englishPath, lang);
    const data = await entry.routeData(englishPath, lang, content);
    const article = await content.article(lang, ename);
    const { html } = await entry.render(url, data);
    write(
      url,
      page(
        entry,
        template,
        lang,
        head(entry, 'faqArticle', lang, englishPath, {
          values: { title: article?.title, description: article?.summary },
          source: PAGE_SOURCES.article,
        }),
        html,
        data,
      ),
    );
    pages += 1;
  }
  addToSitemap(englishPath);
}

for (const lang of LANGS) {
  const { html } = await entry.render(localizePath('/__not-found__', lang));
  write(
    lang === 'zh' ? 'zh/404.html' : '404.html',
    page(
      entry,
      template,
      lang,
      head(entry, 'notFound', lang, null, { source: PAGE_SOURCES.notFound }),
      html,
    ),
  );
}

write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${sitemap.join('\n')}\n</urlset>\n`,
);
write(
  'robots.txt',
  `User-agent: *\nAllow: /\nDisallow: /api/hainiao/\nDisallow: /route\nDisallow: /zh/route\nDisallow: /downloads/\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
);

// Precompressed copies of the static files, which the cloud serves as they are (no work per request).
// Compressed on libuv's thread pool, all files at once: Brotli at its best quality is most of the
// build's time, and one thread would leave the other cores idle.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
function compressible(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return item.name === '.vite' ? [] : compressible(full);
    return /\.(js|css|svg|xml|txt|json)$/.test(item.name) ? [full] : [];
  });
}
let compressed = 0;
await Promise.all(
  compressible(dist).map(async (full) => {
    const raw = await fs.promises.readFile(full);
    if (raw.length < 1024) return;
    const [br, gz] = await Promise.all([
      brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip(raw, { level: 9 }),
    ]);
    await Promise.all([
      fs.promises.writeFile(`${full}.br`, br),
      fs.promises.writeFile(`${full}.gz`, gz),
    ]);
    compressed += 1;
  }),
);

console.log(
  `prerendered ${pages} pages (${sitemap.length} sitemap entries), 2 not-found pages and 2 shells; precompressed ${compressed} files into ${path.relative(process.cwd(), dist) || 'dist'}`,
);
