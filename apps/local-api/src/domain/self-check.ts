/**
 * The self-check (POST /api/v1/session/self_check, issue 18): what a site could see of an
 * environment, as findings with what to change and one score. A running environment is checked in
 * a new tab; a stopped one is started headless for the check and stopped after. The browser side
 * is runtime/self-check/self-check.ts; here are the rules (`evaluate`, pure) and the order of things.
 *
 * The rules follow docs/browser-runtime.md ("a lie is worse than sameness"): the same values in the
 * page, its iframe and every kind of worker; no replaced function; no DevTools or driver trace; no
 * WebRTC address; names resolved at the proxy; a time zone and language that fit the exit IP.
 */
import os from 'node:os';
import path from 'node:path';
import {
  BrowserCodes,
  countryName,
  format,
  localApiMessages as M,
  type Lang,
  type Localized,
} from '@hainiao/contract';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DomainError } from '../model/errors.ts';
import type { BrowserRuntime, LaunchPlan, RunningBrowser } from '../runtime/browser.ts';
import { hostSystem } from '../runtime/fingerprint/host.ts';
import { proxySpecOf } from '../runtime/launch/launch.ts';
import { languageOfCountry, lookupExit, type ExitInfo } from '../runtime/proxy/proxy-check.ts';
import { hostKeyFileOf, startForwarder, type Forwarder } from '../runtime/proxy/proxy.ts';
import {
  browserCommandLine,
  probeBrowser,
  type ProbeReport,
  type RealmReport,
} from '../runtime/self-check/self-check.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { Library } from './library.ts';

const B = BrowserCodes.code;

export type Severity = 'high' | 'medium' | 'low';

export interface Finding {
  id: string;
  severity: Severity;
  ok: boolean;
  title: Localized;
  detail: Localized;
  fix: Localized;
}

export interface SelfCheckResult {
  /** The environment was started (headless) for the check, and stopped after it. */
  started: boolean;
  score: number;
  findings: Finding[];
}

/** What a failed finding costs the score (out of 100). */
export const SEVERITY_COST: Readonly<Record<Severity, number>> = { high: 25, medium: 10, low: 5 };

export const scoreOf = (findings: readonly Finding[]): number =>
  Math.max(
    0,
    findings.reduce((score, f) => (f.ok ? score : score - SEVERITY_COST[f.severity]), 100),
  );

/** The realms the check page runs the detector in (page-scripts/self-check-page.js). */
export const REALMS = ['window', 'iframe', 'dedicated', 'shared', 'service'] as const;

/** Values that must agree for the user agent to hold (the detector's names). */
const USER_AGENT_KEYS = [
  'userAgent',
  'platform',
  'uaBrands',
  'uaMobile',
  'uaPlatform',
  'platformVersion',
  'architecture',
  'bitness',
  'uaFullVersion',
  'fullVersionList',
];

/** OfflineAudioContext exists in windows only: null elsewhere means "not offered". */
const REALM_DEPENDENT = new Set(['audioSum']);

/** The lie detector's checks that are DevTools traces or a realm that did not run, not lies. */
const NOT_LIES = new Set(['cdp-runtime', 'unavailable']);

/** At most this many items of a list go into a detail. */
const LIST_MAX = 8;

type Values = Record<string, string | number>;

/** A catalogue message with its placeholders filled, per language when the values differ. */
function text(message: Localized, values: Values | ((lang: Lang) => Values) = {}): Localized {
  const of = (lang: Lang) => (typeof values === 'function' ? values(lang) : values);
  return { en: format(message.en, of('en')), zh: format(message.zh, of('zh')) };
}

/** Items as one placeholder value (the first LIST_MAX, then how many more). */
function list(items: readonly string[], lang: Lang = 'en'): string {
  const shown = items.slice(0, LIST_MAX).join(lang === 'zh' ? '；' : '; ');
  return items.length > LIST_MAX ? `${shown} …(+${items.length - LIST_MAX})` : shown;
}

