/**
 * Form fields of the API-credential calls of the cloud: the console's
 * credential list, apply, key read/reset/delete, and the usage logs.
 */
import { z } from 'zod';
import { DATE_FORMAT } from '../../limits.ts';
import { ValidationKey, blankable, numericField, tokenFields } from './content.ts';

const INVALID = ValidationKey.invalidParameter;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const appId = z
  .string({ error: ValidationKey.noApiSelected })
  .trim()
  .min(1, { error: ValidationKey.noApiSelected })
  .describe('Credential id (app_id) the action applies to')
  .meta({ zh: '操作所针对的凭证 ID（app_id）', example: 'a1b2c3d4e5f6' });

function date(en: string, zh: string, example: string) {
  return blankable(z.string({ error: INVALID }).trim().refine(isIsoDate, { error: INVALID }))
    .describe(`${en} (${DATE_FORMAT}); empty or omitted for no bound`)
    .meta({ zh: `${zh}（${DATE_FORMAT}）；为空或不提供表示不限`, example });
}

/** POST /api/hainiao/apiorderlist: the caller's credentials. */
export const apiOrderListFields = tokenFields;
export type ApiOrderListFields = z.infer<typeof apiOrderListFields>;

/** POST /api/hainiao/applyapi: applies for a new credential. */
export const applyApiFields = tokenFields;
export type ApplyApiFields = z.infer<typeof applyApiFields>;

/** POST /api/hainiao/getappkey: reads a credential's app_key. */
export const getAppKeyFields = tokenFields.extend({ app_id: appId });
export type GetAppKeyFields = z.infer<typeof getAppKeyFields>;

/** POST /api/hainiao/resetappkey: replaces a credential's app_key (and ends its lease). */
export const resetAppKeyFields = tokenFields.extend({ app_id: appId });
export type ResetAppKeyFields = z.infer<typeof resetAppKeyFields>;

/** POST /api/hainiao/delappkey: deletes a credential. */
export const delAppKeyFields = tokenFields.extend({ app_id: appId });
export type DelAppKeyFields = z.infer<typeof delAppKeyFields>;

/** The date filter of the usage-logs tab (without common fields and token). */
export const apiUsedLogsForm = z.object({
  start_time: date('First day of the logs', '日志起始日期', '2024-01-01'),
  end_time: date('Last day of the logs', '日志结束日期', '2024-01-31'),
});
export type ApiUsedLogsForm = z.infer<typeof apiUsedLogsForm>;

/** end_time must not be before start_time (the issue is reported on end_time). */
export function checkDateRange(
  value: { start_time?: string | undefined; end_time?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.start_time && value.end_time && value.end_time < value.start_time) {
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: INVALID });
  }
}

/** POST /api/hainiao/apiusedlogs: token, optional start_time and end_time (YYYY-MM-DD). */
export const apiUsedLogsFields = tokenFields
  .extend(apiUsedLogsForm.shape)
  .extend({
    page: blankable(numericField(1))
      .describe('Page number, from 1 (page size is API_LOG_PAGE_SIZE)')
      .meta({ zh: '页码，从 1 开始（每页条数为 API_LOG_PAGE_SIZE）', example: '1' }),
    utc_offset: blankable(
      z
        .string({ error: INVALID })
        .trim()
        .regex(/^[+-]?\d{1,3}$/, { error: INVALID })
        .transform(Number)
        .pipe(z.number().min(-840, { error: INVALID }).max(840, { error: INVALID })),
    )
      .describe(
        "The reader's UTC offset in minutes; the dates are days of that time zone (default 0)",
      )
      .meta({
        zh: '读者所在时区相对 UTC 的分钟数；日期按该时区的自然日计算（默认 0）',
        example: '480',
      }),
  })
  .superRefine(checkDateRange);
export type ApiUsedLogsFields = z.infer<typeof apiUsedLogsFields>;

// --- Answers (the `data` on code 0) ---

/** One API credential as the console lists it (the key comes apart, from getappkey). */
export const credentialRow = z.strictObject({
  id: z.number(),
  app_id: z.string(),
  /** 1 online, -1 expired, 0 (or any other value) offline (CredentialStatus). */
  status: z.number(),
  begin_time: z.string(),
  expire_time: z.string(),
  /**
   * Where to open the environment manager with this credential (`http://HOST:PORT/`, checked by
   * managerAddress): the address the last local service logged in with it reported, else the newest
   * one any of the account's credentials reported, else the cloud's MANAGER_URL setting.
   */
  manager_url: z.string(),
  /** When a service reported `manager_url` (ISO time); null when it is the cloud's setting. */
  manager_reported_at: z.string().nullable(),
});
export type CredentialRow = z.infer<typeof credentialRow>;

/** POST /api/hainiao/apiorderlist: the caller's credentials, oldest first. */
export const apiOrderListAnswer = z.array(credentialRow);

/** POST /api/hainiao/applyapi: the new credential's id (the console reveals its key apart). */
export const applyApiAnswer = z.strictObject({ app_id: z.string() });

/** POST /api/hainiao/getappkey. */
export const getAppKeyAnswer = z.strictObject({ app_key: z.string() });

/** POST /api/hainiao/resetappkey: the credential whose key was replaced. */
export const resetAppKeyAnswer = z.strictObject({ app_id: z.string() });

/** POST /api/hainiao/delappkey: the credential that was deleted. */
export const delAppKeyAnswer = z.strictObject({ app_id: z.string() });

/** One login attempt of the local API. */
export const apiLogRow = z.strictObject({
  id: z.number(),
  app_id: z.string(),
  uid: z.number(),
  /** '1' success, otherwise failed. */
  status: z.string(),
  start_time: z.string(),
  /** When the lease ended; null while it lasts. */
  end_time: z.string().nullable(),
});
export type ApiLogRow = z.infer<typeof apiLogRow>;

/** POST /api/hainiao/apiusedlogs: one page, newest first, and the count of all that match. */
export const apiUsedLogsAnswer = z.strictObject({
  list: z.array(apiLogRow),
  count: z.number(),
});
