import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/delappkey`: deletes the credential (its usage logs stay). */
export function deleteCredential(token: string, app_id: string, lang: Lang): Promise<unknown> {
  return cloudPost('/api/hainiao/delappkey', { token, app_id }, lang);
}
