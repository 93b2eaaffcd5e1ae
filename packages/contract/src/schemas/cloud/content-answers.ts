/**
 * The `data` of the cloud's content answers (site-console-tickets.md §3 entities, §7 calls), shared
 * by the cloud that writes them and the site that reads them.
 */

/** POST /api/hainiao/corelist: one entry per downloadable browser core (§3 "Browser core entry"). */
export interface BrowserCoreEntry {
  /** Display name in the requested language, e.g. "Hainiao Browser 106". */
  name: string;
  /** The browser version the entry installs, 95 to 106 (BROWSER_VERSION_MIN/MAX). */
  version: string;
  /** Major version of the Chromium kernel; from KERNEL_WIN10_ONLY_FROM on, Windows 10/11 only. */
  core: number;
  /** Download path the cloud serves (`/downloads/<file>`). */
  path: string;
}

/** GET /historylist.php: one previous client version (§3 "Previous version file"). */
export interface HistoryFile {
  name: string;
  /** Human-readable size, e.g. "1.4 KB". */
  size: string;
  /** Release date, YYYY-MM-DD. */
  date: string;
  url: string;
}

/** POST /api/hainiao/document, mod=category (§3 "FAQ category"). */
export interface FaqCategory {
  id: number;
  name: string;
  /** Stable English name (beyond the spec), e.g. "proxies". */
  ename: string;
  /** How many articles the category holds (beyond the spec). */
  count: number;
}

/** POST /api/hainiao/document, mod=list: one article without its content. */
export interface FaqArticleSummary {
  id: number;
  /** Stable name used in /faq/{ename}.html. */
  ename: string;
  title: string;
  /** The first paragraph as plain text, cut to about 160 characters. */
  summary: string;
  article_category_id: number;
  category_name: string;
  /** Last change, YYYY-MM-DD. */
  updated_at: string;
}

/** POST /api/hainiao/document, mod=article (§3 "FAQ article"). */
export interface FaqArticle extends FaqArticleSummary {
  /** Markdown, in the requested language. */
  content: string;
  /** Every category, for the article page's drawer. */
  category_list: FaqCategory[];
}
