import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { LANGS } from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { FAQ_DIR, markdownSummary, readFaqSource, type FaqSource } from './faq-source.ts';
import { DEMO_VERSION, demoReleases, writeDemoReleases } from './releases.ts';

export { DEMO_VERSION };

/** Demo content of a fresh install: the downloadable cores and the previous versions. */
const demo = demoReleases();
export const DEMO_CORES = demo.cores;
export const DEMO_HISTORY = demo.history;

export interface SeedOptions {
  /** The FAQ folder (categories.json, articles/); the repository's by default. */
  faqDir?: string;
  /** Where the release files live; demo files are written there when missing. */
  releasesDir?: string;
}

/** Hash of an article text as the seed writes it (see FaqArticleTextTable.seed_hash). */
export function seedHash(title: string, content: string): string {
  return createHash('sha256')
    .update(JSON.stringify([title, content]))
    .digest('hex');
}

/**
 * Seeds what is missing, so operators' changes survive restarts: the client version, the core list
 * and the previous versions when their tables are empty, and the FAQ from the repository's files.
 * FAQ categories follow the files; an article text is updated only while nobody else changed it.
 */
export async function seedContent(
  database: CloudDatabase,
  options: SeedOptions = {},
): Promise<void> {
  const faq = readFaqSource(options.faqDir ?? FAQ_DIR);
  if (options.releasesDir) writeDemoReleases(options.releasesDir);
  const { db } = database;
  await db.transaction().execute(async (trx) => {
    const version = await trx
      .selectFrom('setting')
      .select('value')
      .where('key', '=', 'client_version')
      .executeTakeFirst();
    if (!version) {
      await trx
        .insertInto('setting')
        .values({ key: 'client_version', value: DEMO_VERSION })
        .execute();
    }
    // Installs seeded before release files existed pointed their demo cores at missing installers.
    await trx.deleteFrom('browser_core').where('path', 'like', '/downloads/%-setup.exe').execute();
    if ((await count(trx, 'browser_core')) === 0) {
      await trx.insertInto('browser_core').values(DEMO_CORES).execute();
    }
    if ((await count(trx, 'release_history')) === 0) {
      await trx.insertInto('release_history').values(DEMO_HISTORY).execute();
    }
    await seedFaq(trx, faq);
  });
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
