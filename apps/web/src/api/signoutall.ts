import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/signoutall`: revokes every session token of the account, this one included. */
export function signOutEverywhere(token: string, lang: Lang): Promise<{ revoked: number }> {
  return cloudPost('/api/hainiao/signoutall', { token }, lang);
}
