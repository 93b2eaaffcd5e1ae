/**
 * The rules of an environment's fields that need more than a schema: the group must exist, the
 * system, resolution, user agent, language, time zone and country must be in the appendix, mobile
 * systems need a model, the proxy must be complete, automaticConfigure 1 needs a proxy and checks
 * it, launch arguments are in the allow-list, start pages are http(s). Each violation answers its
 * create/update code (EnvironmentFieldCodes, packages/contract/src/codes/local-api.ts). The create and update commands
 * (environment-create.ts, environment-update.ts) apply them.
 */
import net from 'node:net';
import path from 'node:path';
import {
  DEFAULT_GROUP_NAME,
  format,
  isCountryCode,
  isLanguageCode,
  isMobileSystem,
  isResolution,
  isSystem,
  isStartPageUrl,
  isTimezone,
  localApiMessages,
  NO_PROXY,
  SYSTEMS,
  type Localized,
  type SystemName,
} from '@hainiao/contract';
import type { StoredCookie } from '../model/cookie.ts';
import type { EnvironmentRecord, StartPage } from '../model/environment.ts';
import { DomainError, InvalidRequestError, ProxyCheckError } from '../model/errors.ts';
import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../model/settings.ts';
import { CookieFormatError, parseCookieField } from '../runtime/profile/cookies.ts';
import { ALLOWED_ARG_LIST, refuseArgs } from '../runtime/profile/profile.ts';
import {
  checkFailedMessage,
  checkProxy,
  DEFAULT_IP_LOOKUP_URL,
  withReason,
} from '../runtime/proxy/proxy-check.ts';
import { isUserAgentOf } from '../runtime/fingerprint/user-agent.ts';
import type { GroupStore } from '../store/groups.ts';
import { uniqueTags } from './tags.ts';

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

export function groupOrDefault(groups: GroupStore, owner: string, group: string | undefined) {
  const name = group?.trim() || DEFAULT_GROUP_NAME;
  if (!groups.exists(owner, name)) throw new DomainError('GROUP_NOT_FOUND');
  return name;
}

export function checkSystem(system: string, model: string): SystemName {
  if (!isSystem(system)) throw new DomainError('OS_INVALID');
  if (isMobileSystem(system) && !model.trim()) {
    throw new DomainError('OS_INVALID', localApiMessages.modelRequired);
  }
  return system;
}

export function checkResolution(resolution: string): string {
  if (!isResolution(resolution)) throw new DomainError('RESOLUTION_INVALID');
  return resolution;
}

/** The system a user agent is of: `preferred` when it is one of them (AdsPower's ua). */
export function systemOfUserAgent(userAgent: string, preferred: string): SystemName {
  const systems = SYSTEMS.filter((system) => isUserAgentOf(userAgent, system));
  if (systems.length === 0) throw new DomainError('USER_AGENT_INVALID');
  return (systems as string[]).includes(preferred) ? (preferred as SystemName) : systems[0]!;
}

export function checkUserAgent(userAgent: string, system: SystemName): string {
  if (!isUserAgentOf(userAgent, system)) {
    throw new DomainError('USER_AGENT_INVALID', localApiMessages.userAgentMismatch, { system });
  }
  return userAgent;
}

/** Time zone and country (-106), language (-110). */
export function checkLocale(fields: Partial<EnvironmentSettings>): void {
  if (fields.timezone !== undefined && !isTimezone(fields.timezone)) {
    throw new DomainError('TIMEZONE_INIT_FAILED');
  }
  if (fields.countryCode !== undefined && !isCountryCode(fields.countryCode.toUpperCase())) {
    throw new DomainError('TIMEZONE_INIT_FAILED');
  }
  if (fields.languageCode !== undefined && !isLanguageCode(fields.languageCode)) {
    throw new DomainError('LANGUAGE_INVALID');
  }
}

/** A change of the proxy: each field absent keeps the environment's own. */
export interface ProxyChanges {
  type?: string | undefined;
  host?: string | undefined;
  port?: number | undefined;
  username?: string | undefined;
  password?: string | undefined;
  checkProxy?: number | undefined;
  staticIpType?: number | undefined;
}

/**
 * How the caller spells the proxy fields: a refused proxy's reason names them so (the routes know
 * the calls' spelling, the domain does not).
 */
export type ProxyFieldNames = Readonly<
  Record<'type' | 'host' | 'port' | 'username' | 'password', string>
>;

/** A proxy change as a call sends it: the fields, and how the call spells them. */
export interface ProxyRequest {
  fields: ProxyChanges;
  spelling: ProxyFieldNames;
}

const M = localApiMessages;

