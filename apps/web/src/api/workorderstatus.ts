import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/workorderstatus`: 2 resolved, 3 closed. */
export function setTicketStatus(
  token: string,
  id: string,
  status: 2 | 3,
  lang: Lang,
): Promise<unknown> {
  return cloudPost('/api/hainiao/workorderstatus', { token, id, status: String(status) }, lang);
}
