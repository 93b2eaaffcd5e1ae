import type { Lang } from '@hainiao/contract';

/**
 * The keys under which the prerendered pages embed the data of their cloud calls (shared/data.tsx)
 * and the pages read it back: the build and the browser must spell them alike.
 */
export const versionKey = () => 'version';
export const corelistKey = (lang: Lang) => `corelist:${lang}`;
export const historyKey = () => 'history';
export const faqCategoriesKey = (lang: Lang) => `faq:category:${lang}`;
export const faqListKey = (lang: Lang) => `faq:list:${lang}`;
export const faqArticleKey = (lang: Lang, id: string) => `faq:article:${lang}:${id}`;