/** Localized items as one placeholder value per language. */
const listOf = (items: readonly Localized[]) => (lang: Lang) =>
  list(
    items.map((item) => item[lang]),
    lang,
  );

/** Sentences one after the other. */
const sentences = (...parts: Localized[]): Localized => ({
  en: parts.map((p) => p.en).join(' '),
  zh: parts.map((p) => p.zh).join(''),
});

const show = (value: unknown) => JSON.stringify(value ?? null);
const country = (code: string, lang: Lang) => (code ? (countryName(code, lang) ?? code) : '—');

export interface ExitLookup {
  exit?: ExitInfo;
  error?: string;
}

export interface CheckInput {
  report: ProbeReport;
  /** The environment as it runs. */
  running: Pick<RunningBrowser, 'userAgent' | 'pageOnly' | 'publicIp' | 'proxyType' | 'proxyPort'>;
  /** The browser's real command line, when it can be read. */
  flags: readonly string[] | undefined;
  exit: ExitLookup;
  /** Every address of this machine's interfaces. */
  localAddresses: readonly string[];
  settings: Pick<EnvironmentRecord['settings'], 'fingerprintNoise' | 'automaticConfigure'>;
  /** This machine's system (runtime/fingerprint/host.ts). */
  hostSystem: string;
}

/** The realms that ran, with their reports. */
function ranRealms(report: ProbeReport): [string, RealmReport][] {
  return REALMS.flatMap((scope) => {
    const realm = report.realms[scope];
    if (!realm || realm.findings.some((f) => f.check === 'unavailable')) return [];
    return [[scope, realm] as [string, RealmReport]];
  });
}

/** `key: scopeA value ≠ scopeB value` for each of `keys` (all but `exclude` when omitted). */
function mismatches(
  realms: [string, RealmReport][],
  keys: readonly string[] | undefined,
  exclude: readonly string[] = [],
): string[] {
  const all = keys ?? [...new Set(realms.flatMap(([, r]) => Object.keys(r.values)))];
  const found: string[] = [];
  for (const key of all) {
    if (exclude.includes(key)) continue;
    const having = realms.filter(([, r]) => {
      if (!Object.hasOwn(r.values, key)) return false;
      return !(REALM_DEPENDENT.has(key) && r.values[key] === null);
    });
    const [first, ...rest] = having;
    if (!first) continue;
    for (const [scope, realm] of rest) {
      if (show(realm.values[key]) !== show(first[1].values[key])) {
        found.push(
          `${key}: ${first[0]} ${show(first[1].values[key])} ≠ ${scope} ${show(realm.values[key])}`,
        );
      }
    }
  }
  return found;
}

/** The value of `--name=value` in a command line, or undefined. */
function flagValue(flags: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  const flag = [...flags].reverse().find((f) => f.startsWith(prefix));
  return flag?.slice(prefix.length);
}

/** Minutes east of UTC of a zone at a moment, or undefined for an unknown zone. */
function offsetAt(zone: string, at: Date): number | undefined {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
    if (!match) return undefined;
    const minutes = Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return undefined;
  }
}

/** Two zones that show the same time all year (winter and summer). */
export function sameClock(a: string, b: string, year = new Date().getUTCFullYear()): boolean {
  if (a === b) return true;
  return [0, 6].every((month) => {
    const at = new Date(Date.UTC(year, month, 15));
    const offset = offsetAt(a, at);
    return offset !== undefined && offset === offsetAt(b, at);
  });
}

/** The address of an ICE candidate line ('candidate:… udp 2122… 192.168.1.5 54321 typ host'). */
const candidateAddress = (candidate: string) =>
  candidate.replace(/^a=/, '').split(/\s+/)[4]?.toLowerCase() ?? '';

const isPrivateOrLocal = (address: string) =>
  /^(10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.0\.0\.0$|::1$|f[cd]|fe80:)/i.test(
    address,
  ) || address.endsWith('.local');

