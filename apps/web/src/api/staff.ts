import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';
import type { TicketRow } from './workorderlist.ts';

export interface StaffTicketRow extends TicketRow {
  email: string;
  username: string;
}

/** `/api/hainiao/staff/workorderlist`: every ticket, filtered, newest update first. */
export function fetchStaffTickets(
  token: string,
  query: { status?: number; typeid?: number; q?: string; page: number; page_size: number },
  lang: Lang,
): Promise<{ list: StaffTicketRow[]; count: number }> {
  return cloudPost(
    '/api/hainiao/staff/workorderlist',
    {
      token,
      status: query.status === undefined ? undefined : String(query.status),
      typeid: query.typeid ? String(query.typeid) : undefined,
      q: query.q || undefined,
      page: String(query.page),
      page_size: String(query.page_size),
    },
    lang,
  );
}

export interface StaffTicketType {
  id: number;
  name_en: string;
  name_zh: string;
  sort: number;
  active: number;
}

/** `/api/hainiao/staff/typelist`: every ticket type, retired ones too. */
export function fetchAllTicketTypes(token: string, lang: Lang): Promise<StaffTicketType[]> {
  return cloudPost('/api/hainiao/staff/typelist', { token }, lang);
}

/** `/api/hainiao/staff/typesave`: creates a type, or changes it when typeid is given. */
export function saveTicketType(
  token: string,
  type: { typeid?: number; name_en: string; name_zh: string; sort: number; active: number },
  lang: Lang,
): Promise<{ typeid: number }> {
  return cloudPost(
    '/api/hainiao/staff/typesave',
    {
      token,
      typeid: type.typeid ? String(type.typeid) : undefined,
      name_en: type.name_en,
      name_zh: type.name_zh,
      sort: String(type.sort),
      active: String(type.active),
    },
    lang,
  );
}

/** `/api/hainiao/staff/typedelete`: deletes an unused type, retires a used one. */
export function deleteTicketType(
  token: string,
  typeid: number,
  lang: Lang,
): Promise<{ outcome: string }> {
  return cloudPost('/api/hainiao/staff/typedelete', { token, typeid: String(typeid) }, lang);
}
