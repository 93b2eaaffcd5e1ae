/**
 * Changing an environment: the one command every door uses (v1 session/update, adv_setting and
 * proxy/update, the AdsPower-compatible user/update; the manager through v1). The account must
 * own the environment. The changes are in our names, the rules those of a create
 * (environment-create.ts), and nothing is saved unless every one of them holds.
 */
import { isMobileSystem, localApiMessages, type Lang, type SystemName } from '@hainiao/contract';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DEFAULT_RESOLUTIONS } from '../model/resolutions.ts';
import type { EnvironmentSettings } from '../model/settings.ts';
import type { BrowserRuntime } from '../runtime/browser.ts';
import { chromeMajor, isUserAgentOf, randomUserAgent } from '../runtime/fingerprint/user-agent.ts';
import { resolve } from './access.ts';
import { storeCookies } from './cookies.ts';
import type { CreateDeps } from './environment-create.ts';
import {
  applyProxy,
  applySettings,
  checkLaunchArgs,
  checkResolution,
  checkSystem,
  checkUserAgent,
  groupOrDefault,
  newStartPages,
  parseCookies,
  proxyCheckOptions,
  systemOfUserAgent,
  verifyProxy,
  withFingerprintFlags,
  type ProxyRequest,
} from './environment.ts';
import { assertStorable } from './storable.ts';

export interface UpdateDeps extends CreateDeps {
  runtime: BrowserRuntime;
}

/**
 * What a call changes; each field absent keeps the environment's own. As for a create, the steps
 * of one door only are fields (AdsPower's `ua`, random_ua, fingerprint switches), except its
 * locale rule, the hook `settleLocale`.
 */
export interface EnvironmentChanges {
  /** The caller's language: an empty name is the default name in it. */
  lang: Lang;
  name?: string | undefined;
  description?: string | undefined;
  /** A group of the account; empty: the default group. */
  group?: string | undefined;
  /**
   * A new system: the user agent follows (kept if it is one of the new system, else a new one of
   * the same Chrome major), and a screen of the other kind (phone, desktop) is the system's default.
   */
  system?: string | undefined;
  /** The system is the one `userAgent` is of (the current one when it fits several). */
  systemFromUserAgent?: boolean | undefined;
  /** A user agent of the (new) system. */
  userAgent?: string | undefined;
  /** A new random user agent: of this Chrome major, else the current one's. */
  newUserAgent?: { version?: number | undefined } | undefined;
  resolution?: string | undefined;
  /** The settings the call sets (locale checked, launchArgs against the allow-list). */
  settings?: Partial<EnvironmentSettings> | undefined;
  /** Some of the four fingerprint switches (index → 0/1). */
  fingerprintFlags?: ReadonlyMap<number, number> | undefined;
  /** The proxy's fields, each absent one kept; given (even empty), the proxy is checked whole. */
  proxy?: ProxyRequest | undefined;
  /** The cookie field as sent: replaces the environment's cookies (its running browser's too). */
  cookies?: string | readonly unknown[] | undefined;
  /** Replaces the start pages. */
  startPages?: readonly string[] | undefined;
  /** After the proxy is set, before it is checked: the time zone and language rule of a door. */
  settleLocale?: ((record: EnvironmentRecord) => void) | undefined;
}

export interface UpdateResult {
  record: EnvironmentRecord;
  /** The user agent is a new one (adv_setting answers it). */
  userAgentChanged: boolean;
}

const PROXY_ENDPOINT = ['type', 'host', 'port', 'username', 'password'] as const;

export async function updateEnvironment(
  deps: UpdateDeps,
  account: string,
  id: string,
  changes: EnvironmentChanges,
): Promise<UpdateResult> {
  const { record } = resolve(deps.envs, account, id, 'write');
  const before = structuredClone(record);
  const s = record.settings;
  const cookies = changes.cookies === undefined ? undefined : parseCookies(changes.cookies);
  if (changes.group !== undefined) {
    record.group = groupOrDefault(deps.groups, account, changes.group);
  }
  if (changes.name !== undefined) {
    record.name = changes.name || localApiMessages.defaultSessionName[changes.lang];
  }
  if (changes.description !== undefined) record.description = changes.description;
  if (changes.settings?.launchArgs) checkLaunchArgs(changes.settings.launchArgs);

  const wanted =
    changes.systemFromUserAgent && changes.userAgent !== undefined
      ? systemOfUserAgent(changes.userAgent, record.system)
      : changes.system;
  const newSystem = wanted !== undefined && wanted !== record.system;
  if (newSystem || changes.userAgent !== undefined || changes.newUserAgent) {
    const system = newSystem ? checkSystem(wanted, s.mobileModel) : (record.system as SystemName);
    // A phone screen on a desktop (or the reverse) would contradict the system.
    if (newSystem && isMobileSystem(system) !== isMobileSystem(record.system)) {
      s.resolution = DEFAULT_RESOLUTIONS[system];
    }
    const version = changes.newUserAgent?.version ?? chromeMajor(record.userAgent);
    const model = s.mobileModel;
    if (changes.userAgent !== undefined) {
      record.userAgent = checkUserAgent(changes.userAgent, system);
    } else if (changes.newUserAgent || !isUserAgentOf(record.userAgent, system)) {
      record.userAgent = randomUserAgent(system, { version, model }).userAgent;
    }
    record.system = system;
  }
  if (changes.resolution !== undefined) s.resolution = checkResolution(changes.resolution);

  applySettings(s, changes.settings ?? {});
  s.fingerprintSetting = withFingerprintFlags(s.fingerprintSetting, changes.fingerprintFlags);
  if (changes.proxy) applyProxy(record, changes.proxy.fields, changes.proxy.spelling);
  changes.settleLocale?.(record);
  const startPages = changes.startPages && newStartPages(changes.startPages);
  assertStorable(record, { startPages, cookies }, before);

  // Checked when asked (checkProxy 1), or when the locale follows the exit (automaticConfigure 1)
  // and the proxy or that choice is new; a change that touches neither leaves the proxy alone.
  const sent = changes.settings ?? {};
  const wasAuto = before.settings.automaticConfigure;
  const proxySent = PROXY_ENDPOINT.some((field) => changes.proxy?.fields[field] !== undefined);
  const touchesProxy =
    changes.proxy !== undefined ||
    sent.automaticConfigure !== undefined ||
    sent.checkProxy !== undefined ||
    s.automaticConfigure !== wasAuto;
  if (touchesProxy) {
    await verifyProxy(
      proxyCheckOptions(deps, record.id),
      record,
      sent.checkProxy === 1 ||
        (s.automaticConfigure === 1 &&
          (proxySent || sent.automaticConfigure === 1 || wasAuto !== 1)),
    );
  }
  // Into a running browser too, or refused before anything is saved.
  if (cookies) await storeCookies(deps, record, cookies, 'replace');
  deps.envs.save(record, startPages ? { startPages } : {});
  return { record, userAgentChanged: record.userAgent !== before.userAgent };
}
