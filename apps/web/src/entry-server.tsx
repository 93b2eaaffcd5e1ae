import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  langFromPath,
  type BrowserCoreEntry,
  type FaqArticle,
  type FaqArticleSummary,
  type FaqCategory,
  type HistoryFile,
  type Lang,
} from '@hainiao/contract';
import { App } from './app/App.tsx';
import { pageMeta, type MetaKey, type MetaValues, type PageMeta } from './app/meta.ts';
import { PRERENDERED } from './app/routes.tsx';
import { DataProvider, serializeInitialData, type InitialData } from './shared/data.tsx';
import {
  corelistKey,
  faqArticleKey,
  faqCategoriesKey,
  faqListKey,
  historyKey,
  versionKey,
} from './shared/dataKeys.ts';

export { PRERENDERED, serializeInitialData };
export type { PageMeta, InitialData };

async function renderOnce(url: string, data: InitialData): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <DataProvider data={data}>
        <App path={url} />
      </DataProvider>
    </StrictMode>,
    // Large boundaries are otherwise written out of line, to be moved in by a script.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a path to HTML with every lazy page in place. A lazy page suspends the first time it
 * renders, and React then writes its markup as a hidden block that a script moves into place
 * later; once loaded it renders at once, so rendering again gives plain, inline markup that
 * crawlers read and the browser paints without waiting for a script.
 */
export async function render(
  url: string,
  data: InitialData = {},
): Promise<{ html: string; lang: Lang }> {
  let html = await renderOnce(url, data);
  for (let attempt = 0; attempt < 3 && html.includes('<template id="B:'); attempt += 1) {
    html = await renderOnce(url, data);
  }
  return { html, lang: langFromPath(url) };
}

export function metaFor(key: MetaKey | undefined, lang: Lang, values?: MetaValues): PageMeta {
  return pageMeta(key, lang, values);
}

/** What the build reads the cloud's content from (the cloud's content service fits). */
export interface ContentSource {
  clientVersion(): Promise<string | undefined>;
  coreList(lang: Lang): Promise<BrowserCoreEntry[]>;
  history(): Promise<HistoryFile[]>;
  categories(lang: Lang): Promise<FaqCategory[]>;
  articles(lang: Lang): Promise<FaqArticleSummary[]>;
  article(lang: Lang, idOrEname: string): Promise<FaqArticle | undefined>;
}

/**
 * The data a prerendered page embeds, under the keys its page reads (see shared/data.tsx), for an
 * English path: the download page's version, cores and history; the FAQ list's categories and
 * articles; an article page's article.
 */
export async function routeData(
  englishPath: string,
  lang: Lang,
  source: ContentSource,
): Promise<InitialData> {
  if (englishPath === '/download') {
    // The published programs are the running cloud's, not the build's: a version or history the
    // source lacks is left out, so the page shows it loading and asks the cloud as it hydrates
    // (an empty history embedded would read as "nothing published" until the page refreshes).
    const [version, history] = await Promise.all([source.clientVersion(), source.history()]);
    return {
      ...(version ? { [versionKey()]: version } : {}),
      [corelistKey(lang)]: await source.coreList(lang),
      ...(history.length > 0 ? { [historyKey()]: history } : {}),
    };
  }
  if (englishPath === '/faq') {
    return {
      [faqCategoriesKey(lang)]: await source.categories(lang),
      [faqListKey(lang)]: await source.articles(lang),
    };
  }
  const article = /^\/faq\/([^/]+)\.html$/.exec(englishPath)?.[1];
  if (article) {
    const data = await source.article(lang, article);
    return data ? { [faqArticleKey(lang, article)]: data } : {};
  }
  return {};
}
