/**
 * Creating an environment: the one command every door uses (v1 session/create, the
 * AdsPower-compatible user/create, the MCP tool create_environment; the manager through v1). The
 * request is in our names; a door maps its fields onto it and the record onto its answer, and
 * every rule is applied here, in one order, whichever door it came through.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { localApiMessages, NO_PROXY, type Lang } from '@hainiao/contract';
import type { EnvironmentRecord } from '../model/environment.ts';
import { defaultResolution } from '../model/resolutions.ts';
import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../model/settings.ts';
import { hostSystem } from '../runtime/fingerprint/host.ts';
import { randomUserAgent } from '../runtime/fingerprint/user-agent.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { GroupStore } from '../store/groups.ts';
import {
  applyProxy,
  applySettings,
  checkLaunchArgs,
  checkResolution,
  checkSystem,
  checkUserAgent,
  environmentFolder,
  groupOrDefault,
  newStartPages,
  parseCookies,
  proxyCheckOptions,
  systemOfUserAgent,
  verifyProxy,
  withFingerprintFlags,
  type ProxyCheckDeps,
  type ProxyRequest,
} from './environment.ts';
import { assertStorable } from './storable.ts';

export interface CreateDeps extends ProxyCheckDeps {
  envs: EnvironmentStore;
  groups: GroupStore;
}

/**
 * A new environment, in our names. The steps that belong to one door only are fields here
 * (AdsPower's system of its `ua`, its random_ua version, its fingerprint switches; a "random"
 * resolution is simply none given), except AdsPower's locale rule, which needs the record with its
 * proxy: that one is the narrow hook `settleLocale`.
 */
export interface CreateRequest {
  owner: string;
  /** The caller's language: an empty or absent name is the default name in it. */
  lang: Lang;
  name?: string | undefined;
  description?: string | undefined;
  /** A group of the owner; empty or absent: the default group. */
  group?: string | undefined;
  /** A system of the appendix; absent: the machine's own. */
  system?: string | undefined;
  /** The system is the one `userAgent` is of (the machine's own when it fits several). */
  systemFromUserAgent?: boolean | undefined;
  /** Required by the mobile systems. */
  mobileModel?: string | undefined;
  /** Absent: the system's default (model/resolutions.ts). */
  resolution?: string | undefined;
  /** Given: it must be a user agent of the system. Absent: a random one of the system. */
  userAgent?: string | undefined;
  /** The Chrome major of the random user agent (absent: a current one). */
  userAgentVersion?: number | undefined;
  /** The settings the call sets (locale checked, launchArgs against the allow-list). */
  settings?: Partial<EnvironmentSettings> | undefined;
  /** Some of the four fingerprint switches (index → 0/1); the others keep their default. */
  fingerprintFlags?: ReadonlyMap<number, number> | undefined;
  proxy?: ProxyRequest | undefined;
  /** The cookie field as sent: JSON text, a cookies.txt, or a list of cookies. */
  cookies?: string | readonly unknown[] | undefined;
  startPages?: readonly string[] | undefined;
  /** After the proxy is set, before it is checked: the time zone and language rule of a door. */
  settleLocale?: ((record: EnvironmentRecord) => void) | undefined;
}

/** Creates the environment (checked, stored, its folder made) and answers it. */
export async function createEnvironment(
  deps: CreateDeps,
  request: CreateRequest,
): Promise<EnvironmentRecord> {
  const { owner } = request;
  const group = groupOrDefault(deps.groups, owner, request.group);
  checkLaunchArgs(request.settings?.launchArgs ?? []);
  const model = request.mobileModel ?? '';
  const system = checkSystem(
    request.systemFromUserAgent && request.userAgent !== undefined
      ? systemOfUserAgent(request.userAgent, hostSystem())
      : (request.system ?? hostSystem()),
    model,
  );
  const resolution = checkResolution(
    request.resolution ?? defaultResolution(system, deps.envs.countOwned(owner)),
  );
  const userAgent =
    request.userAgent === undefined
      ? randomUserAgent(system, { version: request.userAgentVersion, model }).userAgent
      : checkUserAgent(request.userAgent, system);
  const now = deps.envs.tick();
  const record: EnvironmentRecord = {
    id: randomBytes(16).toString('hex'),
    owner,
    name: request.name || localApiMessages.defaultSessionName[request.lang],
    description: request.description ?? '',
    group,
    system,
    userAgent,
    proxyType: NO_PROXY,
    proxyIp: '',
    settings: { ...DEFAULT_SETTINGS },
    cookies: [],
    createdAt: now,
    updatedAt: now,
  };
  const s = record.settings;
  applySettings(s, request.settings ?? {});
  Object.assign(s, {
    mobileModel: model,
    resolution,
    fingerprintSetting: withFingerprintFlags(s.fingerprintSetting, request.fingerprintFlags),
  });
  if (request.proxy) applyProxy(record, request.proxy.fields, request.proxy.spelling);
  if (request.cookies !== undefined) record.cookies = parseCookies(request.cookies);
  request.settleLocale?.(record);
  const startPages = newStartPages(request.startPages ?? []);
  assertStorable(record, { startPages, cookies: record.cookies });
  // Following the exit (automaticConfigure 1) or asked to (checkProxy 1): a real request through it.
  await verifyProxy(
    proxyCheckOptions(deps, record.id),
    record,
    s.automaticConfigure === 1 || s.checkProxy === 1,
  );
  deps.envs.insert(record, startPages);
  fs.mkdirSync(environmentFolder(deps.dataDir, record.id), { recursive: true });
  return record;
}
