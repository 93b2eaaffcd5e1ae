/**
 * The AdsPower-compatible calls' fields (adapters/adspower/compat-adspower.ts): AdsPower's spelling and values
 * mapped onto our environment model, and the failures that name what is refused. Only mapping and
 * checks here; the calls, the store and the browsers are compat-adspower.ts's.
 */
import { createHash } from 'node:crypto';
import {
  adsPowerMessages as M,
  DEFAULT_GROUP_NAME,
  format,
  GEOLOCATION_LIMITS,
  isLanguageCode,
  isStartPageUrl,
  NO_PROXY,
  PORT_MAX,
  type AdsPowerFingerprintConfig,
  type AdsPowerUserCreateBody,
  type AdsPowerUserProxyConfig,
  type Localized,
  type SystemName,
} from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import {
  applySettings,
  checkResolution,
  type ProxyChanges,
  type ProxyFieldNames,
} from '../../domain/environment.ts';
import { fail, LocalApiError, UNKNOWN_EXCEPTION } from '../../http/envelope.ts';
import type { EnvironmentRecord } from '../../model/environment.ts';
import type { EnvironmentSettings } from '../../model/settings.ts';
import { hostSystem } from '../../runtime/fingerprint/host.ts';
import { CHROME_MAJOR_MIN, currentChromeMajor } from '../../runtime/fingerprint/user-agent.ts';

/** A failure with its reason; the compat error handler answers it as `{code: -1, msg, data: {}}`. */
export function refuse(
  message: Localized,
  values: Record<string, string | number> = {},
): LocalApiError {
  return fail(UNKNOWN_EXCEPTION, message, values);
}

/** `field` has no equivalent here, whatever its value: `reason` says why. */
export function notSupported(
  field: string,
  reason: Localized,
  values: Record<string, string> = {},
) {
  return new LocalApiError(UNKNOWN_EXCEPTION, {
    en: format(M.fieldNotSupported.en, { field, reason: format(reason.en, values) }),
    zh: format(M.fieldNotSupported.zh, { field, reason: format(reason.zh, values) }),
  });
}

export const valueNotSupported = (field: string, value: unknown, accepted: string) =>
  refuse(M.valueNotSupported, {
    field,
    value: typeof value === 'string' ? value : JSON.stringify(value),
    accepted,
  });

export const invalid = (field: string) => refuse(M.invalidParameter, { field });

/** A group's id: "0" for the default group (AdsPower's "Ungrouped"), else digits of its name's hash. */
export function groupIdOf(name: string): string {
  if (name === DEFAULT_GROUP_NAME) return '0';
  const hash = createHash('sha256').update(name, 'utf8').digest();
  return String(100_000_000 + (hash.readUInt32BE(0) % 900_000_000));
}

export function groupOfId(ctx: ServiceContext, owner: string, id: string): string {
  const value = id.trim();
  if (value === '' || value === '0') return DEFAULT_GROUP_NAME;
  const name = ctx.groups.names(owner).find((n) => groupIdOf(n) === value);
  if (!name) throw refuse(M.groupNotFound, { id: value });
  return name;
}

/**
 * launch_args: Chromium flags (our allow-list, runtime/profile/profile.ts) and URLs, which Chromium opens
 * as tabs (AdsPower documents both). In a query: JSON text, or repeated values.
 */
export function launchArgsOf(
  value: string[] | string,
  field: string,
): { flags: string[]; urls: string[] } {
  let list: unknown = value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        list = JSON.parse(trimmed);
      } catch {
        throw invalid(field);
      }
    } else {
      list = trimmed ? [trimmed] : [];
    }
  }
  if (!Array.isArray(list) || list.some((arg) => typeof arg !== 'string')) throw invalid(field);
  const args = (list as string[]).map((arg) => arg.trim()).filter(Boolean);
  return {
    flags: args.filter((arg) => !isStartPageUrl(arg)),
    urls: args.filter((arg) => isStartPageUrl(arg)),
  };
}

export const PROXY_NAMES: ProxyFieldNames = {
  type: 'user_proxy_config.proxy_soft',
  host: 'user_proxy_config.proxy_host',
  port: 'user_proxy_config.proxy_port',
  username: 'user_proxy_config.proxy_user',
  password: 'user_proxy_config.proxy_password',
};

