import type { Generated } from 'kysely';
import type { IsoTime } from '../accounts/tables.ts';

export interface TicketTypeTable {
  /** The spec's `typeid`. */
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  sort: number;
  /** 0 once staff retire a type: old tickets keep it, new ones cannot choose it. */
  active: number;
}

export interface TicketTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  typeid: number;
  content: string;
  /** 0 pending reply, 1 in progress, 2 resolved, 3 closed. */
  status: number;
  email: string;
  mobile: string;
  privateinfo: string;
  add_time: IsoTime;
  update_time: IsoTime;
}

export interface TicketReplyTable {
  id: Generated<number>;
  ticket_id: number;
  account_id: number;
  /** The replier's account name; staff replies end with the admin marker. */
  username: string;
  content: string;
  privateinfo: string;
  add_time: IsoTime;
}

/** An uploaded file: owned by its uploader, linked at most once to a ticket or a reply. */
export interface AttachmentTable {
  /** The spec's `fileid`: random, unguessable. */
  id: string;
  uploader_id: number;
  ticket_id: number | null;
  reply_id: number | null;
  /** The uploader's file name, shown as the link text and in Content-Disposition. */
  name: string;
  /** The generated name in the file store. */
  stored_name: string;
  mime: string;
  size: number;
  created_at: IsoTime;
}

export interface TicketTables {
  ticket_type: TicketTypeTable;
  ticket: TicketTable;
  ticket_reply: TicketReplyTable;
  attachment: AttachmentTable;
}
