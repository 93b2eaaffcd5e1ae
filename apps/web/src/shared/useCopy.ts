import type { Lang } from '@hainiao/contract';
import { useLang } from './useLang.ts';

/** A page's copy in the URL's language (copy objects live in locales/pages/). */
export function useCopy<T>(copy: Record<Lang, T>): T {
  return copy[useLang()];
}
