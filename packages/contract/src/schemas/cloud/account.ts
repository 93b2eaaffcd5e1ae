/**
 * Form fields of the account calls of the cloud: /api/hainiao/status (the spec's) and signup,
 * signin, signout (beyond the spec; signup and signin answer data.clienttoken).
 */
import { z } from 'zod';
import { ValidationKey, blankable, commonFields, tokenFields } from './content.ts';

import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_NAME_MIN,
  ACCOUNT_NAME_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../../limits.ts';

const INVALID = ValidationKey.invalidParameter;

function email(example: string) {
  return z
    .string({ error: ValidationKey.emailRequired })
    .trim()
    .min(1, { error: ValidationKey.emailRequired, abort: true })
    .regex(z.regexes.email, { error: ValidationKey.emailInvalid })
    .describe('Email address')
    .meta({ zh: '邮箱地址', example, format: 'email' });
}

/**
 * The sign-in nonce (login CSRF on /route): the site's sign-in and sign-up pages send a random
 * nonce they keep in the tab's sessionStorage; /status exchanges a token bound to one only with it.
 */
const nonceField = z
  .string()
  .optional()
  .describe(
    'Random nonce the signing-in tab keeps (22 to 128 base64url characters); a token issued with ' +
      'one is exchanged only with the same nonce',
  )
  .meta({
    zh: '发起登录的标签页保存的随机串（22 到 128 个 base64url 字符）；带此串签发的 Token 只能凭同一串兑换',
    example: 'Q2h1bmtlZC1ub25jZS1leGFtcGxlLTAx',
  });

/** POST /api/hainiao/status: exchanges a one-time client token for the session token. */
export const statusFields = commonFields.extend({
  nonce: nonceField,
  clienttoken: z
    .string({ error: ValidationKey.tokenRequired })
    .trim()
    .min(1, { error: ValidationKey.tokenRequired })
    .describe('One-time client token from the /route link')
    .meta({
      zh: '来自 /route 链接的一次性客户端 Token',
      example: 'c7a1e9f04b2d4c68a3e5f1b7d9c2e0a4',
    }),
});
export type StatusFields = z.infer<typeof statusFields>;

