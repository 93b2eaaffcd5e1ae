/**
 * Form fields of the staff console's calls (beyond the spec; docs/architecture.md, "Tickets"): the
 * queue of all tickets and the management of ticket types. Staff answer and change tickets with the
 * ordinary ticket calls, which let staff reach every ticket.
 */
import { z } from 'zod';
import { TICKET_PAGE_SIZE_DEFAULT, TICKET_PAGE_SIZES } from '../../limits.ts';
import { ValidationKey, blankable, numericField, tokenFields } from './content.ts';
import { ticketListAnswer } from './ticket.ts';

const V = ValidationKey;

export const TICKET_TYPE_NAME_MAX = 60;

/** POST /api/hainiao/staff/workorderlist: every ticket, filtered, newest update first. */
export const staffTicketListFields = tokenFields.extend({
  status: blankable(numericField(0, V.invalidParameter, 3))
    .describe('Only tickets in this status (0–3); omitted for all')
    .meta({ zh: '只看该状态（0–3）的工单；不提供表示全部', example: '0' }),
  typeid: blankable(numericField(0))
    .describe('Only tickets of this type; 0 or omitted for all')
    .meta({ zh: '只看该类型的工单；0 或不提供表示全部', example: '0' }),
  q: blankable(
    z.string({ error: V.invalidParameter }).trim().max(200, { error: V.invalidParameter }),
  )
    .describe('Text to find in the title, content, id, account or email')
    .meta({ zh: '在标题、内容、ID、账号或邮箱中查找的文字', example: 'proxy' }),
  page: blankable(numericField(1))
    .describe('Page number, from 1')
    .meta({ zh: '页码，从 1 开始', example: '1' }),
  page_size: blankable(
    numericField(1).refine((n) => (TICKET_PAGE_SIZES as readonly number[]).includes(n), {
      error: V.invalidParameter,
    }),
  )
    .describe(`Page size: ${TICKET_PAGE_SIZES.join(', ')} (default ${TICKET_PAGE_SIZE_DEFAULT})`)
    .meta({ zh: `每页数量：${TICKET_PAGE_SIZES.join('、')}`, example: '20' }),
});
export type StaffTicketListFields = z.infer<typeof staffTicketListFields>;

const typeName = (en: string, zh: string) =>
  z
    .string({ error: V.invalidParameter })
    .trim()
    .min(1, { error: V.invalidParameter })
    .max(TICKET_TYPE_NAME_MAX, { error: V.invalidParameter })
    .describe(en)
    .meta({ zh, example: en.includes('English') ? 'Proxy problems' : '代理问题' });

/** POST /api/hainiao/staff/typelist: every type, retired ones included. */
export const staffTypeListFields = tokenFields;

/** POST /api/hainiao/staff/typesave: creates a type, or renames one when typeid is given. */
export const staffTypeSaveFields = tokenFields.extend({
  typeid: blankable(numericField(1))
    .describe('The type to change; omitted to create one')
    .meta({ zh: '要修改的类型；不提供则新建', example: '3' }),
  name_en: typeName('English name', '英文名称'),
  name_zh: typeName('Chinese name', '中文名称'),
  sort: blankable(numericField(0, V.invalidParameter, 9999))
    .describe('Position in lists, smaller first')
    .meta({ zh: '排序，数字越小越靠前', example: '10' }),
  active: blankable(z.enum(['0', '1'], { error: V.invalidParameter }).transform(Number))
    .describe('1 offered to customers, 0 retired')
    .meta({ zh: '1 对客户可选，0 已停用', example: '1' }),
});
export type StaffTypeSaveFields = z.infer<typeof staffTypeSaveFields>;

/** POST /api/hainiao/staff/typedelete: deletes an unused type, or retires a used one. */
export const staffTypeDeleteFields = tokenFields.extend({
  typeid: numericField(1).describe('The type to delete').meta({ zh: '要删除的类型', example: '3' }),
});
export type StaffTypeDeleteFields = z.infer<typeof staffTypeDeleteFields>;

// --- Answers (the `data` on code 0) ---

/** POST /api/hainiao/staff/workorderlist: the same rows as the customer's list, of everyone. */
export const staffTicketListAnswer = ticketListAnswer;

/** A ticket type with both names, as staff manage it. */
export const staffTicketType = z.strictObject({
  id: z.number(),
  name_en: z.string(),
  name_zh: z.string(),
  sort: z.number(),
  /** 1 offered to customers, 0 retired. */
  active: z.number(),
});
export type StaffTicketType = z.infer<typeof staffTicketType>;

/** POST /api/hainiao/staff/typelist: every type, by sort then id. */
export const staffTypeListAnswer = z.array(staffTicketType);

/** POST /api/hainiao/staff/typesave: the type created or changed. */
export const staffTypeSaveAnswer = z.strictObject({ typeid: z.number() });

/** POST /api/hainiao/staff/typedelete: deleted when no ticket used it, else retired. */
export const staffTypeDeleteAnswer = z.strictObject({ outcome: z.enum(['deleted', 'retired']) });
