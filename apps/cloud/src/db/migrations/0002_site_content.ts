import type { Kysely } from 'kysely';
import { withId } from './columns.ts';

// The site's content beyond version and cores: Chinese core names, the previous-versions list, and
// the FAQ (categories and articles, with their text per language).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('browser_core').addColumn('name_zh', 'varchar(100)').execute();

  await withId(db, db.schema.createTable('release_history'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'varchar(40)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'varchar(300)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('faq_category'))
    .addColumn('ename', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('faq_category_text')
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('faq_category.id').onDelete('cascade'),
    )
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('faq_category_text_pk', ['category_id', 'lang'])
    .execute();

  await withId(db, db.schema.createTable('faq_article'))
    .addColumn('ename', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('faq_category.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('faq_article_category')
    .on('faq_article')
    .column('category_id')
    .execute();
  await db.schema
    .createTable('faq_article_text')
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('faq_article.id').onDelete('cascade'),
    )
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)')
    .addPrimaryKeyConstraint('faq_article_text_pk', ['article_id', 'lang'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('faq_article_text').execute();
  await db.schema.dropTable('faq_article').execute();
  await db.schema.dropTable('faq_category_text').execute();
  await db.schema.dropTable('faq_category').execute();
  await db.schema.dropTable('release_history').execute();
  await db.schema.alterTable('browser_core').dropColumn('name_zh').execute();
}
