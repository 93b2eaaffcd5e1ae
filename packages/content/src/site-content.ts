/**
 * The content a fresh install of the cloud serves, computed from the files without a database:
 * the browser cores (releases.ts) and the FAQ (faq/). The site's
 * build prerenders the download and FAQ pages from it, so crawlers read the text and the browser
 * hydrates with the data the cloud answers with.
 *
 * It answers as the cloud's content service does on a freshly seeded store: the same ids (the
 * seed inserts categories and articles in file order, so the n-th gets id n), the same order
 * (category sort, article sort, id; cores by sort) and the same fields in the same order. A fresh
 * install has published no client: no version, no history (the cloud's release catalog). The cloud's tests compare the two (apps/cloud/src/modules/content/seed.test.ts).
 */
import type {
  BrowserCoreEntry,
  FaqArticle,
  FaqArticleSummary,
  FaqCategory,
  HistoryFile,
  Lang,
} from '@hainiao/contract';
import { markdownSummary, readFaqSource, type FaqSource } from './faq-source.ts';
import { releases, type Releases } from './releases.ts';

export interface SiteContentOptions {
  /** The FAQ; the repository's by default. */
  faq?: FaqSource;
  /** The releases; the repository's by default. */
  releases?: Releases;
  /** YYYY-MM-DD of articles without an `updated` date (the seed stamps them with its day). */
  today?: string;
}

/** What the site's build reads (the shape of the cloud's content service, without a database). */
export interface SiteContent {
  clientVersion(): Promise<string | undefined>;
  coreList(lang: Lang): Promise<BrowserCoreEntry[]>;
  history(): Promise<HistoryFile[]>;
  categories(lang: Lang): Promise<FaqCategory[]>;
  articles(lang: Lang): Promise<FaqArticleSummary[]>;
  /** One article by numeric id or by ename; undefined when there is none. */
  article(lang: Lang, idOrEname: string): Promise<FaqArticle | undefined>;
}

export function siteContent(options: SiteContentOptions = {}): SiteContent {
  const faq = options.faq ?? readFaqSource();
  const release = options.releases ?? releases();
  const today = options.today ?? new Date().toISOString().slice(0, 10);

  const categories = faq.categories.map((category, index) => ({ ...category, id: index + 1 }));
  const categoryOf = new Map(categories.map((category) => [category.ename, category]));
  const articles = faq.articles
    .map((article, index) => ({
      ...article,
      id: index + 1,
      categoryRow: categoryOf.get(article.category)!,
    }))
    .sort((a, b) => a.categoryRow.sort - b.categoryRow.sort || a.sort - b.sort || a.id - b.id);
  const sortedCategories = [...categories].sort((a, b) => a.sort - b.sort || a.id - b.id);

  function categoryList(lang: Lang): FaqCategory[] {
    return sortedCategories.map(({ id, ename, name }) => ({
      id,
      ename,
      name: name[lang],
      count: articles.filter((article) => article.categoryRow.id === id).length,
    }));
  }

  function summary(article: (typeof articles)[number], lang: Lang): FaqArticleSummary {
    const { title, content } = article.text[lang];
    return {
      id: article.id,
      ename: article.ename,
      title,
      summary: markdownSummary(content),
      article_category_id: article.categoryRow.id,
      category_name: article.categoryRow.name[lang],
      updated_at: article.updated ?? today,
    };
  }

  return {
    async clientVersion() {
      return undefined;
    },
    async coreList(lang) {
      return [...release.cores]
        .sort((a, b) => a.sort - b.sort || b.core - a.core)
        .map(({ name, name_zh, version, core, path }) => ({
          name: lang === 'zh' && name_zh ? name_zh : name,
          version,
          core,
          path,
        }));
    },
    async history() {
      return [];
    },
    async categories(lang) {
      return categoryList(lang);
    },
    async articles(lang) {
      return articles.map((article) => summary(article, lang));
    },
    async article(lang, idOrEname) {
      const byId = /^\d{1,9}$/.test(idOrEname);
      const article = articles.find((a) =>
        byId ? a.id === Number(idOrEname) : a.ename === idOrEname,
      );
      if (!article) return undefined;
      return {
        ...summary(article, lang),
        content: article.text[lang].content,
        category_list: categoryList(lang),
      };
    },
  };
}
