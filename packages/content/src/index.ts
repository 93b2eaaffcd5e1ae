/**
 * The content the cloud seeds and the site's build prerenders, read from the repository's files
 * without a database: the FAQ (faq/), the browser cores of a fresh install, and the ids of the script
 * library.
 */
export {
  FAQ_DIR,
  FaqSourceError,
  markdownSummary,
  parseFrontMatter,
  readFaqSource,
  type FaqSource,
  type FaqSourceArticle,
  type FaqSourceCategory,
  type FaqSourceText,
} from './faq-source.ts';
export {
  DOWNLOADS_PREFIX,
  fileSystems,
  humanSize,
  kernelOfFile,
  releases,
  supportedWindows,
  type BrowserCore,
  type Releases,
} from './releases.ts';
export { siteContent, type SiteContent, type SiteContentOptions } from './site-content.ts';
export { scriptId } from './library.ts';
