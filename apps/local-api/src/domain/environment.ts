/**
 * The rules of an environment's fields that need more than a schema (local-api.md §5, §8): the
 * group must exist, the system, resolution, user agent, language, time zone and country must be
 * in the appendix, mobile systems need a model, the proxy must be complete, Automatic_Configure 1
 * needs a proxy and checks it. Each violation answers its create/update code.
 */
import net from 'node:net';
import path from 'node:path';
import {
  DEFAULT_GROUP_NAME,
  isCountryCode,
  isLanguageCode,
  isMobileSystem,
  isResolution,
  isSystem,
  isTimezone,
  localApiMessages,
  NO_PROXY,
  SessionCodes,
  type CreateSessionBody,
  type SessionAdvSettingBody,
  type SystemName,
  type UpdateSessionProxyBody,
} from '@hainiao/contract';
import type { ServiceContext } from '../context.ts';
import { fail, sessionFailure } from '../http/envelope.ts';
import { CookieFormatError, parseCookieField, type StoredCookie } from '../runtime/cookies.ts';
import { checkProxy } from '../runtime/proxy-check.ts';
import { isUserAgentOf } from '../runtime/user-agent.ts';
import type { EnvironmentRecord, EnvSettings } from '../store/environments.ts';

const S = SessionCodes.code;

/** A screen each system commonly has, when the caller names none. */
export const DEFAULT_RESOLUTIONS: Record<SystemName, string> = {
  Windows: '1920x1080',
  MacIntel: '1440x900',
  'Linux aarch64': '1920x1080',
  'Linux armv7l': '1920x1080',
  'Linux armv8l': '1920x1080',
  'Linux i686': '1920x1080',
  'Linux x86_64': '1920x1080',
  Android: '412x915',
  iPhone: '390x844',
  iPad: '820x1180',
};

/**
 * Common desktop screens per system, most common first (Windows: StatCounter's desktop list with
 * the 125 % and 150 % scaled laptop panels; Mac: the built-in Retina panels and external
 * monitors). A new environment that names no resolution takes the next one in turn, so the
 * environments of one account spread over real screens (screen size is a native lever).
 */
export const COMMON_RESOLUTIONS: Partial<Record<SystemName, string[]>> = {
  Windows: [
    '1920x1080',
    '1536x864',
    '1366x768',
    '1280x720',
    '1440x900',
    '1600x900',
    '2560x1440',
    '1680x1050',
    '1920x1200',
    '1280x800',
  ],
  MacIntel: ['1440x900', '1512x982', '1728x1117', '1470x956', '1280x800', '1920x1080', '2560x1440'],
  'Linux x86_64': [
    '1920x1080',
    '1366x768',
    '2560x1440',
    '1600x900',
    '1440x900',
    '1680x1050',
    '1920x1200',
    '1280x1024',
  ],
};

/** The screen of a new environment that names none: the `index`-th common one of its system. */
export function defaultResolution(system: SystemName, index: number): string {
  const common = (COMMON_RESOLUTIONS[system] ?? []).filter((size) => isResolution(size));
  return common.length > 0 ? common[index % common.length]! : DEFAULT_RESOLUTIONS[system];
}

/** Proxy providers whose endpoints always authenticate (so a user name and password are needed). */
const PROVIDERS_WITH_AUTH = new Set([
  'Oxylabsauto',
  'Lumauto',
  'Luminati_HTTP',
  'Luminati_HTTPS',
  'smartproxy',
]);

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export function groupOrDefault(ctx: ServiceContext, owner: string, group: string | undefined) {
  const name = group?.trim() || DEFAULT_GROUP_NAME;
  if (!ctx.groups.exists(owner, name)) throw sessionFailure(S.GROUP_NOT_FOUND);
  return name;
}

export function checkSystem(system: string, model: string): SystemName {
  if (!isSystem(system)) throw sessionFailure(S.OS_INVALID);
  if (isMobileSystem(system) && !model.trim()) {
    throw sessionFailure(S.OS_INVALID, localApiMessages.modelRequired);
  }
  return system;
}

export function checkResolution(resolution: string): string {
  if (!isResolution(resolution)) throw sessionFailure(S.RESOLUTION_INVALID);
  return resolution;
}

export function checkUserAgent(userAgent: string, system: SystemName): string {
  if (!isUserAgentOf(userAgent, system)) {
    throw sessionFailure(S.USER_AGENT_INVALID, localApiMessages.userAgentMismatch, { system });
  }
  return userAgent;
}

/** Time zone and country (-106), language (-110). */
export function checkLocale(fields: {
  TimeZone?: string | undefined;
  CountryCode?: string | undefined;
  LanguageCode?: string | undefined;
}): void {
  if (fields.TimeZone !== undefined && !isTimezone(fields.TimeZone)) {
    throw sessionFailure(S.TIMEZONE_INIT_FAILED);
  }
  if (fields.CountryCode !== undefined && !isCountryCode(fields.CountryCode.toUpperCase())) {
    throw sessionFailure(S.TIMEZONE_INIT_FAILED);
  }
  if (fields.LanguageCode !== undefined && !isLanguageCode(fields.LanguageCode)) {
    throw sessionFailure(S.LANGUAGE_INVALID);
  }
}

