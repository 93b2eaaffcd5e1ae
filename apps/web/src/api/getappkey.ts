import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/getappkey`: reveals a credential's app_key. */
export function fetchAppKey(
  token: string,
  app_id: string,
  lang: Lang,
): Promise<{ app_key: string }> {
  return cloudPost('/api/hainiao/getappkey', { token, app_id }, lang);
}
