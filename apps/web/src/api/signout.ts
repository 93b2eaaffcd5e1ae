import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/signout`: revokes the session token. */
export function signOut(token: string, lang: Lang): Promise<null> {
  return cloudPost('/api/hainiao/signout', { token }, lang);
}
