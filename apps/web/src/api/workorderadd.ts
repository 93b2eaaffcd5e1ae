import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export interface NewTicket {
  title: string;
  typeid: string;
  content: string;
  email: string;
  mobile?: string;
  privateinfo?: string;
  /** File ids from workorderupload, joined by commas. */
  attachments?: string;
}

/** `/api/hainiao/workorderadd`. */
export function addTicket(token: string, ticket: NewTicket, lang: Lang): Promise<{ id: number }> {
  return cloudPost('/api/hainiao/workorderadd', { token, ...ticket }, lang);
}