export interface ProxyFields {
  Proxy_Type?: string | undefined;
  Proxy_Ip?: string | undefined;
  Proxy_Port?: number | undefined;
  Proxy_Username?: string | undefined;
  Proxy_Password?: string | undefined;
  Is_CheckProxy?: 0 | 1 | undefined;
  StaticIP_Type?: number | undefined;
}

const proxyInvalid = (reason: string) =>
  sessionFailure(S.PROXY_INVALID, localApiMessages.proxyFieldsInvalid, { reason });

/**
 * The proxy after `changes` (the record's own fields stay where no change is sent). noproxy clears
 * the endpoint; any other type needs a host and a port, and the providers need credentials.
 */
export function applyProxy(record: EnvironmentRecord, changes: ProxyFields): void {
  const s = record.settings;
  const sentEndpoint =
    changes.Proxy_Ip !== undefined ||
    changes.Proxy_Port !== undefined ||
    changes.Proxy_Username !== undefined ||
    changes.Proxy_Password !== undefined;
  const type = changes.Proxy_Type ?? record.proxyType;
  if (type === NO_PROXY) {
    if (changes.Proxy_Type === undefined && sentEndpoint) {
      throw proxyInvalid('Proxy_Type is required with Proxy_Ip');
    }
    record.proxyType = NO_PROXY;
    record.proxyIp = '';
    Object.assign(s, { Proxy_Port: 0, Proxy_Username: '', Proxy_Password: '' });
  } else {
    const host = (changes.Proxy_Ip ?? record.proxyIp).trim();
    const port = changes.Proxy_Port ?? s.Proxy_Port;
    const username = changes.Proxy_Username ?? s.Proxy_Username;
    const password = changes.Proxy_Password ?? s.Proxy_Password;
    if (!host) throw proxyInvalid('Proxy_Ip is required');
    if (!net.isIP(host.replace(/^\[|\]$/g, '')) && !HOST_NAME.test(host)) {
      throw proxyInvalid(`"${host}" is not a host name or IP address`);
    }
    if (!port) throw proxyInvalid('Proxy_Port is required');
    if ((PROVIDERS_WITH_AUTH.has(type) || type === 'SSH') && !username) {
      throw proxyInvalid(`Proxy_Username is required for ${type}`);
    }
    if (PROVIDERS_WITH_AUTH.has(type) && !password) {
      throw proxyInvalid(`Proxy_Password is required for ${type}`);
    }
    record.proxyType = type;
    record.proxyIp = host;
    Object.assign(s, { Proxy_Port: port, Proxy_Username: username, Proxy_Password: password });
  }
  if (changes.Is_CheckProxy !== undefined) s.Is_CheckProxy = changes.Is_CheckProxy;
  if (changes.StaticIP_Type !== undefined) s.StaticIP_Type = changes.StaticIP_Type;
}

/**
 * Automatic_Configure 1 needs a proxy and verifies it, as does Is_CheckProxy 1 (-105 with the curl
 * code of the failure in `data`).
 */
export async function verifyProxy(
  ctx: ServiceContext,
  record: EnvironmentRecord,
  check: boolean,
): Promise<void> {
  const s = record.settings;
  if (s.Automatic_Configure === 1 && record.proxyType === NO_PROXY) {
    throw sessionFailure(S.PROXY_INVALID, localApiMessages.proxyRequired);
  }
  if (!check || record.proxyType === NO_PROXY) return;
  const result = await checkProxy(
    {
      type: record.proxyType,
      host: record.proxyIp,
      port: s.Proxy_Port,
      username: s.Proxy_Username,
      password: s.Proxy_Password,
    },
    ctx.proxyCheckTimeoutMs,
    // With a configured lookup, the check also finds the exit (and Automatic_Configure takes its
    // time zone, country and language).
    {
      lookupUrl: ctx.ipLookupUrl,
      // SSH: a pinned host key is verified, never written, by the check (proxy.ts pins at start).
      hostKeyFile: path.join(ctx.dataDir, 'sessions', record.id, 'ssh_host_key'),
    },
  );
  if (result.ok && result.exit && s.Automatic_Configure === 1) {
    if (result.exit.timezone) s.TimeZone = result.exit.timezone;
    if (result.exit.country) s.CountryCode = result.exit.country;
    if (result.exit.language) s.LanguageCode = result.exit.language;
  }
  if (!result.ok) {
    throw fail(
      S.PROXY_CHECK_FAILED,
      localApiMessages.proxyCheckFailed,
      { reason: result.reason },
      200,
      { Proxy_Check_Code: result.curlCode, Proxy_Check_Name: result.curlName },
    );
  }
}

export function parseCookies(value: string | readonly unknown[]): StoredCookie[] {
  try {
    return parseCookieField(value);
  } catch (error) {
    if (error instanceof CookieFormatError) {
      throw sessionFailure(S.COOKIE_FILE_INVALID, localApiMessages.cookieFileContentInvalid, {
        reason: error.message,
      });
    }
    throw error;
  }
}

type AdvancedChanges = Omit<SessionAdvSettingBody, 'Session_ID'> & Partial<CreateSessionBody>;

/** The advanced, locale and static-IP fields present in `body`, checked, onto the settings. */
export function applySettings(
  settings: EnvSettings,
  body: AdvancedChanges | Omit<UpdateSessionProxyBody, 'Session_ID'>,
): void {
  checkLocale(body);
  const target = settings as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || !(name in settings)) continue;
    target[name] = name === 'CountryCode' ? String(value).toUpperCase() : value;
  }
}
