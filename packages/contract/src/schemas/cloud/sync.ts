/**
 * Form fields and answers of environment sync (issue 13): the local API keeps every environment of
 * its account in the cloud — push a snapshot on change, pull what changed since a cursor — shares
 * them by account name, and holds a per-environment lease so one machine at a time runs it. All
 * are `lease` calls (the token apilogin answered). Snapshots are JSON documents the local API
 * writes; the cloud checks their SHA-256 and who may write them, never their inside.
 */
import { z } from 'zod';
import { deviceField, leaseTokenField as leaseToken } from './local.ts';
import { ValidationKey, blankable, commonFields, numericField } from './content.ts';

const INVALID = ValidationKey.invalidParameter;

/** A snapshot (the `body` file part of envpush) is at most this large. */
export const SYNC_SNAPSHOT_MAX_BYTES = 16 * 1024 * 1024;
/** An envpull answer stops adding changes once their snapshots reach this many bytes. */
export const SYNC_PULL_MAX_BYTES = 4 * 1024 * 1024;
/** …or this many changes. */
export const SYNC_PULL_MAX_CHANGES = 500;

const envId = z
  .string({ error: INVALID })
  .regex(/^[0-9a-f]{32}$/, { error: INVALID })
  .describe('Environment id (Session_ID: 32 lowercase hex digits)')
  .meta({
    zh: '环境 ID（Session_ID：32 位小写十六进制）',
    example: '373808cb37bd63f5f7d92415e736e85f',
  });

const sha256 = z
  .string({ error: INVALID })
  .regex(/^[0-9a-f]{64}$/, { error: INVALID })
  .describe('SHA-256 of the snapshot, lowercase hex')
  .meta({ zh: '快照的 SHA-256（小写十六进制）', example: 'a'.repeat(64) });

const accountName = z
  .string({ error: INVALID })
  .trim()
  .min(1, { error: INVALID })
  .max(64, { error: INVALID })
  .describe('Account name to share with')
  .meta({ zh: '分享对象的账号名', example: 'bob_02' });

/**
 * POST /api/hainiao/envpush (multipart): the snapshot travels as the file part `body`
 * (application/json); a deletion sends `deleted=1` and no body. `base_version` is the cloud
 * version the change was made on (0 for an environment new to the cloud).
 */
export const envPushFields = commonFields.extend({
  token: leaseToken,
  device: deviceField,
  env_id: envId,
  base_version: numericField(0)
    .describe('Cloud version the change was made on; 0 for a new environment')
    .meta({ zh: '此修改所基于的云端版本；新环境为 0', example: '3' }),
  hash: blankable(sha256)
    .describe('SHA-256 of the snapshot (the body part); absent for a deletion')
    .meta({ zh: '快照（body 部分）的 SHA-256；删除时不填', example: 'a'.repeat(64) }),
  deleted: blankable(z.enum(['0', '1'], { error: INVALID }))
    .describe('1 deletes the environment')
    .meta({ zh: '为 1 时删除该环境', example: '0' }),
});
export type EnvPushFields = z.infer<typeof envPushFields>;

/** POST /api/hainiao/envpull: changes after `since` (0: everything visible). */
export const envPullFields = commonFields.extend({
  token: leaseToken,
  since: numericField(0)
    .describe('Cursor of the last pull; 0 for everything')
    .meta({ zh: '上次拉取返回的游标；0 表示全部', example: '0' }),
});
export type EnvPullFields = z.infer<typeof envPullFields>;

/** POST /api/hainiao/envshare and /envunshare. */
export const envShareFields = commonFields.extend({
  token: leaseToken,
  env_id: envId,
  to: accountName,
});
export type EnvShareFields = z.infer<typeof envShareFields>;

/**
 * POST /api/hainiao/envlease: takes (or renews) the environment's run lease for this device.
 * `state` running while the browser runs; uploading while the stop's upload goes on.
 */
export const envLeaseFields = commonFields.extend({
  token: leaseToken,
  device: deviceField,
  env_id: envId,
  state: z
    .enum(['running', 'uploading'], { error: INVALID })
    .describe('running while the browser runs, uploading while its data uploads')
    .meta({ zh: 'running：浏览器运行中；uploading：数据上传中', example: 'running' }),
});
export type EnvLeaseFields = z.infer<typeof envLeaseFields>;

/** POST /api/hainiao/envrelease: ends this device's run lease of the environment. */
export const envReleaseFields = commonFields.extend({
  token: leaseToken,
  device: deviceField,
  env_id: envId,
});
export type EnvReleaseFields = z.infer<typeof envReleaseFields>;

/**
 * POST /api/hainiao/envwatch (issue 24): answers at once when a change the caller sees (as envpull
 * would bring it, revocations included) is newer than `since`; otherwise holds the request up to
 * SYNC_WATCH_HOLD_MS and answers as soon as one happens, or `changed: false` at the end.
 */
export const envWatchFields = commonFields.extend({
  token: leaseToken,
  device: deviceField,
  since: numericField(0)
    .describe('Cursor of the last pull; the call waits for a change after it')
    .meta({ zh: '上次拉取返回的游标；等待其后的修改', example: '42' }),
});
export type EnvWatchFields = z.infer<typeof envWatchFields>;

// --- Answers ---

/** envpush: the environment's new cloud version. */
export const envPushAnswer = z.strictObject({
  env_id: z.string(),
  version: z.number(),
  hash: z.string(),
});
export type EnvPushAnswer = z.infer<typeof envPushAnswer>;

/** How the caller sees an environment: its own, its team's (main account), or shared with it. */
export const SYNC_ACCESS = ['owner', 'team', 'shared'] as const;
export type SyncAccess = (typeof SYNC_ACCESS)[number];

const envChange = z.strictObject({
  env_id: z.string(),
  /** The owner's account name. */
  owner: z.string(),
  version: z.number(),
  hash: z.string(),
  deleted: z.boolean(),
  /** The snapshot (JSON text); null for a deletion. */
  body: z.string().nullable(),
  access: z.enum(SYNC_ACCESS),
  /** Accounts it is shared with (for the owner and the team's main account; else empty). */
  shares: z.array(z.string()),
});
export type EnvChange = z.infer<typeof envChange>;

/** envpull: changes in cursor order, the environments no longer visible, the next cursor. */
export const envPullAnswer = z.strictObject({
  changes: z.array(envChange),
  /** Environments the caller no longer sees (unshared, or left the team). */
  revoked: z.array(z.string()),
  cursor: z.number(),
  /** More changes wait after this cursor. */
  more: z.boolean(),
});
export type EnvPullAnswer = z.infer<typeof envPullAnswer>;

export const envShareAnswer = z.strictObject({ env_id: z.string(), to: z.string() });

/** envlease: the cloud's version of the environment, so the starter can pull a newer one first. */
export const envLeaseAnswer = z.strictObject({
  env_id: z.string(),
  version: z.number(),
  hash: z.string(),
  expires_in_ms: z.number(),
});
export type EnvLeaseAnswer = z.infer<typeof envLeaseAnswer>;

export const envReleaseAnswer = z.null();

/** envwatch: whether something changed after `since`, and the newest change's cursor. */
export const envWatchAnswer = z.strictObject({
  /** The newest visible change's sequence (or `since` when nothing changed). */
  cursor: z.number(),
  changed: z.boolean(),
});
export type EnvWatchAnswer = z.infer<typeof envWatchAnswer>;