/** proxy_type of proxy_soft "other" → our proxy types. */
const OTHER_TYPES: Readonly<Record<string, string>> = {
  http: 'HTTP',
  https: 'HTTPS',
  socks5: 'SOCKS5',
  socks4: 'SOCKS4',
  socks4a: 'SOCKS4A',
};

/** user_proxy_config → our proxy fields (types of section 3 of the spec). */
export function proxyOf(config: AdsPowerUserProxyConfig): ProxyChanges {
  const soft = config.proxy_soft.toLowerCase();
  const kind = config.proxy_type?.toLowerCase() || undefined;
  if (config.proxy_url) throw notSupported('user_proxy_config.proxy_url', M.noProxyRefreshUrl);
  if (config.global_config === 1) {
    throw notSupported('user_proxy_config.global_config', M.noSavedProxies);
  }
  let type: string;
  if (soft === 'no_proxy') {
    return { type: NO_PROXY };
  } else if (soft === 'other') {
    if (!kind) throw refuse(M.missingParameter, { field: 'user_proxy_config.proxy_type' });
    const mapped = OTHER_TYPES[kind];
    if (!mapped) {
      throw valueNotSupported(
        'user_proxy_config.proxy_type',
        kind,
        Object.keys(OTHER_TYPES).join(', '),
      );
    }
    type = mapped;
  } else if (soft === 'ssh') {
    type = 'SSH';
  } else if (soft === 'brightdata' || soft === 'luminati') {
    if (kind && kind !== 'http' && kind !== 'https') {
      throw valueNotSupported('user_proxy_config.proxy_type', kind, 'http, https');
    }
    type = kind === 'https' ? 'Luminati_HTTPS' : 'Luminati_HTTP';
  } else if (soft === 'brightauto' || soft === 'lumauto') {
    type = 'Lumauto';
  } else if (soft === 'oxylabsauto') {
    type = 'Oxylabsauto';
  } else {
    throw valueNotSupported(
      'user_proxy_config.proxy_soft',
      config.proxy_soft,
      'no_proxy, other, ssh, brightdata, luminati, brightauto, lumauto, oxylabsauto',
    );
  }
  let port: number | undefined;
  if (config.proxy_port !== undefined && config.proxy_port !== '') {
    port = /^\d+$/.test(config.proxy_port) ? Number(config.proxy_port) : NaN;
    if (!Number.isInteger(port) || port < 1 || port > PORT_MAX) {
      throw invalid('user_proxy_config.proxy_port');
    }
  }
  return {
    type,
    host: config.proxy_host,
    port,
    username: config.proxy_user,
    password: config.proxy_password,
  };
}

/** Our proxy as user_proxy_config (the v2 list). */
export function proxyConfigOf(record: EnvironmentRecord) {
  const s = record.settings;
  const endpoint = {
    proxy_host: record.proxyIp,
    proxy_port: String(s.proxyPort),
    proxy_user: s.proxyUsername,
    proxy_password: s.proxyPassword,
  };
  switch (record.proxyType) {
    case NO_PROXY:
      return { proxy_soft: 'no_proxy' };
    case 'SSH':
      return { proxy_soft: 'ssh', proxy_type: 'ssh', ...endpoint };
    case 'Luminati_HTTP':
    case 'Luminati_HTTPS':
      return {
        proxy_soft: 'brightdata',
        proxy_type: record.proxyType === 'Luminati_HTTPS' ? 'https' : 'http',
        ...endpoint,
      };
    case 'Lumauto':
      return { proxy_soft: 'brightauto', proxy_type: 'http', ...endpoint };
    case 'Oxylabsauto':
      return { proxy_soft: 'oxylabsauto', proxy_type: 'http', ...endpoint };
    default:
      return { proxy_soft: 'other', proxy_type: record.proxyType.toLowerCase(), ...endpoint };
  }
}

