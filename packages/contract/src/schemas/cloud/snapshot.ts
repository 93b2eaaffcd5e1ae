/**
 * An environment as it travels through the cloud (the JSON body of envpush, the `body` of an
 * envpull change). A snapshot is untrusted input wherever it comes from: another account may have
 * written it (a share), so the cloud checks it at envpush and the local API again before it
 * applies it. The schema holds shape, types, enums and limits — what the receiver's own create
 * would accept; rules that need the machine (the launch-argument allow-list, the user agent of the
 * system, the installed fonts of a fingerprint) are the local API's, applied on top.
 */
import { z } from 'zod';
import {
  isCountryCode,
  isLanguageCode,
  isResolution,
  isSystem,
  isTimezone,
} from '../../appendix/index.ts';
import { PROXY_TYPES } from '../../appendix/proxy-types.ts';
import {
  FINGERPRINT_SETTING_FLAGS,
  GROUP_NAME_MAX,
  SCRIPTS_PER_SESSION_MAX,
  SESSION_DESC_MAX,
  SESSION_NAME_MAX,
  TAG_MAX,
  TAGS_PER_SESSION_MAX,
} from '../../limits.ts';
import { GEOLOCATION_LIMITS, isStartPageUrl, PORT_MAX } from '../local-api/session.ts';

/** Cookies one snapshot may carry. */
export const SNAPSHOT_COOKIES_MAX = 10_000;
/** Start pages, plugins and launch arguments one snapshot may carry. */
export const SNAPSHOT_LIST_MAX = 100;
/** A script's source (the library's limit). */
export const SNAPSHOT_SCRIPT_MAX_BYTES = 5 * 1024 * 1024;
/** The stored fingerprint's JSON text. */
export const SNAPSHOT_FINGERPRINT_MAX_CHARS = 64 * 1024;
/** Files one profile manifest may list. */
export const SNAPSHOT_PROFILE_FILES_MAX = 50_000;

const text = (max: number) => z.string().max(max);
const flag = z.union([z.literal(0), z.literal(1)]);
const orEmpty = (check: (value: string) => boolean) =>
  z.string().refine((value) => value === '' || check(value), { message: 'not in the appendix' });
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const ip = z.union([z.literal(''), z.ipv4(), z.ipv6()]);
/** A DNS host name (the proxy's host when it is not an IP address). */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** The proxy host: empty (no proxy), an IP address (IPv6 with or without brackets) or a host name. */
const proxyHost = z.union([
  z.literal(''),
  z.ipv4(),
  z.ipv6(),
  z.string().regex(/^\[[0-9a-f:.]+\]$/i),
  z.string().regex(HOST_NAME),
]);
const range = (limits: { min: number; max: number }) =>
  z.number().min(limits.min).max(limits.max).nullable();

/** The settings JSON as the local API stores it (its own names); every key optional (older copies). */
export const snapshotSettings = z
  .strictObject({
    automaticConfigure: flag,
    mobileModel: text(64),
    resolution: orEmpty(isResolution),
    fingerprintSetting: z
      .string()
      .regex(new RegExp(`^[01](,[01]){${FINGERPRINT_SETTING_FLAGS - 1}}$`)),
    fingerprintNoise: flag,
    lockWindowSize: flag,
    disableVideo: flag,
    disableImages: flag,
    invisibleImages: flag,
    autoplay: flag,
    sound: flag,
    googleTranslate: flag,
    savePasswordPrompt: flag,
    notifications: flag,
    clipboard: flag,
    stopOnProxyError: flag,
    fakeCamera: flag,
    clearOnExit: flag,
    restoreOnStartup: flag,
    saveCookiesOnExit: flag,
    forceCheckPage: flag,
    clearCacheOnStart: flag,
    clearCookiesOnStart: flag,
    clearHistoryOnStart: flag,
    syncProfile: flag,
    staticPublicIp: ip,
    staticPrivateIp: ip,
    timezone: orEmpty(isTimezone),
    countryCode: orEmpty((value) => isCountryCode(value.toUpperCase())),
    cityCode: text(64),
    regionCode: text(64),
    languageCode: orEmpty(isLanguageCode),
    proxyPort: z.number().int().min(0).max(PORT_MAX),
    proxyUsername: text(256),
    proxyPassword: text(256),
    checkProxy: flag,
    staticIpType: z.number().int().min(0).max(1000),
    launchArgs: z.array(text(1024)).max(SNAPSHOT_LIST_MAX),
    launchHeadless: flag,
    geolocationSetting: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    geolocationLatitude: range(GEOLOCATION_LIMITS.Geolocation_Latitude),
    geolocationLongitude: range(GEOLOCATION_LIMITS.Geolocation_Longitude),
    geolocationAccuracy: z
      .number()
      .min(GEOLOCATION_LIMITS.Geolocation_Accuracy.min)
      .max(GEOLOCATION_LIMITS.Geolocation_Accuracy.max),
    tags: z.array(text(TAG_MAX).min(1)).max(TAGS_PER_SESSION_MAX),
  })
  .partial();