/** The fields of the sign-up form (without the common fields). */
export const signupForm = z.object({
  Account: z
    .string({ error: ValidationKey.accountRequired })
    .trim()
    .min(1, { error: ValidationKey.accountRequired, abort: true })
    .min(ACCOUNT_NAME_MIN, { error: INVALID })
    .max(ACCOUNT_NAME_MAX, { error: INVALID })
    .regex(ACCOUNT_NAME_PATTERN, { error: INVALID })
    .describe(
      `Account name: ${ACCOUNT_NAME_MIN} to ${ACCOUNT_NAME_MAX} letters, digits, underscores, ` +
        'dots or dashes',
    )
    .meta({
      zh: `账号名：${ACCOUNT_NAME_MIN} 到 ${ACCOUNT_NAME_MAX} 个字母、数字、下划线、点或短横线`,
      example: 'alice_01',
    }),
  email: email('alice@example.com'),
  password: z
    .string({ error: ValidationKey.passwordTooShort })
    .min(PASSWORD_MIN, { error: ValidationKey.passwordTooShort })
    .max(PASSWORD_MAX, { error: INVALID })
    .describe(`Password, ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
    .meta({ zh: `密码，${PASSWORD_MIN} 到 ${PASSWORD_MAX} 个字符`, example: 'correct-horse-7' }),
});
export type SignupForm = z.infer<typeof signupForm>;

/** POST /api/hainiao/signup. */
export const signupFields = commonFields.extend({ ...signupForm.shape, nonce: nonceField });
export type SignupFields = z.infer<typeof signupFields>;

/** The fields of the sign-in form: Account or email, and the password. */
export const signinForm = z.object({
  Account: blankable(z.string({ error: INVALID }).trim())
    .describe('Account name (or send email instead)')
    .meta({ zh: '账号名（也可改为提供 email）', example: 'alice_01' }),
  email: blankable(email('alice@example.com'))
    .describe('Email address (or send Account instead)')
    .meta({ zh: '邮箱地址（也可改为提供 Account）', example: 'alice@example.com' }),
  password: z
    .string({ error: INVALID })
    .min(1, { error: INVALID })
    .max(PASSWORD_MAX, { error: INVALID })
    .describe('Password')
    .meta({ zh: '密码', example: 'correct-horse-7' }),
});
export type SigninForm = z.infer<typeof signinForm>;

/** Sign-in needs an Account or an email (the issue is reported on Account). */
export function checkSigninIdentity(
  value: { Account?: string | undefined; email?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!value.Account && !value.email) {
    ctx.addIssue({ code: 'custom', path: ['Account'], message: ValidationKey.accountRequired });
  }
}

/** POST /api/hainiao/signin. */
export const signinFields = commonFields
  .extend({ ...signinForm.shape, nonce: nonceField })
  .superRefine(checkSigninIdentity);
export type SigninFields = z.infer<typeof signinFields>;

/** POST /api/hainiao/signout: ends the session token. */
export const signoutFields = tokenFields;
export type SignoutFields = z.infer<typeof signoutFields>;

/** POST /api/hainiao/signoutall: ends every session of the token's account. */
export const signoutAllFields = tokenFields;
export type SignoutAllFields = z.infer<typeof signoutAllFields>;

/** The forgot-password form: the email to send a reset link to. */
export const forgotPasswordForm = z.object({ email: email('alice@example.com') });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

/**
 * POST /api/hainiao/forgotpassword: mails a one-time reset link when an account uses the email;
 * the answer is the same either way (no account enumeration).
 */
export const forgotPasswordFields = commonFields.extend(forgotPasswordForm.shape);
export type ForgotPasswordFields = z.infer<typeof forgotPasswordFields>;

/** The reset-password form: the link's token and the new password (the sign-up rule). */
export const resetPasswordForm = z.object({
  token: z
    .string({ error: ValidationKey.tokenRequired })
    .trim()
    .min(1, { error: ValidationKey.tokenRequired })
    .max(128, { error: INVALID })
    .describe('The one-time token of the reset link the forgot-password mail carries')
    .meta({
      zh: '重置密码邮件中链接携带的一次性 Token',
      example: 'q3Zr0cUu7nJ9w2bQeY6tVd1sXg8hLk4oPa5iMf0jRzE',
    }),
  password: signupForm.shape.password,
});
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

/** POST /api/hainiao/resetpassword: sets the new password and ends every session. */
export const resetPasswordFields = commonFields.extend(resetPasswordForm.shape);
export type ResetPasswordFields = z.infer<typeof resetPasswordFields>;

// --- Answers (the `data` on code 0) ---

/** signup and signin: a one-time client token, exchanged on /route through status. */
export const clientTokenAnswer = z.strictObject({ clienttoken: z.string() });

export const signupAnswer = clientTokenAnswer;
export const signinAnswer = clientTokenAnswer;

/** The signed-in account as status answers it, as data.user_info (token and email). */
export const userInfo = z.strictObject({
  /** The long-lived session token the site keeps. */
  token: z.string(),
  email: z.string(),
  account: z.string(),
  /** 0 main account, 1 sub-account. */
  type: z.number(),
  role: z.enum(['user', 'staff']),
});
export type UserInfo = z.infer<typeof userInfo>;

/** POST /api/hainiao/status. */
export const statusAnswer = z.strictObject({
  user_info: userInfo,
  /**
   * True when the client token was bound to the nonce sent with it (the sign-in began in this
   * tab): /route then goes straight on; otherwise it asks before replacing another session.
   */
  bound: z.boolean(),
});
export type StatusAnswer = z.infer<typeof statusAnswer>;

/** POST /api/hainiao/signout: nothing beyond the message. */
export const signoutAnswer = z.null();

/** POST /api/hainiao/signoutall: how many sessions ended, this one included. */
export const signoutAllAnswer = z.strictObject({ revoked: z.number() });

/** POST /api/hainiao/forgotpassword: nothing beyond the message, the same for every email. */
export const forgotPasswordAnswer = z.null();

/** POST /api/hainiao/resetpassword: nothing beyond the message. */
export const resetPasswordAnswer = z.null();