/** Values of fingerprint_config fields that are what this service does anyway. */
const MACHINE_VALUES: Readonly<Record<string, readonly string[]>> = {
  // The real values (docs/browser-runtime.md: not changed).
  do_not_track: ['default'],
  hardware_concurrency: ['default'],
  device_memory: ['default'],
  gpu: ['0'],
  webgl: ['0'],
  client_rects: ['0'],
  media_devices: ['0'],
  speech_switch: ['0'],
  device_name_switch: ['0'],
  tls_switch: ['0'],
  // Chromium has no Flash.
  flash: ['block'],
  // WebRTC never sends over non-proxied UDP and shows pages no address.
  webrtc: ['disabled', 'disableUDP'],
};

/** fingerprint_config fields with no lever here, whatever their value. */
const NO_LEVER = [
  'fonts',
  'webgl_config',
  'scan_port_type',
  'allow_scan_ports',
  'media_devices_num',
  'device_name',
  'mac_address_config',
  'tls',
  'page_language_switch',
  'page_language',
] as const;

/** random_ua.ua_system_version → a system of the appendix. */
function systemOfVersion(version: string): SystemName | undefined {
  if (/^Windows\b/i.test(version)) return 'Windows';
  if (/^Mac ?OS\b/i.test(version)) return 'MacIntel';
  if (/^Linux\b/i.test(version)) {
    const host = hostSystem();
    return host.startsWith('Linux') ? host : 'Linux x86_64';
  }
  if (/^Android\b/i.test(version)) return 'Android';
  if (/^iOS\b/i.test(version)) return 'iPhone';
  return undefined;
}

export const pick = <T>(list: readonly T[]): T =>
  list[Math.floor(Math.random() * list.length)] as T;

/** What fingerprint_config asks of the environment, refusals done. */
export interface FingerprintChanges {
  settings: Partial<EnvironmentSettings>;
  /** Indexes of FingerPrint_Setting (a canvas, b WebGL, c audio, d fonts) → 0/1. */
  flags: Map<number, number>;
  /** Time zone and language: automatic (from the exit), or the value ('' the machine's). */
  timezone?: { auto: true } | { auto: false; value: string };
  language?: { auto: true } | { auto: false; value: string };
  userAgent?: string;
  systems?: SystemName[];
  versions?: number[];
  resolution?: string | 'random';
}

