import type {
  BrowserCoreEntry,
  FaqArticle,
  FaqArticleSummary,
  FaqCategory,
  HistoryFile,
  Lang,
  ReleaseManifest,
} from '@hainiao/contract';
import { CLIENT_SYSTEM_OS, CLIENT_SYSTEMS } from '@hainiao/contract';
import { DOWNLOADS_PREFIX, fileSystems, humanSize } from '@hainiao/content';
import type { CloudDatabase } from '../../db/database.ts';
import { prepared, type Param } from '../../db/prepared.ts';
import type { ReleaseCatalog } from './release-catalog.ts';

/** The text in `lang`, else English, else whatever there is. */
function pick<T extends { lang: string }>(rows: T[], lang: Lang): T | undefined {
  return rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'en') ?? rows[0];
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

/** An article's line of the FAQ list, in `lang`: its row, its text, its category's name. */
function summaryOf(
  row: { id: number; ename: string; category_id: number; updated_at: string },
  text: { title: string; summary: string },
  categoryTexts: readonly { category_id: number; lang: string; name: string }[],
  lang: Lang,
): FaqArticleSummary {
  return {
    id: row.id,
    ename: row.ename,
    title: text.title,
    summary: text.summary,
    article_category_id: row.category_id,
    category_name:
      pick(
        categoryTexts.filter((t) => t.category_id === row.category_id),
        lang,
      )?.name ?? '',
    updated_at: day(row.updated_at),
  };
}

/** A published version's files as lines of the version history, Windows first. */
function publishedFiles(release: ReleaseManifest): HistoryFile[] {
  return [...release.files]
    .sort((a, b) => CLIENT_SYSTEMS.indexOf(a.system) - CLIENT_SYSTEMS.indexOf(b.system))
    .map((file) => ({
      name: file.file,
      size: humanSize(file.size),
      date: release.date,
      url: DOWNLOADS_PREFIX + file.file,
      os: [...CLIENT_SYSTEM_OS[file.system]],
      version: release.version,
      system: file.system,
      bytes: file.size,
      sha256: file.sha256,
    }));
}

/**
 * The site's content: FAQ, and the releases — the published client programs (release-catalog.ts)
 * first, then what an operator entered in the tables by hand.
 */
