import type { BrowserCoreEntry, Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export const CORELIST_PATH = '/api/hainiao/corelist';
export const corelistKey = (lang: Lang) => `corelist:${lang}`;

/** The downloadable browser cores, names in `lang`. */
export function fetchCoreList(lang: Lang, signal?: AbortSignal): Promise<BrowserCoreEntry[]> {
  return cloudPost<BrowserCoreEntry[]>(CORELIST_PATH, {}, lang, { signal });
}
