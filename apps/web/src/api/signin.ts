import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/signin`: Account or email plus password → a one-time client token. */
export function signIn(
  fields: { Account?: string; email?: string; password: string },
  lang: Lang,
): Promise<{ clienttoken: string }> {
  return cloudPost('/api/hainiao/signin', fields, lang);
}