/** -104 "Proxy is invalid: …", the reason in the caller's language too. */
const proxyInvalid = (reason: Localized, values: Record<string, string | number>) =>
  new DomainError(
    'PROXY_INVALID',
    withReason(localApiMessages.proxyFieldsInvalid, {
      en: format(reason.en, values),
      zh: format(reason.zh, values),
    }),
  );

/**
 * A proxy that belongs to no environment (the form's check, a saved proxy) under the create
 * call's rules: `applyProxy` on a blank record, the endpoint as it would be stored.
 */
export function proxyEndpointOf(
  changes: ProxyChanges,
  names: ProxyFieldNames,
): { type: string; host: string; port: number; username: string; password: string } {
  const blank: EnvironmentRecord = {
    id: '',
    owner: '',
    name: '',
    description: '',
    group: '',
    system: '',
    userAgent: '',
    proxyType: NO_PROXY,
    proxyIp: '',
    settings: { ...DEFAULT_SETTINGS },
    cookies: [],
    createdAt: 0,
    updatedAt: 0,
  };
  applyProxy(blank, changes, names);
  const s = blank.settings;
  return {
    type: blank.proxyType,
    host: blank.proxyIp,
    port: s.proxyPort,
    username: s.proxyUsername,
    password: s.proxyPassword,
  };
}

/**
 * The proxy after `changes` (the record's own fields stay where no change is sent). noproxy clears
 * the endpoint; any other type needs a host and a port, and the providers need credentials.
 */
export function applyProxy(
  record: EnvironmentRecord,
  changes: ProxyChanges,
  names: ProxyFieldNames,
): void {
  const s = record.settings;
  const sentEndpoint =
    changes.host !== undefined ||
    changes.port !== undefined ||
    changes.username !== undefined ||
    changes.password !== undefined;
  const type = changes.type ?? record.proxyType;
  if (type === NO_PROXY) {
    if (changes.type === undefined && sentEndpoint) {
      throw proxyInvalid(M.proxyFieldRequiredWith, { field: names.type, other: names.host });
    }
    record.proxyType = NO_PROXY;
    record.proxyIp = '';
    Object.assign(s, { proxyPort: 0, proxyUsername: '', proxyPassword: '' });
  } else {
    const host = (changes.host ?? record.proxyIp).trim();
    const port = changes.port ?? s.proxyPort;
    const username = changes.username ?? s.proxyUsername;
    const password = changes.password ?? s.proxyPassword;
    if (!host) throw proxyInvalid(M.proxyFieldRequired, { field: names.host });
    if (!net.isIP(host.replace(/^\[|\]$/g, '')) && !HOST_NAME.test(host)) {
      throw proxyInvalid(M.proxyHostInvalid, { host });
    }
    if (!port) throw proxyInvalid(M.proxyFieldRequired, { field: names.port });
    if ((PROVIDERS_WITH_AUTH.has(type) || type === 'SSH') && !username) {
      throw proxyInvalid(M.proxyFieldRequiredFor, { field: names.username, type });
    }
    if (PROVIDERS_WITH_AUTH.has(type) && !password) {
      throw proxyInvalid(M.proxyFieldRequiredFor, { field: names.password, type });
    }
    record.proxyType = type;
    record.proxyIp = host;
    Object.assign(s, { proxyPort: port, proxyUsername: username, proxyPassword: password });
  }
  if (changes.checkProxy !== undefined) s.checkProxy = changes.checkProxy;
  if (changes.staticIpType !== undefined) s.staticIpType = changes.staticIpType;
}

/**
 * Browser arguments outside the allow-list (runtime/profile/profile.ts), or repeated: -10000 naming the
 * flags, HTTP 400, as every other bad field of a body. The arguments an environment stores are
 * those a start uses when it gives none, so it never stores arguments a start would refuse.
 */
export function checkLaunchArgs(args: readonly string[]): void {
  const refusal = refuseArgs(args);
  if (refusal?.refused.length) {
    throw new InvalidRequestError(localApiMessages.browserArgsNotAllowed, {
      flags: refusal.refused.join(', '),
      allowed: ALLOWED_ARG_LIST,
    });
  }
  if (refusal) {
    throw new InvalidRequestError(localApiMessages.browserArgsRepeated, {
      flags: refusal.repeated.join(', '),
    });
  }
}

/**
 * New start pages, deduplicated in order, each opened on start: http(s) only (file:, javascript:,
 * chrome: and the like read local files or run script). The doors' schemas refuse others first,
 * naming their own field; this is the line no door passes.
 */
