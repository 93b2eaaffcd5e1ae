import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** One API credential as the console lists it (the key is fetched separately). */
export interface Credential {
  id: number;
  app_id: string;
  status: number;
  begin_time: string;
  expire_time: string;
}

/** `/api/hainiao/apiorderlist`: the signed-in account's credentials. */
export function fetchCredentials(token: string, lang: Lang): Promise<Credential[]> {
  return cloudPost('/api/hainiao/apiorderlist', { token }, lang);
}
