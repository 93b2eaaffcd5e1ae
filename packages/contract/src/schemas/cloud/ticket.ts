/**
 * Form fields of the ticket calls of the cloud (/api/hainiao/workorder*; their limits in
 * limits.ts). Every call sends the session token. The `…Form` schemas hold what the user types (for
 * the React forms); the `…Fields` schemas add the common fields and token.
 */
import { z } from 'zod';
import {
  ATTACHMENTS_MAX,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  TICKET_CONTENT_MAX,
  TICKET_CONTENT_MIN,
  TICKET_PAGE_SIZE_DEFAULT,
  TICKET_PAGE_SIZES,
  TICKET_REPLY_MAX,
  TICKET_REPLY_MIN,
  TICKET_TITLE_MAX,
  TICKET_TITLE_MIN,
} from '../../limits.ts';
import { TicketStatus } from '../../statuses.ts';
import { ValidationKey, blankable, numericField, tokenFields } from './content.ts';

const V = ValidationKey;

/** File ids of the comma-joined `attachments` field; blanks around and between commas are ignored. */
export function parseAttachmentIds(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
}

const FILE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

const attachments = z
  .string({ error: V.invalidParameter })
  .refine((value) => parseAttachmentIds(value).every((id) => FILE_ID_PATTERN.test(id)), {
    error: V.invalidParameter,
  })
  .refine((value) => parseAttachmentIds(value).length <= ATTACHMENTS_MAX, {
    error: V.attachmentsTooMany,
  })
  .optional()
  .describe(`File ids from workorderupload, joined by commas; at most ${ATTACHMENTS_MAX}`)
  .meta({
    zh: `workorderupload 返回的文件 ID，以逗号连接；最多 ${ATTACHMENTS_MAX} 个`,
    example: '101,102',
  });

const privateinfo = z
  .string({ error: V.invalidParameter })
  .max(TICKET_CONTENT_MAX, { error: V.contentLength })
  .optional()
  .describe('Private information only support staff can see (accounts, passwords, …)')
  .meta({ zh: '仅客服可见的私密信息（账号、密码等）', example: 'Store login: alice / ******' });

const ticketId = numericField(1, V.idRequired)
  .describe('Ticket id')
  .meta({ zh: '工单 ID', example: '42' });

const PHONE_PATTERN = new RegExp(`^(\\d{${PHONE_DIGITS_MIN},${PHONE_DIGITS_MAX}})?$`);

/** What the user types in the create-ticket form. */
export const ticketAddForm = z.object({
  title: z
    .string({ error: V.titleRequired })
    .trim()
    .min(1, { error: V.titleRequired, abort: true })
    .min(TICKET_TITLE_MIN, { error: V.titleLength })
    .max(TICKET_TITLE_MAX, { error: V.titleLength })
    .describe(`Title, ${TICKET_TITLE_MIN} to ${TICKET_TITLE_MAX} characters`)
    .meta({
      zh: `标题，${TICKET_TITLE_MIN} 到 ${TICKET_TITLE_MAX} 个字符`,
      example: 'Proxy check fails for SOCKS5',
    }),
  typeid: numericField(1, V.typeRequired)
    .describe('Ticket type (a typeid from workordertype)')
    .meta({ zh: '工单类型（workordertype 返回的 typeid）', example: '1' }),
  content: z
    .string({ error: V.contentRequired })
    .trim()
    .min(1, { error: V.contentRequired, abort: true })
    .min(TICKET_CONTENT_MIN, { error: V.contentLength })
    .max(TICKET_CONTENT_MAX, { error: V.contentLength })
    .describe(`Description of the issue, ${TICKET_CONTENT_MIN} to ${TICKET_CONTENT_MAX} characters`)
    .meta({
      zh: `问题描述，${TICKET_CONTENT_MIN} 到 ${TICKET_CONTENT_MAX} 个字符`,
      example: 'Every SOCKS5 proxy I add fails the check with code 7.',
    }),
  email: z
    .string({ error: V.emailRequired })
    .trim()
    .min(1, { error: V.emailRequired, abort: true })
    .regex(z.regexes.email, { error: V.emailInvalid })
    .describe('Contact email')
    .meta({ zh: '联系邮箱', example: 'alice@example.com', format: 'email' }),
  mobile: z
    .string({ error: V.phoneInvalid })
    .trim()
    .regex(PHONE_PATTERN, { error: V.phoneInvalid })
    .optional()
    .describe(
      `Contact phone, digits only, ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX}; may be empty`,
    )
    .meta({
      zh: `联系电话，仅数字，${PHONE_DIGITS_MIN} 到 ${PHONE_DIGITS_MAX} 位；可为空`,
      example: '13800138000',
    }),
  privateinfo,
  attachments,
});
export type TicketAddForm = z.infer<typeof ticketAddForm>;