const cookie = z.looseObject({
  name: text(4096).min(1),
  value: text(16 * 1024),
  domain: text(255).min(1),
});

const profileFile = z.strictObject({
  path: text(1024).min(1),
  size: z.number().int().min(0),
  mode: z.number().int().min(0).max(0o777),
  mtime: z.number().int().min(0),
  chunks: z.array(hex64),
});

/** The profile folder's snapshot: its manifest and the manifest's hash. */
export const snapshotProfile = z.strictObject({
  hash: hex64,
  manifest: z.strictObject({
    v: z.literal(1),
    files: z.array(profileFile).max(SNAPSHOT_PROFILE_FILES_MAX),
  }),
});

export const envSnapshot = z.strictObject({
  v: z.literal(1),
  env: z.strictObject({
    name: text(SESSION_NAME_MAX),
    description: text(SESSION_DESC_MAX),
    group: text(GROUP_NAME_MAX).min(1),
    system: z.string().refine(isSystem, { message: 'not a system of the appendix' }),
    userAgent: text(1024).min(1),
    proxyType: z.enum(PROXY_TYPES),
    proxyIp: proxyHost,
    createdAt: z.number().int().min(0),
  }),
  settings: snapshotSettings,
  startPages: z
    .array(
      z.strictObject({
        url: text(2048).refine(isStartPageUrl, { message: 'not an http(s) URL' }),
        flag,
      }),
    )
    .max(SNAPSHOT_LIST_MAX),
  plugins: z
    .array(
      z.strictObject({
        pluginId: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/),
        name: text(256),
        version: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
      }),
    )
    .max(SNAPSHOT_LIST_MAX),
  scripts: z
    .array(
      z.strictObject({
        scriptId: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/),
        name: text(256),
        version: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
        active: z.boolean(),
        source: text(SNAPSHOT_SCRIPT_MAX_BYTES),
      }),
    )
    .max(SCRIPTS_PER_SESSION_MAX)
    .refine((list) => list.filter((s) => s.active).length <= 1, {
      message: 'more than one active script',
    }),
  usage: z.strictObject({
    cookies: z.array(cookie).max(SNAPSHOT_COOKIES_MAX),
    fingerprint: text(SNAPSHOT_FINGERPRINT_MAX_CHARS).nullable(),
    updatedAt: z.number().int().min(0),
    profile: snapshotProfile.nullable(),
  }),
});
export type EnvSnapshotDoc = z.infer<typeof envSnapshot>;

/** "env.system: not a system of the appendix": the first problem, in a line for logs and answers. */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Parses and checks a snapshot's JSON text: the snapshot, or why it is refused. */
export function checkEnvSnapshot(
  json: string,
): { ok: true; snapshot: EnvSnapshotDoc } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const result = envSnapshot.safeParse(parsed);
  return result.success
    ? { ok: true, snapshot: result.data }
    : { ok: false, reason: firstProblem(result.error) };
}
