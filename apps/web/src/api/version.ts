import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export const VERSION_PATH = '/api/hainiao/version';
export const versionKey = () => 'version';

/** The current client version string. */
export function fetchVersion(lang: Lang, signal?: AbortSignal): Promise<string> {
  return cloudPost<string>(VERSION_PATH, {}, lang, { signal });
}