/** What the user types in the reply form. */
export const ticketReplyForm = z.object({
  content: z
    .string({ error: V.replyRequired })
    .trim()
    .min(1, { error: V.replyRequired, abort: true })
    .min(TICKET_REPLY_MIN, { error: V.replyTooShort })
    .max(TICKET_REPLY_MAX, { error: V.contentLength })
    .describe(`Reply, at least ${TICKET_REPLY_MIN} characters`)
    .meta({
      zh: `回复内容，至少 ${TICKET_REPLY_MIN} 个字符`,
      example: 'The proxy works again after the update, thank you.',
    }),
  attachments,
  privateinfo,
});
export type TicketReplyForm = z.infer<typeof ticketReplyForm>;

/** POST /api/hainiao/workordertype: the ticket types. */
export const ticketTypeFields = tokenFields;
export type TicketTypeFields = z.infer<typeof ticketTypeFields>;

/**
 * POST /api/hainiao/workorderlist: typeid (0 all), page. The page size is not spelt by the spec:
 * `page_size`, one of TICKET_PAGE_SIZES.
 */
export const ticketListFields = tokenFields.extend({
  typeid: blankable(numericField(0))
    .describe('Ticket type; 0 or omitted for all types')
    .meta({ zh: '工单类型；0 或不提供表示全部类型', example: '0' }),
  page: blankable(numericField(1))
    .describe('Page number, from 1 (default 1)')
    .meta({ zh: '页码，从 1 开始（默认 1）', example: '1' }),
  page_size: blankable(
    numericField(1).refine((n) => (TICKET_PAGE_SIZES as readonly number[]).includes(n), {
      error: V.invalidParameter,
    }),
  )
    .describe(`Page size: ${TICKET_PAGE_SIZES.join(', ')} (default ${TICKET_PAGE_SIZE_DEFAULT})`)
    .meta({
      zh: `每页数量：${TICKET_PAGE_SIZES.join('、')}（默认 ${TICKET_PAGE_SIZE_DEFAULT}）`,
      example: String(TICKET_PAGE_SIZE_DEFAULT),
    }),
});
export type TicketListFields = z.infer<typeof ticketListFields>;

/** POST /api/hainiao/workorderdetail. */
export const ticketDetailFields = tokenFields.extend({ id: ticketId });
export type TicketDetailFields = z.infer<typeof ticketDetailFields>;

/** POST /api/hainiao/workorderadd. */
export const ticketAddFields = tokenFields.extend(ticketAddForm.shape);
export type TicketAddFields = z.infer<typeof ticketAddFields>;

/** POST /api/hainiao/workorderreply. */
export const ticketReplyFields = tokenFields.extend({ id: ticketId, ...ticketReplyForm.shape });
export type TicketReplyFields = z.infer<typeof ticketReplyFields>;

/** POST /api/hainiao/workorderstatus: 2 (resolved) or 3 (closed). */
export const ticketStatusFields = tokenFields.extend({
  id: ticketId,
  status: z
    .union(
      [
        z.literal([TicketStatus.RESOLVED, TicketStatus.CLOSED]),
        z
          .enum([String(TicketStatus.RESOLVED), String(TicketStatus.CLOSED)])
          .transform((s) => Number(s) as typeof TicketStatus.RESOLVED | typeof TicketStatus.CLOSED),
      ],
      { error: V.invalidParameter },
    )
    .describe(`New status: ${TicketStatus.RESOLVED} resolved, ${TicketStatus.CLOSED} closed`)
    .meta({
      zh: `新状态：${TicketStatus.RESOLVED} 已解决，${TicketStatus.CLOSED} 已关闭`,
      example: String(TicketStatus.RESOLVED),
    }),
});
export type TicketStatusFields = z.infer<typeof ticketStatusFields>;

