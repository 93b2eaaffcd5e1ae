import type { Generated } from 'kysely';

/** Key/value settings that operators change without a release (current client version, …). */
export interface SettingTable {
  key: string;
  value: string;
}

/** One downloadable browser core. */
export interface BrowserCoreTable {
  id: Generated<number>;
  /** English display name. */
  name: string;
  /** Chinese display name; the English one when missing (migration 0002). */
  name_zh: string | null;
  /** Browser version the entry installs (95 to 106). */
  version: string;
  /** Chromium major version of the core. */
  core: number;
  /** Download path the cloud serves. */
  path: string;
  sort: number;
}

/**
 * A previous client version, served by historylist.php.
 * Its compatible systems are not stored: they follow from the kernel its file name carries
 * (`-chromium<core>`, see `fileSystems` of @hainiao/content).
 */
export interface ReleaseHistoryTable {
  id: Generated<number>;
  name: string;
  /** Human-readable size, e.g. "1.4 KB". */
  size: string;
  /** YYYY-MM-DD. */
  date: string;
  url: string;
  sort: number;
}

/** A FAQ category; its names per language are in faq_category_text. */
export interface FaqCategoryTable {
  id: Generated<number>;
  ename: string;
  sort: number;
}

export interface FaqCategoryTextTable {
  category_id: number;
  /** 'en' or 'zh'. */
  lang: string;
  name: string;
}

/** A FAQ article; its title and markdown per language are in faq_article_text. */
export interface FaqArticleTable {
  id: Generated<number>;
  ename: string;
  category_id: number;
  sort: number;
  /** ISO timestamp of the last change. */
  updated_at: string;
}

export interface FaqArticleTextTable {
  article_id: number;
  lang: string;
  title: string;
  /** Markdown. */
  content: string;
  /** Plain-text first paragraph, for the list. */
  summary: string;
  /**
   * Hash of (title, content, category, sort) as the seed last wrote them; null once someone else
   * changed the row. The seed updates only rows whose current hash still matches, so operators'
   * edits survive restarts while edits to the repository's FAQ files reach existing installs.
   */
  seed_hash: string | null;
}

export interface ContentTables {
  setting: SettingTable;
  browser_core: BrowserCoreTable;
  release_history: ReleaseHistoryTable;
  faq_category: FaqCategoryTable;
  faq_category_text: FaqCategoryTextTable;
  faq_article: FaqArticleTable;
  faq_article_text: FaqArticleTextTable;
}