export function newStartPages(urls: readonly string[]): StartPage[] {
  const bad = urls.find((url) => !isStartPageUrl(url));
  if (bad !== undefined) {
    throw new InvalidRequestError(localApiMessages.invalidParameter, { field: 'startPages' });
  }
  return [...new Set(urls)].map((url) => ({ url, flag: 1 }));
}

/** FingerPrint_Setting with some of its four switches (index → 0/1) changed. */
export function withFingerprintFlags(
  setting: string,
  flags: ReadonlyMap<number, number> | undefined,
): string {
  if (!flags?.size) return setting;
  const list = setting.split(',');
  for (const [index, value] of flags) list[index] = String(value);
  return list.join(',');
}

/** An environment's own folder (its profile, downloads, an SSH proxy's pinned key). */
export const environmentFolder = (dataDir: string, id: string) =>
  path.join(dataDir, 'sessions', id);

/** What the proxy check of the create and update commands needs of the service. */
export interface ProxyCheckDeps {
  dataDir: string;
  proxyCheckTimeoutMs: number;
  /** The configured IP-lookup endpoint (--ip-lookup), if any. */
  ipLookupUrl?: string | undefined;
}

export const proxyCheckOptions = (deps: ProxyCheckDeps, id: string): ProxyCheckOptions => ({
  timeoutMs: deps.proxyCheckTimeoutMs,
  // Always a real request through the proxy: the configured endpoint, else the documented default
  // (as at start, chromium-runtime.ts).
  lookupUrl: deps.ipLookupUrl ?? process.env.HAINIAO_IP_LOOKUP ?? DEFAULT_IP_LOOKUP_URL,
  environmentDir: environmentFolder(deps.dataDir, id),
});

/** What a proxy check needs besides the environment. */
export interface ProxyCheckOptions {
  timeoutMs: number;
  /**
   * The IP-lookup endpoint (--ip-lookup, else the default): the check sends a real request to it
   * through the proxy, so wrong credentials and a proxy that cannot forward fail here.
   */
  lookupUrl: string;
  /** The environment's folder (an SSH proxy's pinned host key is there). */
  environmentDir: string;
}

/**
 * automaticConfigure 1 needs a proxy and verifies it, as does checkProxy 1: a real request to the
 * IP-lookup endpoint through the proxy (-105 with the curl code of the failure: 97 for refused
 * credentials, 7 for a proxy that cannot reach the endpoint, 28 for no answer, …).
 */
export async function verifyProxy(
  options: ProxyCheckOptions,
  record: EnvironmentRecord,
  check: boolean,
): Promise<void> {
  const s = record.settings;
  if (s.automaticConfigure === 1 && record.proxyType === NO_PROXY) {
    throw new DomainError('PROXY_INVALID', localApiMessages.proxyRequired);
  }
  if (!check || record.proxyType === NO_PROXY) return;
  const result = await checkProxy(
    {
      type: record.proxyType,
      host: record.proxyIp,
      port: s.proxyPort,
      username: s.proxyUsername,
      password: s.proxyPassword,
    },
    options.timeoutMs,
    // The request through the proxy finds the exit too (automaticConfigure takes its time zone,
    // country and language).
    {
      lookupUrl: options.lookupUrl,
      // SSH: a pinned host key is verified, never written, by the check (proxy.ts pins at start).
      hostKeyFile: path.join(options.environmentDir, 'ssh_host_key'),
    },
  );
  if (result.ok && result.exit && s.automaticConfigure === 1) {
    if (result.exit.timezone) s.timezone = result.exit.timezone;
    if (result.exit.country) s.countryCode = result.exit.country;
    if (result.exit.language) s.languageCode = result.exit.language;
  }
  if (!result.ok) {
    throw new ProxyCheckError(
      checkFailedMessage(result.localized),
      {},
      result.curlCode,
      result.curlName,
    );
  }
}

export function parseCookies(value: string | readonly unknown[]): StoredCookie[] {
  try {
    return parseCookieField(value);
  } catch (error) {
    if (error instanceof CookieFormatError) {
      throw new DomainError('COOKIE_FILE_INVALID', localApiMessages.cookieFileContentInvalid, {
        reason: error.message,
      });
    }
    throw error;
  }
}

/** The settings `changes` sets (locale checked), onto `settings`; country codes upper case. */
export function applySettings(
  settings: EnvironmentSettings,
  changes: Partial<EnvironmentSettings>,
): void {
  checkLocale(changes);
  const target = settings as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || !(name in settings)) continue;
    target[name] =
      name === 'countryCode'
        ? String(value).toUpperCase()
        : name === 'tags'
          ? uniqueTags(value as readonly string[])
          : value;
  }
}
