import type { FaqArticle, FaqArticleSummary, FaqCategory, Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export const DOCUMENT_PATH = '/api/hainiao/document';

export const faqCategoriesKey = (lang: Lang) => `faq:category:${lang}`;
export const faqListKey = (lang: Lang) => `faq:list:${lang}`;
export const faqArticleKey = (lang: Lang, id: string) => `faq:article:${lang}:${id}`;

/** mod=category: the FAQ categories. */
export function fetchFaqCategories(lang: Lang, signal?: AbortSignal): Promise<FaqCategory[]> {
  return cloudPost<FaqCategory[]>(DOCUMENT_PATH, { mod: 'category' }, lang, { signal });
}

/** mod=list: the articles, all or of one category. */
export function fetchFaqList(
  lang: Lang,
  categoryId?: number,
  signal?: AbortSignal,
): Promise<FaqArticleSummary[]> {
  return cloudPost<FaqArticleSummary[]>(
    DOCUMENT_PATH,
    { mod: 'list', category_id: categoryId },
    lang,
    { signal },
  );
}

/** mod=article: one article by id or ename. */
export function fetchFaqArticle(lang: Lang, id: string, signal?: AbortSignal): Promise<FaqArticle> {
  return cloudPost<FaqArticle>(DOCUMENT_PATH, { mod: 'article', id }, lang, { signal });
}
