import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export interface TicketRow {
  id: number;
  title: string;
  typeid: number;
  type: string;
  status: number;
  add_time: string;
  update_time: string;
}

/** `/api/hainiao/workorderlist`: typeid 0 for all, page from 1. */
export function fetchTickets(
  token: string,
  query: { typeid: number; page: number; page_size: number },
  lang: Lang,
): Promise<{ list: TicketRow[]; count: number }> {
  return cloudPost(
    '/api/hainiao/workorderlist',
    {
      token,
      typeid: String(query.typeid),
      page: String(query.page),
      page_size: String(query.page_size),
    },
    lang,
  );
}
