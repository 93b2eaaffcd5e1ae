/**
 * Form fields and answers of the console's team calls (issue 13 "Teams"; docs/architecture.md):
 * main accounts are type 0, sub-accounts type 1; on a team only the main account applies for API
 * credentials, as many as the team has members). All are signed-in calls scoped to the session's
 * account:
 * - teamlist: a main account sees its whole team; a sub-account sees its team's main account and
 *   itself (whom to ask), never the other sub-accounts; an account without a team sees itself;
 * - teamadd: the main account creates a sub-account (same name, email and password rules as signup);
 * - teamremove: the main account removes a sub-account: it can no longer sign in or log in a local
 *   API, its sessions and device leases end. The row stays, marked removed (names stay taken).
 * A sub-account calling teamadd or teamremove is refused with 403 and siteMessages.team.mainOnly.
 */
import { z } from 'zod';
import { signupForm } from './account.ts';
import { ValidationKey, commonFields, tokenFields } from './content.ts';
import { leaseTokenField } from './local.ts';

/** Members a team may have, its main account included (bounds what one account can create). */
export const TEAM_MEMBERS_MAX = 50;
/** Per-IP limit of teamadd (it creates accounts, like signup), per minute. */
export const RATE_LIMIT_TEAM_ADD_PER_MINUTE = 10;

/** POST /api/hainiao/teamlist: the session account's team. */
export const teamListFields = tokenFields;
export type TeamListFields = z.infer<typeof teamListFields>;

/** The add-member form (without common fields and token): the sign-up form's fields and rules. */
export const teamAddForm = z.object({
  Account: signupForm.shape.Account.describe(
    'Account name of the new sub-account (same rules as sign-up)',
  ).meta({ zh: '新子账号的账号名（规则与注册相同）', example: 'clerk_01' }),
  email: signupForm.shape.email
    .describe('Email address of the new sub-account')
    .meta({ zh: '新子账号的邮箱地址', example: 'clerk@example.com', format: 'email' }),
  password: signupForm.shape.password
    .describe('Password of the new sub-account (same rules as sign-up)')
    .meta({ zh: '新子账号的密码（规则与注册相同）', example: 'correct-horse-7' }),
});
export type TeamAddForm = z.infer<typeof teamAddForm>;

/** POST /api/hainiao/teamadd: the main account creates a sub-account. */
export const teamAddFields = tokenFields.extend(teamAddForm.shape);
export type TeamAddFields = z.infer<typeof teamAddFields>;

/** POST /api/hainiao/teamremove: the main account removes one of its sub-accounts. */
export const teamRemoveFields = tokenFields.extend({
  Account: z
    .string({ error: ValidationKey.accountRequired })
    .trim()
    .min(1, { error: ValidationKey.accountRequired })
    .describe('Account name of the sub-account to remove')
    .meta({ zh: '要移除的子账号的账号名', example: 'clerk_01' }),
});
export type TeamRemoveFields = z.infer<typeof teamRemoveFields>;

// --- Answers (the `data` on code 0) ---

/** One member of a team, as the Team tab lists it. */
export const teamMember = z.strictObject({
  Account: z.string(),
  email: z.string(),
  /** 0 main account, 1 sub-account (as /members answers it). */
  type: z.number(),
  /** When the account was created (ISO time). */
  account_reg_date: z.string(),
  /** When the account's package ends (ISO time; a sub-account shares its main's). */
  account_expire_date: z.string(),
  /** True while a local API is logged in as this account (it holds a live device lease). */
  online: z.boolean(),
  /**
   * API credentials this account holds (its own): the main account's count, which the quota
   * bounds; 0 for a sub-account, which logs in with one of its main account's.
   */
  credentials: z.number(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** POST /api/hainiao/teamlist. */
export const teamListAnswer = z.strictObject({
  /** The caller's account name and type: the console explains the team to a sub-account. */
  self: z.string(),
  type: z.number(),
  /** The team's main account (the caller itself outside a team). */
  main: z.string(),
  /** API credentials the main account may hold: the member count (1 without a team). */
  quota: z.number(),
  /** API credentials the main account holds now. */
  held: z.number(),
  /** Sub-accounts the team may still add (0 for a sub-account: it adds none). */
  room: z.number(),
  /** Main account first, then sub-accounts oldest first; a sub-account sees the main and itself. */
  members: z.array(teamMember),
});
export type TeamListAnswer = z.infer<typeof teamListAnswer>;

/**
 * POST /api/hainiao/envteam (auth 'lease'): the team of the account that logged the local API in
 * (the lease's account), exactly as teamlist answers it for that account: a main account sees its
 * whole team, a sub-account its main account and itself. The local API's /api/v1/team/list and the
 * environment manager's Team page read it.
 */
export const envTeamFields = commonFields.extend({ token: leaseTokenField });
export type EnvTeamFields = z.infer<typeof envTeamFields>;
export const envTeamAnswer = teamListAnswer;

/** POST /api/hainiao/teamadd: the new sub-account. */
export const teamAddAnswer = teamMember;

/** POST /api/hainiao/teamremove: the removed sub-account's name and the new quota. */
export const teamRemoveAnswer = z.strictObject({ Account: z.string(), quota: z.number() });
