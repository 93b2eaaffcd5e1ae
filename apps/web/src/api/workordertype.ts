import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export interface TicketType {
  typeid: number;
  typename: string;
}

/** `/api/hainiao/workordertype`: the ticket types, named in the request language. */
export function fetchTicketTypes(token: string, lang: Lang): Promise<{ type: TicketType[] }> {
  return cloudPost('/api/hainiao/workordertype', { token }, lang);
}
