import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/applyapi`: applies for a new credential. */
export function applyCredential(token: string, lang: Lang): Promise<{ app_id: string }> {
  return cloudPost('/api/hainiao/applyapi', { token }, lang);
}