/** The findings of one check (no I/O: everything it needs is in `input`). */
export function evaluate(input: CheckInput): Finding[] {
  const { report, running } = input;
  const flags = input.flags ?? [];
  const realms = ranRealms(report);
  const page = report.realms.window?.values ?? {};
  const nothing = M.selfCheckNothingToChange;
  const findings: Finding[] = [];
  const add = (
    id: string,
    severity: Severity,
    ok: boolean,
    title: Localized,
    detail: Localized,
    fix: Localized,
  ) => findings.push({ id, severity, ok, title, detail, fix: ok ? nothing : fix });

  // --- the user agent, platform and client hints, in every realm and as the environment says
  const uaMismatches = mismatches(realms, USER_AGENT_KEYS);
  if (page.userAgent !== undefined && page.userAgent !== running.userAgent) {
    uaMismatches.unshift(
      `userAgent: environment ${show(running.userAgent)} ≠ window ${show(page.userAgent)}`,
    );
  }
  for (const [scope, realm] of realms) {
    if (/Headless/i.test(String(realm.values.userAgent ?? ''))) {
      uaMismatches.push(`userAgent: ${scope} says Headless`);
    }
  }
  add(
    'user-agent',
    'high',
    uaMismatches.length === 0,
    M.selfCheckUserAgentTitle,
    uaMismatches.length === 0
      ? text(M.selfCheckUserAgentOk, { userAgent: String(page.userAgent ?? running.userAgent) })
      : text(M.selfCheckUserAgentBad, (lang) => ({ mismatches: list(uaMismatches, lang) })),
    running.pageOnly.length > 0
      ? text(M.selfCheckUserAgentFixSystem, { system: input.hostSystem })
      : M.selfCheckFindCause,
  );

  // --- every other value the same in every realm; every realm ran
  const otherMismatches = mismatches(realms, undefined, USER_AGENT_KEYS);
  const missing = REALMS.filter((scope) => !realms.some(([ran]) => ran === scope)).map((scope) => {
    const reason = report.realms[scope]?.findings.find((f) => f.check === 'unavailable');
    return reason?.detail ? `${scope} (${reason.detail})` : scope;
  });
  const realmsOk = otherMismatches.length === 0 && missing.length === 0;
  const languages = Array.isArray(page.languages) ? page.languages.join(',') : show(page.languages);
  add(
    'realms',
    'high',
    realmsOk,
    M.selfCheckRealmsTitle,
    realmsOk
      ? text(M.selfCheckRealmsOk, {
          languages,
          timeZone: String(page.timeZone ?? ''),
          cores: String(page.hardwareConcurrency ?? ''),
        })
      : sentences(
          ...(otherMismatches.length
            ? [text(M.selfCheckRealmsBad, (lang) => ({ mismatches: list(otherMismatches, lang) }))]
            : []),
          ...(missing.length
            ? [text(M.selfCheckRealmsUnavailable, (lang) => ({ realms: list(missing, lang) }))]
            : []),
        ),
    M.selfCheckFindCause,
  );

  // --- the lie detector: replaced functions, noise (one item per realm and API, its checks)
  const lies = new Map<string, string[]>();
  for (const scope of REALMS) {
    for (const f of report.realms[scope]?.findings ?? []) {
      if (NOT_LIES.has(f.check)) continue;
      const key = `${scope}: ${f.api}`;
      lies.set(key, [
        ...(lies.get(key) ?? []),
        f.check === 'noise' && f.detail ? `noise: ${f.detail}` : f.check,
      ]);
    }
  }
  // Noise first: the plainest of the traces to read.
  const lieItems = [...lies]
    .map(([key, checks]) => `${key} (${[...new Set(checks)].join(', ')})`)
    .sort((a, b) => Number(b.includes('noise:')) - Number(a.includes('noise:')));
  const lieCount = [...lies.values()].reduce((sum, checks) => sum + checks.length, 0);
  add(
    'lies',
    'high',
    lieCount === 0,
    M.selfCheckLiesTitle,
    lieCount === 0
      ? M.selfCheckLiesOk
      : text(M.selfCheckLiesBad, (lang) => ({ count: lieCount, traces: list(lieItems, lang) })),
    input.settings.fingerprintNoise === 1 ? M.selfCheckLiesFixNoise : M.selfCheckFindCause,
  );

  // --- automation and DevTools traces a page can see
  const traces: Localized[] = [];
  if (realms.some(([, realm]) => realm.values.webdriver === true)) {
    traces.push(M.selfCheckTraceWebdriver);
  }
  if (report.automation.length > 0) {
    traces.push(text(M.selfCheckTraceGlobals, { names: report.automation.join(', ') }));
  }
  if (
    REALMS.some((scope) => report.realms[scope]?.findings.some((f) => f.check === 'cdp-runtime'))
  ) {
    traces.push(M.selfCheckTraceRuntime);
  }
  const automationFlags = flags.filter((f) =>
    /^--(enable-automation|remote-debugging-port=|remote-debugging-address=)/.test(f),
  );
  if (automationFlags.length > 0) {
    traces.push(text(M.selfCheckTraceFlags, { flags: automationFlags.join(' ') }));
  }
  add(
    'devtools',
    'high',
    traces.length === 0,
    M.selfCheckDevToolsTitle,
    traces.length === 0
      ? M.selfCheckDevToolsOk
      : text(M.selfCheckDevToolsBad, (lang) => ({ traces: listOf(traces)(lang) })),
    M.selfCheckDevToolsFix,
  );

  // --- WebRTC: no candidate at all
  const exitIp = input.exit.exit?.ip ?? running.publicIp;
  const local = new Set(input.localAddresses.map((a) => a.toLowerCase()));
  const candidates = report.webrtc.candidates.map((candidate): Localized => {
    const address = candidateAddress(candidate);
    if (local.has(address)) return text(M.selfCheckAddressLocal, { address });
    if (address && !isPrivateOrLocal(address) && address !== exitIp) {
      return text(M.selfCheckAddressNotExit, { address });
    }
    return { en: address || candidate, zh: address || candidate };
  });
  add(
    'webrtc',
    'high',
    candidates.length === 0,
    M.selfCheckWebrtcTitle,
    !report.webrtc.available
      ? M.selfCheckWebrtcUnavailable
      : candidates.length === 0
        ? M.selfCheckWebrtcOk
        : text(M.selfCheckWebrtcBad, (lang) => ({
            count: candidates.length,
            candidates: listOf(candidates)(lang),
          })),
    M.selfCheckWebrtcFix,
  );

  // --- DNS: with a proxy, the browser resolves no name itself (launch.ts)
  if (input.flags === undefined) {
    add('dns', 'low', false, M.selfCheckDnsTitle, M.selfCheckDnsUnknown, M.selfCheckRestart);
  } else {
    const proxyServer = flagValue(flags, 'proxy-server');
    const proxied = proxyServer !== undefined && !/^direct:\/\//.test(proxyServer);
    const rules = flagValue(flags, 'host-resolver-rules');
    const shown =
      rules === undefined ? 'no --host-resolver-rules' : `--host-resolver-rules=${rules}`;
    const ok = !proxied || /^MAP \* ~NOTFOUND\b/.test(rules ?? '');
    add(
      'dns',
      'high',
      ok,
      M.selfCheckDnsTitle,
      !proxied
        ? M.selfCheckDnsNoProxy
        : text(ok ? M.selfCheckDnsOk : M.selfCheckDnsBad, { rules: shown }),
      M.selfCheckRestart,
    );
  }

  // --- the exit IP sites see
  const exit = input.exit.exit;
  const proxied = running.proxyPort > 0;
  if (!exit) {
    // Through a proxy, no exit means sites cannot be reached either.
    add(
      'exit',
      proxied ? 'high' : 'low',
      false,
      M.selfCheckExitTitle,
      text(proxied ? M.selfCheckExitProxyFailed : M.selfCheckExitFailed, {
        reason: input.exit.error ?? 'no answer',
        proxyType: running.proxyType,
      }),
      M.selfCheckExitFix,
    );
  } else {
    const seen = text(proxied ? M.selfCheckExitProxy : M.selfCheckExitNoProxy, (lang) => ({
      ip: exit.ip,
      country: country(exit.country, lang),
      proxyType: running.proxyType,
    }));
    // The start's lookup set the time zone and language (Automatic_Configure 1) for its exit.
    const changed =
      input.settings.automaticConfigure === 1 && running.publicIp && running.publicIp !== exit.ip;
    add(
      'exit',
      'low',
      true,
      M.selfCheckExitTitle,
      changed ? sentences(seen, text(M.selfCheckExitChanged, { startIp: running.publicIp })) : seen,
      nothing,
    );
  }

  // --- time zone against the exit's
  const pageZone = String(page.timeZone ?? '');
  if (!exit?.timezone) {
    add(
      'timezone',
      'low',
      false,
      M.selfCheckTimezoneTitle,
      M.selfCheckTimezoneUnknown,
      M.selfCheckExitFix,
    );
  } else {
    const ok = pageZone !== '' && sameClock(pageZone, exit.timezone);
    const values = (lang: Lang) => ({
      timeZone: pageZone,
      exitZone: exit.timezone,
      country: country(exit.country, lang),
    });
    add(
      'timezone',
      'medium',
      ok,
      M.selfCheckTimezoneTitle,
      text(ok ? M.selfCheckTimezoneOk : M.selfCheckTimezoneBad, values),
      text(M.selfCheckTimezoneFix, values),
    );
  }

  // --- language against the exit's country
  const language = String(page.language ?? '');
  const expected = exit?.country ? languageOfCountry(exit.country) : '';
  if (!exit?.country || !expected) {
    add(
      'language',
      'low',
      false,
      M.selfCheckLanguageTitle,
      M.selfCheckLanguageUnknown,
      M.selfCheckExitFix,
    );
  } else {
    const [base, region] = language.split('-');
    const ok =
      base?.toLowerCase() === expected.split('-')[0]?.toLowerCase() ||
      region?.toUpperCase() === exit.country;
    const values = (lang: Lang) => ({ language, country: country(exit.country, lang), expected });
    add(
      'language',
      'low',
      ok,
      M.selfCheckLanguageTitle,
      text(ok ? M.selfCheckLanguageOk : M.selfCheckLanguageBad, values),
      text(M.selfCheckLanguageFix, values),
    );
  }
  return findings;
}

