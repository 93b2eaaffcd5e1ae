import { useEffect } from 'react';
import { useLang } from './useLang.ts';
import { pageMeta, type MetaKey, type MetaValues, type PageMeta } from '../app/meta.ts';

function setMeta(selector: string, content: string) {
  document.querySelector(selector)?.setAttribute('content', content);
}

/**
 * Keeps title, description and keywords right after client-side navigation; the prerendered HTML
 * already carries them for the first load. Takes a page's meta key (locales/en.ts `meta`), with
 * the values a template title needs, or a ready PageMeta (pages with their own copy files).
 */
export function usePageMeta(page: MetaKey | PageMeta, values?: MetaValues): void {
  const lang = useLang();
  const meta = typeof page === 'string' ? pageMeta(page, lang, values) : page;
  const { title, description, keywords } = meta;
  useEffect(() => {
    document.title = title;
    setMeta('meta[name="description"]', description);
    setMeta('meta[name="keywords"]', keywords);
    setMeta('meta[property="og:title"]', title);
    setMeta('meta[property="og:description"]', description);
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [title, description, keywords, lang]);
}