export function fingerprintChanges(fp: AdsPowerFingerprintConfig): FingerprintChanges {
  const at = (field: string) => `fingerprint_config.${field}`;
  const changes: FingerprintChanges = { settings: {}, flags: new Map() };
  for (const field of NO_LEVER) {
    if (fp[field] !== undefined) throw notSupported(at(field), M.noFingerprintLever);
  }
  for (const [field, accepted] of Object.entries(MACHINE_VALUES)) {
    const value = (fp as Record<string, unknown>)[field];
    if (value !== undefined && !accepted.includes(String(value))) {
      throw valueNotSupported(at(field), value, accepted.join(', '));
    }
  }
  // Canvas: 1 is this environment's own rendering (font hinting), 0 the machine's.
  if (fp.canvas !== undefined) changes.flags.set(0, fp.canvas);
  // WebGL image and audio have no native lever: only the machine's own (0).
  for (const [field, index] of [
    ['webgl_image', 1],
    ['audio', 2],
  ] as const) {
    const value = fp[field];
    if (value === 1) throw notSupported(at(field), M.noFingerprintLever);
    if (value === 0) changes.flags.set(index, 0);
  }
  const kernel = fp.browser_kernel_config;
  if (kernel) {
    if (kernel.type !== undefined && kernel.type !== 'chrome') {
      throw valueNotSupported(at('browser_kernel_config.type'), kernel.type, 'chrome');
    }
    if (kernel.version !== undefined && kernel.version !== 'ua_auto') {
      throw valueNotSupported(at('browser_kernel_config.version'), kernel.version, 'ua_auto');
    }
  }

  // Time zone and language: given by hand, or "by IP" (the proxy's exit; the machine's without one).
  if (fp.automatic_timezone === 1 && fp.timezone) {
    throw refuse(M.needs, { field: at('timezone'), other: `${at('automatic_timezone')} 0` });
  }
  if (fp.automatic_timezone === 1) changes.timezone = { auto: true };
  else if (fp.automatic_timezone === 0 || fp.timezone !== undefined) {
    changes.timezone = { auto: false, value: fp.timezone ?? '' };
  }
  if (fp.language_switch === 1 && fp.language !== undefined) {
    throw refuse(M.needs, { field: at('language'), other: `${at('language_switch')} 0` });
  }
  if (fp.language_switch === 1) changes.language = { auto: true };
  else if (fp.language !== undefined) {
    const list = Array.isArray(fp.language) ? fp.language : [fp.language];
    const [first = ''] = list;
    // One language here (Accept-Language adds its base): a list may only add that base.
    const base = first.split('-')[0];
    if (list.slice(1).some((lang) => lang !== base)) {
      throw valueNotSupported(at('language'), list, `[language] or [language, base]`);
    }
    // AdsPower's region codes (de-DE) where the appendix has the language only (de).
    const value = isLanguageCode(first) || !isLanguageCode(base ?? '') ? first : (base ?? first);
    changes.language = { auto: false, value };
  } else if (fp.language_switch === 0) {
    throw refuse(M.needs, { field: at('language_switch'), other: at('language') });
  }

  // Geolocation: the permission, and coordinates by hand or from the exit.
  if (fp.location !== undefined) {
    changes.settings.geolocationSetting = { ask: 0, allow: 1, block: 2 }[fp.location];
  }
  const coordinates = fp.latitude !== undefined || fp.longitude !== undefined;
  if (fp.location_switch === 1 && (coordinates || fp.accuracy !== undefined)) {
    throw refuse(M.needs, { field: at('latitude'), other: `${at('location_switch')} 0` });
  }
  if (fp.location_switch === 1) {
    Object.assign(changes.settings, { geolocationLatitude: null, geolocationLongitude: null });
  } else if (fp.location_switch === 0 || coordinates) {
    if (fp.latitude === undefined) {
      throw refuse(M.needs, { field: at('location_switch'), other: at('latitude') });
    }
    if (fp.longitude === undefined) {
      throw refuse(M.needs, { field: at('location_switch'), other: at('longitude') });
    }
    const limits = GEOLOCATION_LIMITS;
    const within = (value: number, key: keyof typeof limits) =>
      value >= limits[key].min && value <= limits[key].max;
    if (!within(fp.latitude, 'Geolocation_Latitude')) throw invalid(at('latitude'));
    if (!within(fp.longitude, 'Geolocation_Longitude')) throw invalid(at('longitude'));
    Object.assign(changes.settings, {
      geolocationLatitude: fp.latitude,
      geolocationLongitude: fp.longitude,
    });
  }
  if (fp.accuracy !== undefined) {
    if (!accuracyWithin(fp.accuracy)) throw invalid(at('accuracy'));
    changes.settings.geolocationAccuracy = fp.accuracy;
  }

  // User agent: one given (its system follows), or a random one of the systems and versions.
  if (fp.ua !== undefined && fp.ua !== '') changes.userAgent = fp.ua;
  else if (fp.random_ua) {
    const { ua_system_version: systems, ua_version: versions } = fp.random_ua;
    if (systems?.length) {
      changes.systems = systems.map((version) => {
        const system = systemOfVersion(version);
        if (!system) {
          throw valueNotSupported(
            at('random_ua.ua_system_version'),
            version,
            'Windows …, Mac OS X …, Linux, Android …, iOS …',
          );
        }
        return system;
      });
    }
    if (versions?.length) {
      const newest = currentChromeMajor() + 1;
      changes.versions = versions.map((version) => {
        const major = Number(version);
        if (!Number.isInteger(major) || major < CHROME_MAJOR_MIN || major > newest) {
          throw invalid(at('random_ua.ua_version'));
        }
        return major;
      });
    }
  }

  const screen = fp.screen_resolution;
  if (screen !== undefined) {
    const match = /^(\d{3,4})_(\d{3,4})$/.exec(screen);
    if (screen === 'random') changes.resolution = 'random';
    else if (match) changes.resolution = checkResolution(`${match[1]}x${match[2]}`);
    else throw valueNotSupported(at('screen_resolution'), screen, 'WIDTH_HEIGHT, random');
  }
  return changes;
}