export interface SelfCheckDeps {
  runtime: BrowserRuntime;
  envs: Pick<EnvironmentStore, 'plugins' | 'runnableScript'>;
  library: Pick<Library, 'pluginDir'>;
  /** The data folder (the SSH host-key pins are in sessions/<id>/). */
  dataDir: string;
  /** The IP-lookup endpoint, as at start (runtime/proxy/proxy-check.ts). */
  lookupUrl: string;
  lookupTimeoutMs: number;
  /** The whole check page, from connecting to its report. */
  probeTimeoutMs?: number;
}

/**
 * A headless start for the check alone: no start pages or restored tabs (no site is visited), the
 * environment's plugins and active script (they are part of what sites see), and its stored
 * cookies left as they are whatever the browser does with them.
 */
function checkPlan(deps: SelfCheckDeps, record: EnvironmentRecord): LaunchPlan {
  const script = deps.envs.runnableScript(record.id);
  // A proxy that is down does not stop this start: the check page needs no network, and the
  // exit finding then says what is wrong with the proxy.
  const settings = {
    ...record.settings,
    restoreOnStartup: 0,
    forceCheckPage: 0,
    stopOnProxyError: 0,
  };
  return {
    environment: { ...record, settings },
    headless: true,
    // The DevTools endpoint on a free port: the environment's own may be taken.
    args: settings.launchArgs.filter((arg) => !arg.startsWith('--remote-debugging-port=')),
    startPages: [],
    plugins: deps.envs.plugins(record.id).map((plugin) => ({
      pluginId: plugin.pluginId,
      dir: deps.library.pluginDir(plugin.pluginId, plugin.version),
    })),
    ...(script?.verdict === 'runs'
      ? { script: { scriptId: script.scriptId, name: script.name, source: script.source } }
      : {}),
    saveCookies: () => undefined,
  };
}

