/**
 * Every limit of both specifications, named once. Servers, forms, schemas and docs read them from
 * here; nothing else spells these numbers.
 */

// --- Site: screens, ticket validation, business constants ---
export const MOBILE_BREAKPOINT_PX = 768;
export const HOME_STATS = ['20+', '96%', '689745'] as const;
export const VERSION_FALLBACK = '1.0.1';
export const BROWSER_VERSION_MIN = 95;
export const BROWSER_VERSION_MAX = 106;
/** Kernels from this version on run only on Windows 10/11; earlier ones on Windows 7/8/10/11. */
export const KERNEL_WIN10_ONLY_FROM = 129;
export const CLIENT_OS_LEGACY = ['Windows 7', 'Windows 8', 'Windows 10', 'Windows 11'] as const;
export const CLIENT_OS_MODERN = ['Windows 10', 'Windows 11'] as const;

export const API_LOG_PAGE_SIZE = 10;
export const TICKET_PAGE_SIZES = [10, 20, 50, 100] as const;
export const TICKET_PAGE_SIZE_DEFAULT = 10;

export const TICKET_TITLE_MIN = 3;
export const TICKET_TITLE_MAX = 200;
export const TICKET_CONTENT_MIN = 10;
export const TICKET_CONTENT_MAX = 2000;
export const TICKET_REPLY_MIN = 10;
/** The spec sets no upper bound on a reply; the content bound is the natural one. */
export const TICKET_REPLY_MAX = TICKET_CONTENT_MAX;
export const PHONE_DIGITS_MIN = 5;
export const PHONE_DIGITS_MAX = 20;
export const ATTACHMENTS_MAX = 5;
export const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'mp4'] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];
/** Size limits the spec leaves open, stated in docs/architecture.md ("Attachments"). */
export const ATTACHMENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** Non-team accounts hold one credential; a team's main account as many as it has members. */
export const CREDENTIALS_PER_NON_TEAM_ACCOUNT = 1;
export const DATE_FORMAT = 'YYYY-MM-DD';

// --- Local API: validation rules, business constants ---
export const LOCAL_API_PORT = 8186;
export const LOCAL_API_HOST = '127.0.0.1';
export const CLOUD_PORT = 8080;

export const SESSION_NAME_MAX = 60;
export const SESSION_DESC_MAX = 150;
export const GROUP_NAME_MAX = 30;
export const DEFAULT_GROUP_NAME = 'default';

export const LIST_NUM_MAX = 500;
export const LIST_NUM_DEFAULT = 50;
export const DELETE_MAX = 2000;
export const STATUS_QUERY_MAX = 100;
export const SCRIPTS_PER_SESSION_MAX = 100;
/** Tags of an environment (our extension): how many, and how long each. */
export const TAGS_PER_SESSION_MAX = 10;
export const TAG_MAX = 20;
/** A deleted environment stays in the recycle bin this long, then goes for good. */
export const TRASH_KEEP_DAYS = 7;
/** Copies one clone call makes at most. */
export const CLONE_MAX = 50;
export const FINGERPRINT_SETTING_FLAGS = 4;
/** The proxy library (our extension): a saved proxy's name and note, and the calls' batch sizes. */
export const SAVED_PROXY_NAME_MAX = 50;
export const SAVED_PROXY_NOTE_MAX = 200;
/** Saved proxies one create call adds (a pasted list of vendor lines). */
export const SAVED_PROXY_CREATE_MAX = 1000;
/** Saved proxies one check call checks, and how many of them at a time. */
export const SAVED_PROXY_CHECK_MAX = 50;
export const SAVED_PROXY_CHECK_PARALLEL = 4;

/** Per-minute rate limits (docs/local-api.md); the spec's unitless "40" is read per minute. */
export const RATE_LIMIT_LOGIN_PER_MINUTE = 10;
export const RATE_LIMIT_SESSION_WRITE_PER_MINUTE = 40;
export const RATE_LIMIT_SESSION_CALL_PER_MINUTE = 50;

/** Create with Automatic_Configure=1 verifies the proxy; clients must wait longer than this. */
export const AUTO_CONFIGURE_CLIENT_TIMEOUT_MS = 68_000;

/** A device lease is kept alive by heartbeats; the cloud ends it after this much silence. */
export const LEASE_HEARTBEAT_INTERVAL_MS = 30_000;
export const LEASE_TIMEOUT_MS = 90_000;

// --- Accounts (beyond the spec: the site's own sign-up) ---
/** Account names: 3 to 32 letters, digits, underscores, dots or dashes. */
export const ACCOUNT_NAME_MIN = 3;
export const ACCOUNT_NAME_MAX = 32;
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** The upper bound keeps password hashing cost bounded. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Package length of a new self-service account; operators set other dates. */
export const FREE_PACKAGE_DAYS = 365;
/** Client tokens are single-use and short-lived; session tokens are long-lived and revocable. */
export const CLIENT_TOKEN_TTL_MS = 5 * 60_000;
export const SESSION_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
/** Per-IP limits of the brute-forceable account calls (per minute). */
export const RATE_LIMIT_SIGNIN_PER_MINUTE = 10;
export const RATE_LIMIT_SIGNUP_PER_MINUTE = 5;
export const RATE_LIMIT_STATUS_PER_MINUTE = 20;
/** A password-reset link (issue 27, "forgot password"): single use, valid this long. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** Per-IP limits of the forgot-password and reset-password calls (per minute). */
export const RATE_LIMIT_FORGOT_PASSWORD_PER_MINUTE = 5;
export const RATE_LIMIT_RESET_PASSWORD_PER_MINUTE = 10;

// --- Cloud sync quotas (issue 24; docs/sync-and-sharing.md) ---
/**
 * Profile chunk bytes (as stored, compressed) one account may hold in the cloud. A 50 MB profile
 * is about 1,000 chunks and 20–50 MB stored: 2 GiB holds some fifty full profiles per account.
 */
export const SYNC_CHUNK_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;
/** chunkput calls per account per minute: a whole 50 MB profile's first upload fits in one. */
export const SYNC_CHUNKPUT_PER_MINUTE = 2000;
/** envpush calls per account per minute: a bulk edit of a few hundred environments fits in one. */
export const SYNC_ENVPUSH_PER_MINUTE = 300;
/** Chunks no current snapshot names are swept once older than this (uploads before their push). */
export const SYNC_CHUNK_GRACE_MS = 24 * 3_600_000;
/** How often the cloud sweeps unreferenced chunks. */
export const SYNC_CHUNK_SWEEP_INTERVAL_MS = 3_600_000;
/** envwatch holds a request this long at most before answering "nothing changed". */
export const SYNC_WATCH_HOLD_MS = 25_000;
