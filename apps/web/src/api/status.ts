import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export interface UserInfo {
  token: string;
  email: string;
  account: string;
  type: number;
  role: string;
}

/**
 * `/api/hainiao/status`: a one-time client token becomes the session token (the /route page).
 * `nonce` is this tab's sign-in nonce, if it has one; `bound` in the answer is true when the token
 * was bound to it (the sign-in started in this tab).
 */
export function fetchStatus(
  clienttoken: string,
  lang: Lang,
  nonce?: string,
): Promise<{ user_info: UserInfo; bound?: boolean }> {
  return cloudPost('/api/hainiao/status', { clienttoken, nonce }, lang);
}
