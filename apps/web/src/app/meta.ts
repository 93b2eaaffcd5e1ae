import type { Lang } from '@hainiao/contract';
import { en, type Messages } from '../locales/en.ts';
import { zh } from '../locales/zh.ts';

export type MetaKey = Exclude<keyof Messages['meta'], 'siteName'>;

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
}

/** Title, keywords and description of a page in a language, falling back to the defaults. */
export function pageMeta(key: MetaKey | undefined, lang: Lang): PageMeta {
  const meta = (lang === 'zh' ? zh : en).meta;
  const page = key ? meta[key] : undefined;
  return {
    title: page?.title || meta.default.title,
    description: page?.description || meta.default.description,
    keywords: page?.keywords || meta.default.keywords,
  };
}
