import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/signup`: creates the account and answers a one-time client token. */
export function signUp(
  fields: { Account: string; email: string; password: string },
  lang: Lang,
): Promise<{ clienttoken: string }> {
  return cloudPost('/api/hainiao/signup', fields, lang);
}
