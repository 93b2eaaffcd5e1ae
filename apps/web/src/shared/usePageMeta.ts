import { useEffect } from 'react';
import { useLang } from './useLang.ts';
import { pageMeta, type MetaKey } from '../app/meta.ts';

function setMeta(name: string, content: string) {
  document.querySelector(`meta[name="${name}"]`)?.setAttribute('content', content);
}

/**
 * Keeps title, description and keywords right after client-side navigation; the prerendered HTML
 * already carries them for the first load.
 */
export function usePageMeta(key: MetaKey): void {
  const lang = useLang();
  useEffect(() => {
    const meta = pageMeta(key, lang);
    document.title = meta.title;
    setMeta('description', meta.description);
    setMeta('keywords', meta.keywords);
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [key, lang]);
}