export function contentService({ db }: CloudDatabase, catalog?: ReleaseCatalog) {
  const published = () => catalog?.releases() ?? Promise.resolve([]);
  // The categories come with every article and list the FAQ shows: compiled once (db/prepared.ts).
  const categoryRows = prepared(db, () =>
    db.selectFrom('faq_category').select(['id', 'ename']).orderBy('sort').orderBy('id'),
  );
  const categoryTexts = prepared(db, () =>
    db.selectFrom('faq_category_text').select(['category_id', 'lang', 'name']),
  );
  const articleCounts = prepared(db, () =>
    db
      .selectFrom('faq_article')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('category_id'),
  );

  /** The categories with their texts in every language and their article counts. */
  async function categorySource() {
    const [rows, texts, counts] = await Promise.all([
      categoryRows({}),
      categoryTexts({}),
      articleCounts({}),
    ]);
    return { rows, texts, counts };
  }

  function categoriesIn(
    lang: Lang,
    { rows, texts, counts }: Awaited<ReturnType<typeof categorySource>>,
  ): FaqCategory[] {
    return rows.map(({ id, ename }) => ({
      id,
      ename,
      name:
        pick(
          texts.filter((t) => t.category_id === id),
          lang,
        )?.name ?? ename,
      count: Number(counts.find((c) => c.category_id === id)?.n ?? 0),
    }));
  }

  async function categories(lang: Lang): Promise<FaqCategory[]> {
    return categoriesIn(lang, await categorySource());
  }

  // One article (db/prepared.ts): by numeric id or by ename, and its texts in every language.
  const articleById = prepared(db, (param: Param<{ id: number }>) =>
    db
      .selectFrom('faq_article')
      .select(['id', 'ename', 'category_id', 'updated_at'])
      .where('id', '=', param('id')),
  );
  const articleByEname = prepared(db, (param: Param<{ ename: string }>) =>
    db
      .selectFrom('faq_article')
      .select(['id', 'ename', 'category_id', 'updated_at'])
      .where('ename', '=', param('ename')),
  );
  const articleTexts = prepared(db, (param: Param<{ id: number }>) =>
    db
      .selectFrom('faq_article_text')
      .select(['lang', 'title', 'summary', 'content'])
      .where('article_id', '=', param('id')),
  );

  async function summaries(
    lang: Lang,
    filter: { categoryId?: number; article?: number | string } = {},
  ): Promise<FaqArticleSummary[]> {
    let query = db
      .selectFrom('faq_article')
      .innerJoin('faq_category', 'faq_category.id', 'faq_article.category_id')
      .select([
        'faq_article.id',
        'faq_article.ename',
        'faq_article.category_id',
        'faq_article.updated_at',
      ])
      .orderBy('faq_category.sort')
      .orderBy('faq_article.sort')
      .orderBy('faq_article.id');
    if (filter.categoryId !== undefined) {
      query = query.where('faq_article.category_id', '=', filter.categoryId);
    }
    if (typeof filter.article === 'number')
      query = query.where('faq_article.id', '=', filter.article);
    if (typeof filter.article === 'string') {
      query = query.where('faq_article.ename', '=', filter.article);
    }
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const categoryIds = [...new Set(rows.map((r) => r.category_id))];
    const [texts, categoryTexts] = await Promise.all([
      db
        .selectFrom('faq_article_text')
        .select(['article_id', 'lang', 'title', 'summary'])
        .where('article_id', 'in', ids)
        .execute(),
      db
        .selectFrom('faq_category_text')
        .select(['category_id', 'lang', 'name'])
        .where('category_id', 'in', categoryIds)
        .execute(),
    ]);
    return rows.flatMap((row) => {
      const text = pick(
        texts.filter((t) => t.article_id === row.id),
        lang,
      );
      if (!text) return [];
      return [summaryOf(row, text, categoryTexts, lang)];
    });
  }

  return {
    /** The newest published version; else the one an operator set. */
    async clientVersion(): Promise<string | undefined> {
      const [newest] = await published();
      if (newest) return newest.version;
      const row = await db
        .selectFrom('setting')
        .select('value')
        .where('key', '=', 'client_version')
        .executeTakeFirst();
      return row?.value;
    },

    /**
     * Every core comes with the one client program: a core without a file of its own points at the
     * newest published Windows program, or nowhere ('') when none is published.
     */
    async coreList(lang: Lang = 'en'): Promise<BrowserCoreEntry[]> {
      const windows = (await published())
        .flatMap((release) => release.files)
        .find((file) => file.system === 'windows-x64');
      const client = windows ? DOWNLOADS_PREFIX + windows.file : '';
      const rows = await db
        .selectFrom('browser_core')
        .select(['name', 'name_zh', 'version', 'core', 'path'])
        .orderBy('sort')
        .orderBy('core', 'desc')
        .execute();
      return rows.map(({ name, name_zh, version, core, path }) => ({
        name: lang === 'zh' && name_zh ? name_zh : name,
        version,
        core: Number(core),
        path: path || client,
      }));
    },

    async history(): Promise<HistoryFile[]> {
      const rows = await db
        .selectFrom('release_history')
        .select(['name', 'size', 'date', 'url'])
        .orderBy('sort')
        .orderBy('date', 'desc')
        .execute();
      // The compatible systems follow from the kernel the file bundles (see fileSystems).
      const entered = rows.map((row) => ({ ...row, os: fileSystems(row.url) }));
      return [...(await published()).flatMap(publishedFiles), ...entered];
    },

    categories,

    articles(lang: Lang, categoryId?: number): Promise<FaqArticleSummary[]> {
      return summaries(lang, categoryId === undefined ? {} : { categoryId });
    },

    /** One article by numeric id or by ename; undefined when there is none. */
    async article(lang: Lang, idOrEname: string): Promise<FaqArticle | undefined> {
      const [row] = /^\d{1,9}$/.test(idOrEname)
        ? await articleById({ id: Number(idOrEname) })
        : await articleByEname({ ename: idOrEname });
      if (!row) return undefined;
      const [texts, source] = await Promise.all([articleTexts({ id: row.id }), categorySource()]);
      const text = pick(texts, lang);
      if (!text) return undefined;
      return {
        ...summaryOf(row, text, source.texts, lang),
        content: text.content,
        category_list: categoriesIn(lang, source),
      };
    },

    /** Whether /faq/{idOrEname}.html names an article (the site answers 404 otherwise). */
    async articleExists(idOrEname: string): Promise<boolean> {
      const query = db.selectFrom('faq_article').select('id');
      const row = await (
        /^\d{1,9}$/.test(idOrEname)
          ? query.where('id', '=', Number(idOrEname))
          : query.where('ename', '=', idOrEname)
      ).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
