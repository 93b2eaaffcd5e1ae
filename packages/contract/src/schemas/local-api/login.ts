/**
 * Request bodies of the account calls of the local API: /login, /members
 * (both answer msg/status/data) and /api/v1/quit.
 */
import { z } from 'zod';
import { optionalField } from './session.ts';

const account = z.string().min(1).describe('Account name').meta({ zh: '账号名', example: 'alice' });

const appId = z
  .string()
  .min(1)
  .describe('Credential id (APP_ID) from the API console')
  .meta({ zh: 'API 控制台中的凭证 ID（APP_ID）', example: 'a1b2c3d4e5f6' });

const appKey = z
  .string()
  .min(1)
  .describe('Credential secret (APP_KEY) from the API console')
  .meta({ zh: 'API 控制台中的凭证密钥（APP_KEY）', example: '9f8e7d6c5b4a39281706f5e4d3c2b1a0' });

/**
 * The fields /login accepts. The spec's field list spells the credential APP_ID and APP_KEY, while
 * its login example spells them App_ID and App_Key: both spellings are accepted, one of each is
 * required, and `loginBody` hands on the APP_ID/APP_KEY spelling.
 */
export const loginFields = z
  .strictObject({
    Account: account,
    APP_ID: optionalField(appId),
    APP_KEY: optionalField(appKey),
    App_ID: z
      .string()
      .min(1)
      .optional()
      .describe('Alternative spelling of APP_ID (as in the login example of the documentation)')
      .meta({ zh: 'APP_ID 的另一种拼写（文档登录示例中的写法）', example: 'a1b2c3d4e5f6' }),
    App_Key: z
      .string()
      .min(1)
      .optional()
      .describe('Alternative spelling of APP_KEY (as in the login example of the documentation)')
      .meta({
        zh: 'APP_KEY 的另一种拼写（文档登录示例中的写法）',
        example: '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
      }),
  })
  .describe('Log the service in with an account and an API credential')
  .meta({ zh: '使用账号与 API 凭证登录服务' });

/** POST /login: Account, APP_ID, APP_KEY (all required; App_ID/App_Key accepted as aliases). */
export const loginBody = loginFields
  .superRefine((body, ctx) => {
    for (const [canonical, alias] of [
      ['APP_ID', 'App_ID'],
      ['APP_KEY', 'App_Key'],
    ] as const) {
      const a = body[canonical];
      const b = body[alias];
      if (a === undefined && b === undefined) {
        ctx.addIssue({ code: 'custom', path: [canonical], message: `${canonical} is required` });
      } else if (a !== undefined && b !== undefined && a !== b) {
        ctx.addIssue({
          code: 'custom',
          path: [alias],
          message: `${alias} and ${canonical} disagree; send only ${canonical}`,
        });
      }
    }
  })
  .transform((body) => ({
    Account: body.Account,
    APP_ID: body.APP_ID ?? body.App_ID ?? '',
    APP_KEY: body.APP_KEY ?? body.App_Key ?? '',
  }));
export type LoginBody = z.output<typeof loginBody>;
export type LoginInput = z.input<typeof loginBody>;

/** POST /members: the account whose membership (type, registration and expiry dates) is asked. */
export const membersBody = z
  .strictObject({ Account: account })
  .describe('Membership of an account')
  .meta({ zh: '查询账号会员信息' });
export type MembersBody = z.infer<typeof membersBody>;

/**
 * POST /api/v1/team/list (not in the spec; issue 17): the team of the logged-in account, as the
 * cloud's Team tab shows it. No parameters.
 */
export const teamListBody = z
  .strictObject({})
  .describe('The team of the logged-in account')
  .meta({ zh: '当前登录账号所在的团队' });
export type TeamListBody = z.infer<typeof teamListBody>;

/**
 * A call without parameters (/api/v1/quit, /api/v1/group/list, /api/v1/plugin/list): an empty
 * object. A request without any body is read as `{}` by the server before validation.
 */
export const emptyBody = z.strictObject({}).describe('No parameters').meta({ zh: '无参数' });
export type EmptyBody = z.infer<typeof emptyBody>;

/** POST /api/v1/quit: shuts the service down. */
export const quitBody = emptyBody;
export type QuitBody = EmptyBody;