/** The exit as sites see it now: a lookup through the environment's proxy, or direct without. */
async function lookup(deps: SelfCheckDeps, record: EnvironmentRecord): Promise<ExitLookup> {
  const spec = proxySpecOf(record);
  let forwarder: Forwarder | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = async (): Promise<ExitLookup> => {
    if (spec) {
      forwarder = await startForwarder(spec, {
        hostKeyFile: hostKeyFileOf(path.join(deps.dataDir, 'sessions'), record.id),
        hostKeyMode: 'verify',
      });
    }
    return { exit: await lookupExit(deps.lookupUrl, forwarder?.port, deps.lookupTimeoutMs) };
  };
  try {
    return await Promise.race([
      run(),
      new Promise<ExitLookup>((resolve) => {
        timer = setTimeout(
          () => resolve({ error: `no answer within ${deps.lookupTimeoutMs} ms` }),
          deps.lookupTimeoutMs * 2,
        );
      }),
    ]);
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    clearTimeout(timer);
    await forwarder?.close().catch(() => undefined);
  }
}

const localAddresses = () =>
  Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));

/** Stops what the check started: gracefully, else killed. */
async function stopAfterCheck(runtime: BrowserRuntime, id: string): Promise<void> {
  const stopped = await runtime.stop(id);
  if (stopped.status !== B.SUCCESS) await runtime.kill(id);
}

