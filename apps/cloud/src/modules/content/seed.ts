import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { LANGS } from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  DOWNLOADS_PREFIX,
  FAQ_DIR,
  markdownSummary,
  readFaqSource,
  releases,
  type FaqSource,
} from '@hainiao/content';
import { diskStore, type FileStore } from '../../storage/files.ts';

/** The browser cores of a fresh install (`@hainiao/content`); the programs are published apart. */
export const DEMO_CORES = releases().cores;

/** The client version earlier installs were seeded with, before real programs were published. */
const EARLIER_DEMO_VERSION = '2.8.1';

export interface SeedOptions {
  /** The FAQ folder (categories.json, articles/); `@hainiao/content`'s by default. */
  faqDir?: string;
  /** The release store, from which the demo files earlier installs were seeded with are removed. */
  releases?: FileStore;
  /** A folder as the release store (when `releases` is not given). */
  releasesDir?: string;
}

/** Hash of an article text as the seed writes it (see FaqArticleTextTable.seed_hash). */
export function seedHash(title: string, content: string): string {
  return createHash('sha256')
    .update(JSON.stringify([title, content]))
    .digest('hex');
}

/**
 * Seeds what is missing, so operators' changes survive restarts: the core list when its table is
 * empty, and the FAQ from the content package. FAQ categories follow the files; an article text is
 * updated only while nobody else changed it. The client version and the version history come from
 * the published programs (release-catalog.ts): what earlier installs were seeded with in their
 * place — a demo version, demo rows and their demonstration zips — is removed.
 */
export async function seedContent(
  database: CloudDatabase,
  options: SeedOptions = {},
): Promise<void> {
  const faq = readFaqSource(options.faqDir ?? FAQ_DIR);
  const releaseStore =
    options.releases ?? (options.releasesDir ? diskStore(options.releasesDir) : undefined);
  const { db } = database;
  const demoFiles = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('setting')
      .where('key', '=', 'client_version')
      .where('value', '=', EARLIER_DEMO_VERSION)
      .execute();
    // Installs seeded before release files existed pointed their demo cores at missing installers.
    await trx.deleteFrom('browser_core').where('path', 'like', '/downloads/%-setup.exe').execute();
    const files: string[] = [];
    const coreFiles = await demoRowFiles(trx, 'browser_core', DEMO_CORE_FILE);
    if (coreFiles) {
      await trx.deleteFrom('browser_core').execute();
      files.push(...coreFiles);
    }
    if ((await count(trx, 'browser_core')) === 0) {
      await trx.insertInto('browser_core').values(DEMO_CORES).execute();
    }
    const historyFiles = await demoRowFiles(trx, 'release_history', DEMO_HISTORY_FILE);
    if (historyFiles) {
      await trx.deleteFrom('release_history').execute();
      files.push(...historyFiles);
    }
    await seedFaq(trx, faq);
    return files;
  });
  // After the rows that named them are gone: a file is never listed without its bytes.
  for (const file of demoFiles) await releaseStore?.remove(file.slice(DOWNLOADS_PREFIX.length));
}

/** File paths of the demo rows earlier installs were seeded with (their demonstration zips). */
const DEMO_CORE_FILE = /^\/downloads\/hainiao-[\d.]+-browser\d+-chromium\d+\.zip$/;
const DEMO_HISTORY_FILE = /^\/downloads\/hainiao-[\d.]+(?:-chromium\d+)?\.zip$/;

/**
 * The files of a table's rows when they are all earlier demo rows (so they are replaced), else
 * undefined: a row pointing at any other file (an operator's) keeps the whole table as it is.
 */
async function demoRowFiles(
  trx: Transaction<Database>,
  table: 'browser_core' | 'release_history',
  demoFile: RegExp,
): Promise<string[] | undefined> {
  const files =
    table === 'browser_core'
      ? (await trx.selectFrom('browser_core').select('path').execute()).map((r) => r.path)
      : (await trx.selectFrom('release_history').select('url').execute()).map((r) => r.url);
  return files.length > 0 && files.every((file) => demoFile.test(file)) ? files : undefined;
}

async function count(
  trx: Transaction<Database>,
  table: 'browser_core' | 'release_history',
): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function seedFaq(trx: Transaction<Database>, faq: FaqSource): Promise<void> {
  const now = new Date().toISOString();
  const categoryIds = new Map<string, number>();
  for (const category of faq.categories) {
    let row = await trx
      .selectFrom('faq_category')
      .select('id')
      .where('ename', '=', category.ename)
      .executeTakeFirst();
    if (row) {
      await trx
        .updateTable('faq_category')
        .set({ sort: category.sort })
        .where('id', '=', row.id)
        .execute();
    } else {
      row = await trx
        .insertInto('faq_category')
        .values({ ename: category.ename, sort: category.sort })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const id = row.id;
    categoryIds.set(category.ename, id);
    await trx.deleteFrom('faq_category_text').where('category_id', '=', id).execute();
    await trx
      .insertInto('faq_category_text')
      .values(LANGS.map((lang) => ({ category_id: id, lang, name: category.name[lang] })))
      .execute();
  }

  for (const article of faq.articles) {
    const categoryId = categoryIds.get(article.category)!;
    const updatedAt = article.updated ? `${article.updated}T00:00:00.000Z` : now;
    const existing = await trx
      .selectFrom('faq_article')
      .select('id')
      .where('ename', '=', article.ename)
      .executeTakeFirst();
    let articleId: number;
    if (existing) {
      articleId = existing.id;
      await trx
        .updateTable('faq_article')
        .set({ category_id: categoryId, sort: article.sort })
        .where('id', '=', articleId)
        .execute();
    } else {
      const inserted = await trx
        .insertInto('faq_article')
        .values({
          ename: article.ename,
          category_id: categoryId,
          sort: article.sort,
          updated_at: updatedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      articleId = inserted.id;
    }

    for (const lang of LANGS) {
      const { title, content } = article.text[lang];
      const hash = seedHash(title, content);
      const values = { title, content, summary: markdownSummary(content), seed_hash: hash };
      const current = await trx
        .selectFrom('faq_article_text')
        .select(['title', 'content', 'seed_hash'])
        .where('article_id', '=', articleId)
        .where('lang', '=', lang)
        .executeTakeFirst();
      if (!current) {
        await trx
          .insertInto('faq_article_text')
          .values({ article_id: articleId, lang, ...values })
          .execute();
        continue;
      }
      if (current.seed_hash === hash) continue; // unchanged file
      const untouched = current.seed_hash === seedHash(current.title, current.content);
      if (!untouched) continue; // changed by someone else: keep it
      await trx
        .updateTable('faq_article_text')
        .set(values)
        .where('article_id', '=', articleId)
        .where('lang', '=', lang)
        .execute();
      await trx
        .updateTable('faq_article')
        .set({ updated_at: updatedAt })
        .where('id', '=', articleId)
        .execute();
    }
  }
}
