import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export interface Attachment {
  fileid: string;
  filepath: string;
  name: string;
}

export interface TicketReply {
  username: string;
  content: string;
  add_time: string;
  isadmin: number;
  privateinfo?: string;
  attach: Attachment[];
}

export interface TicketDetail {
  id: number;
  title: string;
  typeid: number;
  type: string;
  content: string;
  status: number;
  add_time: string;
  update_time: string;
  username: string;
  email: string;
  mobile: string;
  privateinfo: string;
  attach: Attachment[];
  reply: TicketReply[];
}

/** `/api/hainiao/workorderdetail`: one ticket with its attachments and replies. */
export function fetchTicket(token: string, id: string, lang: Lang): Promise<TicketDetail> {
  return cloudPost('/api/hainiao/workorderdetail', { token, id }, lang);
}
