import type { Lang } from '@hainiao/contract';
import { en, type Messages } from '../locales/en.ts';
import { zh } from '../locales/zh.ts';

export type MetaKey = Exclude<keyof Messages['meta'], 'siteName'>;

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
}

/** What a page knows only from its data (an article's title and summary). */
export type MetaValues = Partial<Pick<PageMeta, 'title' | 'description'>>;

/**
 * Title, keywords and description of a page in a language, falling back to the defaults. A page
 * whose title is a template (`{{title}}`) fills it from `values`; without values it falls back to
 * the defaults as well.
 */
export function pageMeta(key: MetaKey | undefined, lang: Lang, values: MetaValues = {}): PageMeta {
  const meta = (lang === 'zh' ? zh : en).meta;
  const page = key ? meta[key] : undefined;
  const template = page?.title ?? '';
  const title = template.includes('{{title}}')
    ? values.title
      ? template.replace('{{title}}', values.title)
      : ''
    : template;
  return {
    title: title || meta.default.title,
    description: values.description || page?.description || meta.default.description,
    keywords: page?.keywords || meta.default.keywords,
  };
}
