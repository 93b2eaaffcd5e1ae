import { usePathname } from './router.ts';
import { langFromPath, localizePath, type Lang } from '@hainiao/contract';

/** The page's language, read from the URL (the only source of the language). */
export function useLang(): Lang {
  return langFromPath(usePathname());
}

/** Turns an English path into the same page in the current language. */
export function useLocalize(): (path: string) => string {
  const lang = useLang();
  return (path) => localizePath(path, lang);
}