/** POST /api/hainiao/workorderupload: the token; the file part is read by the handler itself. */
export const ticketUploadFields = tokenFields;
export type TicketUploadFields = z.infer<typeof ticketUploadFields>;

// --- Answers (the `data` on code 0) ---

/** One ticket type as customers choose it, named in the request language. */
export const ticketTypeEntry = z.strictObject({ typeid: z.number(), typename: z.string() });
export type TicketTypeEntry = z.infer<typeof ticketTypeEntry>;

/** POST /api/hainiao/workordertype: the types offered to customers, as data.type. */
export const ticketTypeAnswer = z.strictObject({ type: z.array(ticketTypeEntry) });

/** One row of a ticket list (the customer's own, or the staff queue). */
export const ticketRow = z.strictObject({
  id: z.number(),
  title: z.string(),
  typeid: z.number(),
  /** The type's name in the request language; empty when the type is gone. */
  type: z.string(),
  /** 0 pending reply, 1 in progress, 2 resolved, 3 closed (TicketStatus). */
  status: z.number(),
  add_time: z.string(),
  update_time: z.string(),
  /** The ticket's contact email. */
  email: z.string(),
  /** The owner's account name. */
  username: z.string(),
});
export type TicketRow = z.infer<typeof ticketRow>;

/** One page of tickets, most recently updated first, and the count of all that match. */
export const ticketListAnswer = z.strictObject({ list: z.array(ticketRow), count: z.number() });
export type TicketListAnswer = z.infer<typeof ticketListAnswer>;

/** A file of a ticket or reply; `filepath` is a short-lived signed link. */
export const ticketAttachment = z.strictObject({
  fileid: z.string(),
  filepath: z.string(),
  name: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

/** One reply, oldest first. */
export const ticketReplyEntry = z.strictObject({
  /** The replier's account name; staff names end with the admin marker. */
  username: z.string(),
  content: z.string(),
  add_time: z.string(),
  /** 1 when the username carries the admin marker (a staff reply). */
  isadmin: z.union([z.literal(0), z.literal(1)]),
  /** For staff and the ticket's owner, who are the only ones who read a ticket. */
  privateinfo: z.string(),
  attach: z.array(ticketAttachment),
});
export type TicketReplyEntry = z.infer<typeof ticketReplyEntry>;

/** POST /api/hainiao/workorderdetail: one ticket with its attachments and replies. */
export const ticketDetailAnswer = z.strictObject({
  id: z.number(),
  title: z.string(),
  typeid: z.number(),
  type: z.string(),
  content: z.string(),
  status: z.number(),
  add_time: z.string(),
  update_time: z.string(),
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  privateinfo: z.string(),
  attach: z.array(ticketAttachment),
  reply: z.array(ticketReplyEntry),
});
export type TicketDetail = z.infer<typeof ticketDetailAnswer>;

/** POST /api/hainiao/workorderadd: the new ticket's id. */
export const ticketAddAnswer = z.strictObject({ id: z.number() });

/** POST /api/hainiao/workorderreply: the ticket replied to. */
export const ticketReplyAnswer = z.strictObject({ id: z.number() });

/** POST /api/hainiao/workorderstatus: the ticket and its new status. */
export const ticketStatusAnswer = z.strictObject({
  id: z.number(),
  status: z.union([z.literal(TicketStatus.RESOLVED), z.literal(TicketStatus.CLOSED)]),
});

/**
 * POST /api/hainiao/workorderupload: data.fileid, data.filepath and data.msg. An upload counts
 * only with code 0 and a file id, so the id must not be empty.
 */
export const ticketUploadAnswer = z.strictObject({
  fileid: z.string().min(1),
  filepath: z.string(),
  msg: z.string(),
});
export type TicketUploadAnswer = z.infer<typeof ticketUploadAnswer>;
