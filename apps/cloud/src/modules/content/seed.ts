import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { LANGS } from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  FAQ_DIR,
  markdownSummary,
  readFaqSource,
  releases,
  type FaqSource,
} from '@hainiao/content';
import { diskStore, type FileStore } from '../../storage/files.ts';
import { writeReleaseFiles } from './releases.ts';

/** A fresh install's releases (`@hainiao/content`): the version, the cores, the history. */
const demo = releases();
export const DEMO_VERSION = demo.version;
export const DEMO_CORES = demo.cores;
export const DEMO_HISTORY = demo.history;

export interface SeedOptions {
  /** The FAQ folder (categories.json, articles/); `@hainiao/content`'s by default. */
  faqDir?: string;
  /** The release store; demo files are written there when missing. */
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
 * Seeds what is missing, so operators' changes survive restarts: the client version, the core list
 * and the previous versions when their tables are empty, and the FAQ from the content package.
 * FAQ categories follow the files; an article text is updated only while nobody else changed it.
 */
export async function seedContent(
  database: CloudDatabase,
  options: SeedOptions = {},
): Promise<void> {
  const faq = readFaqSource(options.faqDir ?? FAQ_DIR);
  const releaseStore =
    options.releases ?? (options.releasesDir ? diskStore(options.releasesDir) : undefined);
  if (releaseStore) await writeReleaseFiles(releaseStore, demo.files);
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
    if (await onlyEarlierDemo(trx, 'browser_core', DEMO_CORE_FILE, DEMO_CORES)) {
      await trx.deleteFrom('browser_core').execute();
    }
    if ((await count(trx, 'browser_core')) === 0) {
      await trx.insertInto('browser_core').values(DEMO_CORES).execute();
    }
    if (await onlyEarlierDemo(trx, 'release_history', DEMO_HISTORY_FILE, DEMO_HISTORY)) {
      await trx.deleteFrom('release_history').execute();
    }
    if ((await count(trx, 'release_history')) === 0) {
      await trx.insertInto('release_history').values(DEMO_HISTORY).execute();
    }
    await seedFaq(trx, faq);
  });
}

/** File paths of the demo rows, this release's and earlier ones (see @hainiao/content releases). */
const DEMO_CORE_FILE = /^\/downloads\/hainiao-[\d.]+-browser\d+-chromium\d+\.zip$/;
const DEMO_HISTORY_FILE = /^\/downloads\/hainiao-[\d.]+(?:-chromium\d+)?\.zip$/;

/**
 * Whether a table holds an earlier release's demo rows and nothing else, so the current demo rows
 * replace them (e.g. the six cores of earlier installs become the twelve versions 95–106). A row
 * pointing at any other file (an operator's) keeps the whole table as it is.
 */
async function onlyEarlierDemo(
  trx: Transaction<Database>,
  table: 'browser_core' | 'release_history',
  demoFile: RegExp,
  current: readonly ({ path: string } | { url: string })[],
): Promise<boolean> {
  const files =
    table === 'browser_core'
      ? (await trx.selectFrom('browser_core').select('path').execute()).map((r) => r.path)
      : (await trx.selectFrom('release_history').select('url').execute()).map((r) => r.url);
  const wanted = current.map((row) => ('path' in row ? row.path : row.url));
  const same = files.length === wanted.length && wanted.every((file) => files.includes(file));
  return files.length > 0 && !same && files.every((file) => demoFile.test(file));
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
