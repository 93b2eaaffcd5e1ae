/**
 * Form fields of the cloud calls the local API makes (docs/architecture.md, "API credentials"):
 * credential login with a device lease, its heartbeat and logout, and
 * the membership query behind the local /members. apilogin answers a lease token; heartbeat,
 * logout and members send it as `token`.
 */
import { z } from 'zod';
import { ValidationKey, commonFields } from './content.ts';

const INVALID = ValidationKey.invalidParameter;

/** Device ids: what the local API derives from the machine; bounded, printable, no spaces. */
export const DEVICE_ID_MAX = 128;
export const DEVICE_ID_PATTERN = /^[\x21-\x7e]+$/;

function required(en: string, zh: string, example: string) {
  return z
    .string({ error: INVALID })
    .trim()
    .min(1, { error: INVALID })
    .describe(en)
    .meta({ zh, example });
}

/** The device id every lease call sends (also the sync calls', schemas/cloud/sync.ts). */
export const deviceField = z
  .string({ error: INVALID })
  .min(1, { error: INVALID })
  .max(DEVICE_ID_MAX, { error: INVALID })
  .regex(DEVICE_ID_PATTERN, { error: INVALID })
  .describe(`Id of the device holding the lease (printable, at most ${DEVICE_ID_MAX} characters)`)
  .meta({
    zh: `持有租约的设备 ID（可打印字符，最多 ${DEVICE_ID_MAX} 个）`,
    example: 'WIN-7F3A9C2E-4B1D',
  });

/** The lease token of the local API's calls (also chunks.ts and sync.ts). */
export const leaseTokenField = z
  .string({ error: ValidationKey.tokenRequired })
  .min(1, { error: ValidationKey.tokenRequired })
  .describe('Lease token returned by apilogin')
  .meta({ zh: 'apilogin 返回的租约 Token', example: 'lt_3f9a0c7e5b2d4f18a6c1e9b7d3f0a2c4' });

const account = required('Account name', '账号名', 'alice_01');

/** POST /api/hainiao/apilogin: verifies the credential and takes its device lease. */
export const apiLoginFields = commonFields.extend({
  Account: account,
  APP_ID: required('Credential id', '凭证 ID', 'a1b2c3d4e5f6'),
  APP_KEY: required('Credential secret', '凭证密钥', '9f8e7d6c5b4a39281706f5e4d3c2b1a0'),
  device: deviceField,
});
export type ApiLoginFields = z.infer<typeof apiLoginFields>;

/** POST /api/hainiao/apiheartbeat: keeps the lease alive. */
export const apiHeartbeatFields = commonFields.extend({
  token: leaseTokenField,
  device: deviceField,
});
export type ApiHeartbeatFields = z.infer<typeof apiHeartbeatFields>;

/** POST /api/hainiao/apilogout: ends the lease. */
export const apiLogoutFields = commonFields.extend({ token: leaseTokenField, device: deviceField });
export type ApiLogoutFields = z.infer<typeof apiLogoutFields>;

/** POST /api/hainiao/members: membership of an account (the local /members). */
export const membersFields = commonFields.extend({
  token: leaseTokenField,
  Account: account,
});
export type MembersFields = z.infer<typeof membersFields>;

// --- Answers (the `data` on code 0) ---

/** The membership facts of an account, as the local API's /login and /members pass them on. */
const membershipShape = {
  Account: z.string(),
  /** 0 main account, 1 sub-account. */
  type: z.number(),
  /** When the account was created (ISO time). */
  account_reg_date: z.string(),
  /** When the account's package ends (ISO time). */
  account_expire_date: z.string(),
};

/** POST /api/hainiao/apilogin: the lease token, the account, and the lease's timing. */
export const apiLoginAnswer = z.strictObject({
  /** The lease token: heartbeat, logout, members, pluginlist and scriptlist send it. */
  token: z.string(),
  ...membershipShape,
  heartbeat_interval_ms: z.number(),
  lease_timeout_ms: z.number(),
});
export type ApiLoginAnswer = z.infer<typeof apiLoginAnswer>;

/** POST /api/hainiao/apiheartbeat: nothing; a lost lease answers Login_Expire. */
export const apiHeartbeatAnswer = z.null();

/** POST /api/hainiao/apilogout: nothing. */
export const apiLogoutAnswer = z.null();

/** POST /api/hainiao/members. */
export const membersAnswer = z.strictObject(membershipShape);
export type MembersAnswer = z.infer<typeof membersAnswer>;
