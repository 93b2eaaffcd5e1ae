import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

/** `/api/hainiao/workorderreply`: content, comma-joined attachment ids, private info. */
export function replyTicket(
  token: string,
  id: string,
  reply: { content: string; attachments?: string; privateinfo?: string },
  lang: Lang,
): Promise<{ id: number }> {
  return cloudPost('/api/hainiao/workorderreply', { token, id, ...reply }, lang);
}