function accuracyWithin(accuracy: number): boolean {
  const { min, max } = GEOLOCATION_LIMITS.Geolocation_Accuracy;
  return Number.isInteger(accuracy) && accuracy >= min && accuracy <= max;
}

/** The start pages of domain_name (first) and open_urls. */
export function startPagesOf(input: { domain_name?: string; open_urls?: string[] }) {
  const urls: string[] = [];
  if (input.domain_name) {
    const url = /^https?:\/\//i.test(input.domain_name)
      ? input.domain_name
      : `https://${input.domain_name}`;
    if (!isStartPageUrl(url)) throw invalid('domain_name');
    urls.push(url);
  }
  for (const url of input.open_urls ?? []) {
    if (!isStartPageUrl(url)) throw invalid('open_urls');
    urls.push(url);
  }
  return [...new Set(urls)].map((url) => ({ url, flag: 1 }));
}

/** The fields of user/create and user/update that have no equivalent here, refused by name. */
export function refuseUnsupported(input: AdsPowerUserCreateBody): void {
  for (const field of ['username', 'password', 'fakey'] as const) {
    if (input[field]) throw notSupported(field, M.noPlatformAccounts);
  }
  for (const value of input.repeat_config ?? []) {
    if (value !== '0') throw valueNotSupported('repeat_config', input.repeat_config, '[0]');
  }
  if (input.ignore_cookie_error === 1) throw valueNotSupported('ignore_cookie_error', 1, '0');
  if (input.ip) throw notSupported('ip', M.noProviderIp);
  if (input.ipchecker) throw notSupported('ipchecker', M.ipLookupService);
  if (input.sys_app_cate_id && input.sys_app_cate_id !== '0') {
    throw valueNotSupported('sys_app_cate_id', input.sys_app_cate_id, '0');
  }
  if (input.proxyid) throw notSupported('proxyid', M.noSavedProxies);
}

/** country, region, city: the provider targeting and the country of the environment. */
export function placeOf(input: AdsPowerUserCreateBody): Partial<EnvironmentSettings> {
  const place: Partial<EnvironmentSettings> = {};
  if (input.country) place.countryCode = input.country;
  if (input.region) place.regionCode = input.region;
  if (input.city) place.cityCode = input.city;
  return place;
}

/**
 * Time zone and language onto the record: with a proxy both follow its exit (Automatic_Configure
 * 1) or both are set by hand; without one, "by IP" is the machine's own. A create that names
 * neither takes AdsPower's default ("by IP"); an update that names one finds the other as it is.
 */
export function applyLocale(
  record: EnvironmentRecord,
  fp: FingerprintChanges,
  mode: 'create' | 'update',
  given: boolean,
): void {
  const s = record.settings;
  const hasProxy = record.proxyType !== NO_PROXY;
  if (mode === 'update' && !given) {
    if (!hasProxy) s.automaticConfigure = 0;
    return;
  }
  const auto = mode === 'create' || s.automaticConfigure === 1;
  const timezone = fp.timezone ?? (auto ? { auto: true } : { auto: false, value: s.timezone });
  const language = fp.language ?? (auto ? { auto: true } : { auto: false, value: s.languageCode });
  if (hasProxy && timezone.auto !== language.auto) throw refuse(M.localeTogether);
  // An empty value is the machine's own (checkLocale checks the others).
  const timezoneValue = timezone.auto ? (hasProxy ? undefined : '') : timezone.value;
  const languageValue = language.auto ? (hasProxy ? undefined : '') : language.value;
  applySettings(s, {
    ...(timezoneValue ? { timezone: timezoneValue } : {}),
    ...(languageValue ? { languageCode: languageValue } : {}),
  });
  if (timezoneValue === '') s.timezone = '';
  if (languageValue === '') s.languageCode = '';
  s.automaticConfigure = hasProxy && timezone.auto ? 1 : 0;
}

export const localeGiven = (fp: AdsPowerFingerprintConfig | undefined) =>
  fp !== undefined &&
  (fp.automatic_timezone !== undefined ||
    fp.timezone !== undefined ||
    fp.language_switch !== undefined ||
    fp.language !== undefined);
