/**
 * The `data` of the cloud's content answers (CLOUD_CALLS of ../routes.ts), shared
 * by the cloud that writes them and the site that reads them. Strict objects: a key the contract
 * does not name is a mismatch, not something to pass along silently.
 */
import { z } from 'zod';
import { CLIENT_SYSTEMS } from '../../releases.ts';

/** POST /api/hainiao/version: the current client version string. */
export const versionAnswer = z.string();

/** One entry per downloadable browser core. */
export const browserCoreEntry = z.strictObject({
  /** Display name in the requested language, e.g. "Hainiao Browser 106". */
  name: z.string(),
  /** The browser version the entry installs, 95 to 106 (BROWSER_VERSION_MIN/MAX). */
  version: z.string(),
  /** Major version of the Chromium kernel; from KERNEL_WIN10_ONLY_FROM on, Windows 10/11 only. */
  core: z.number(),
  /**
   * Download path the cloud serves (`/downloads/<file>`): every core comes with the client, so
   * the newest published Windows program; empty when none is published (releases.ts).
   */
  path: z.string(),
});
export type BrowserCoreEntry = z.infer<typeof browserCoreEntry>;

/** POST /api/hainiao/corelist. */
export const corelistAnswer = z.array(browserCoreEntry);

/** One previous client version. */
export const historyFile = z.strictObject({
  name: z.string(),
  /** Human-readable size, e.g. "1.4 KB". */
  size: z.string(),
  /** Release date, YYYY-MM-DD. */
  date: z.string(),
  url: z.string(),
  /**
   * The systems the file runs on (the download page's compatible-OS column), e.g.
   * ["Windows 10", "Windows 11"]: for a published program those of its system (CLIENT_SYSTEM_OS);
   * for a row entered by hand those of the kernel the file's name carries (`-chromium<core>`), or
   * all four Windows versions (CLIENT_OS_LEGACY) when it names none.
   */
  os: z.array(z.string()),
  /**
   * Beyond the spec, for a client program published by `npm run package` (releases.ts): its
   * version, the system it is built for, its exact size in bytes and its SHA-256 (lowercase hex).
   * Rows an operator entered by hand have none of them.
   */
  version: z.string().optional(),
  system: z.enum(CLIENT_SYSTEMS).optional(),
  bytes: z.number().optional(),
  sha256: z.string().optional(),
});
export type HistoryFile = z.infer<typeof historyFile>;

/** GET /historylist.php. */
export const historyListAnswer = z.array(historyFile);

/** POST /api/hainiao/document, mod=category: one FAQ category. */
export const faqCategory = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** Stable English name (beyond the spec), e.g. "proxies". */
  ename: z.string(),
  /** How many articles the category holds (beyond the spec). */
  count: z.number(),
});
export type FaqCategory = z.infer<typeof faqCategory>;

const faqArticleSummaryShape = {
  id: z.number(),
  /** Stable name used in /faq/{ename}.html. */
  ename: z.string(),
  title: z.string(),
  /** The first paragraph as plain text, cut to about 160 characters. */
  summary: z.string(),
  article_category_id: z.number(),
  category_name: z.string(),
  /** Last change, YYYY-MM-DD. */
  updated_at: z.string(),
};

/** POST /api/hainiao/document, mod=list: one article without its content. */
export const faqArticleSummary = z.strictObject(faqArticleSummaryShape);
export type FaqArticleSummary = z.infer<typeof faqArticleSummary>;

/** POST /api/hainiao/document, mod=article: one FAQ article with its content. */
export const faqArticle = z.strictObject({
  ...faqArticleSummaryShape,
  /** Markdown, in the requested language. */
  content: z.string(),
  /** Every category, for the article page's drawer. */
  category_list: z.array(faqCategory),
});
export type FaqArticle = z.infer<typeof faqArticle>;

/** The `data` of each `mod` of POST /api/hainiao/document. */
export const documentAnswers = {
  category: z.array(faqCategory),
  list: z.array(faqArticleSummary),
  article: faqArticle,
} as const;
/** The `mod`s of POST /api/hainiao/document, and what each answers. */
export type DocumentMod = keyof typeof documentAnswers;
export type DocumentAnswerOf<M extends DocumentMod> = z.output<(typeof documentAnswers)[M]>;

/**
 * POST /api/hainiao/document: which of the three depends on `mod` (see `documentAnswers`). The
 * shapes are strict, so a list of categories never passes for a list of articles; an empty list
 * is either.
 */
export const documentAnswer = z.union([
  documentAnswers.category,
  documentAnswers.list,
  documentAnswers.article,
]);