/** The self-check, one at a time per environment (a second waits for the first). */
export function selfChecker(deps: SelfCheckDeps) {
  const busy = new Map<string, Promise<unknown>>();

  async function once(record: EnvironmentRecord): Promise<SelfCheckResult> {
    let running = deps.runtime.running(record.id);
    let started = false;
    if (!running) {
      const result = await deps.runtime.start(checkPlan(deps, record));
      if (result.running && result.status === B.SUCCESS) started = true;
      if (result.running && (result.status === B.SUCCESS || result.status === B.ENV_RUNNING)) {
        running = result.running;
      } else {
        const entry = BrowserCodes.get(result.status);
        throw new DomainError('UNKNOWN_EXCEPTION', M.selfCheckStartFailed, {
          status: `${result.status} ${entry?.name ?? ''}`.trim(),
          reason: result.reason ?? entry?.en ?? '',
        });
      }
    }
    try {
      const probe = probeBrowser(running.cdpPort, {
        background: !running.headless,
        ...(deps.probeTimeoutMs ? { timeoutMs: deps.probeTimeoutMs } : {}),
      }).catch((error: Error) => {
        throw new DomainError('UNKNOWN_EXCEPTION', M.selfCheckFailed, { reason: error.message });
      });
      const [report, flags, exit] = await Promise.all([
        probe,
        browserCommandLine(running.processId),
        lookup(deps, record),
      ]);
      const findings = evaluate({
        report,
        running,
        flags,
        exit,
        localAddresses: localAddresses(),
        settings: record.settings,
        hostSystem: hostSystem(),
      });
      return { started, score: scoreOf(findings), findings };
    } finally {
      if (started) await stopAfterCheck(deps.runtime, record.id);
    }
  }

  return async function selfCheck(record: EnvironmentRecord): Promise<SelfCheckResult> {
    const previous = busy.get(record.id);
    const run = (previous ? previous.catch(() => undefined) : Promise.resolve()).then(() =>
      once(record),
    );
    busy.set(record.id, run);
    try {
      return await run;
    } finally {
      if (busy.get(record.id) === run) busy.delete(record.id);
    }
  };
}
