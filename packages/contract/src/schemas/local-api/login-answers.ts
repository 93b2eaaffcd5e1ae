/**
 * Answers of /login, /members (legacy envelope), /api/v1/team/list and /api/v1/quit.
 *
 * The legacy envelope puts fields beside `data` (/members' dates), so the answer schema of a legacy
 * call is the whole answer on success (msg, status 0, data and those fields); a v1 call's answer
 * schema is its `data` (the envelope message, code, data is the same for every v1 call).
 */
import { z } from 'zod';
import { answerDate, titled } from './answer-common.ts';

/** POST /login: the whole answer (legacy envelope). */
export const loginAnswer = titled(
  z.strictObject({
    msg: z.string(),
    status: z.literal(0),
    data: z.strictObject({
      Account: z.string(),
      /** 0 main account, 1 sub-account. */
      type: z.int(),
      account_reg_date: answerDate,
      account_expire_date: answerDate,
    }),
  }),
  'The logged-in account, its type and dates',
  '已登录的账号、账号类型与日期',
);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** POST /members: the whole answer (legacy envelope); data is "<Account>,<type>". */
export const localMembersAnswer = titled(
  z.strictObject({
    msg: z.string(),
    status: z.literal(0),
    data: z.string().regex(/^.+,\d+$/),
    account_expire_date: answerDate,
    account_reg_date: answerDate,
  }),
  'The account and its type as "<Account>,<type>", with its dates beside data',
  '账号及其类型（"<账号>,<类型>"），日期与 data 并列',
);
export type LocalMembersAnswer = z.infer<typeof localMembersAnswer>;

/** POST /api/v1/team/list: the logged-in account's team (no email addresses). */
export const localTeamListAnswer = titled(
  z.strictObject({
    self: z.string(),
    type: z.int(),
    main: z.string(),
    quota: z.int(),
    held: z.int(),
    members: z.array(
      z.strictObject({
        Account: z.string(),
        type: z.int(),
        online: z.boolean(),
        credentials: z.int(),
        account_reg_date: answerDate,
        account_expire_date: answerDate,
      }),
    ),
  }),
  "The logged-in account's team",
  '已登录账号的团队',
);
export type LocalTeamListAnswer = z.infer<typeof localTeamListAnswer>;

/** POST /api/v1/quit: true, then the service stops. */
export const quitAnswer = titled(z.literal(true), 'true: the service stops', 'true：服务随即停止');
