import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/resetappkey`: replaces the key; the device using the old one is signed out. */
export function resetAppKey(token: string, app_id: string, lang: Lang): Promise<unknown> {
  return cloudPost('/api/hainiao/resetappkey', { token, app_id }, lang);
}
