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

/** The loopback origins a local service's environment manager may be reported at. */
const MANAGER_ADDRESS = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):([1-9]\d{0,4})\/?$/;

/**
 * The address of an environment manager as `http://HOST:PORT/` when `value` is one on this
 * computer's loopback (127.0.0.1, localhost or [::1], a port from 1 to 65535, nothing else: no
 * path, user, query or fragment), else null. The console shows the address as a link, so nothing
 * else a service reports is kept.
 */
export function managerAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = MANAGER_ADDRESS.exec(value.trim());
  if (!match || Number(match[2]) > 65_535) return null;
  return `http://${match[1]}:${match[2]}/`;
}

/** POST /api/hainiao/apilogin: verifies the credential and takes its device lease. */
export const apiLoginFields = commonFields.extend({
  Account: account,
  APP_ID: required('Credential id', '凭证 ID', 'a1b2c3d4e5f6'),
  APP_KEY: required('Credential secret', '凭证密钥', '9f8e7d6c5b4a39281706f5e4d3c2b1a0'),
  device: deviceField,
  // Never refused: a value managerAddress() does not accept is ignored, the login goes on.
  manager_url: z
    .string()
    .optional()
    .describe(
      "The address of the service's environment manager (http://127.0.0.1:PORT/, localhost or [::1]); the API console links to the last one reported. Anything else is ignored",
    )
    .meta({
      zh: '该服务的环境管理器地址（http://127.0.0.1:端口/，也可为 localhost 或 [::1]）；API 控制台显示最近一次报告的地址。其他值会被忽略',
      example: 'http://127.0.0.1:8186/',
    }),
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
