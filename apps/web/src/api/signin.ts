import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/**
 * `/api/hainiao/signin`: Account or email plus password → a one-time client token, bound to the
 * tab's sign-in nonce when one is given (features/account/signinNonce.ts).
 */
export function signIn(
  fields: { Account?: string; email?: string; password: string },
  lang: Lang,
  nonce?: string,
): Promise<{ clienttoken: string }> {
  return cloudPost('/api/hainiao/signin', { ...fields, nonce }, lang);
}
