import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export interface UserInfo {
  token: string;
  email: string;
  account: string;
  type: number;
  role: string;
}

/** `/api/hainiao/status`: a one-time client token becomes the session token (the /route page). */
export function fetchStatus(clienttoken: string, lang: Lang): Promise<{ user_info: UserInfo }> {
  return cloudPost('/api/hainiao/status', { clienttoken }, lang);
}
