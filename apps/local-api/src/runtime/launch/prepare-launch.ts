/**
 * Everything a start writes and works out before its browser process exists: the profile folder
 * (clean-ups, preferences, the downloads folder and the fontconfig file: profile.ts), the command line and environment
 * (launch.ts) and what each target will get (instrument.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LaunchPlan } from '../browser.ts';
import type { BrowserInstall } from './discovery.ts';
import { loadsOverDevTools } from '../profile/extensions.ts';
import {
  engineUserAgent,
  productBrand,
  userAgentMetadata,
  type StoredFingerprint,
} from '../fingerprint/fingerprint.ts';
import { hostSystem } from '../fingerprint/host.ts';
import { targetSetup, type TargetSetup } from '../devtools/instrument.ts';
import {
  fontConfigOf,
  type DisplayMode,
  launchCommand,
  launchLocale,
  type LaunchCommand,
  type LaunchLocale,
} from './launch.ts';
import {
  callerArgs,
  downloadPreferences,
  downloadsDirOf,
  prepareDownloads,
  prepareProfile,
  settingPreferences,
  writeFontConfig,
  writePreferences,
} from '../profile/profile.ts';
import type { ExitInfo } from '../proxy/proxy-check.ts';
import { buildUserAgent } from '../fingerprint/user-agent.ts';

export interface LaunchPreparation {
  plan: LaunchPlan;
  install: BrowserInstall;
  fingerprint: StoredFingerprint;
  /** `<data>/sessions/<id>`: the profile is `profile/` inside. */
  envDir: string;
  /** The proxy's exit, when looked up. */
  exit?: ExitInfo | undefined;
  forwarderPort?: number | undefined;
  /** Where its pages show (launch.ts displayMode). */
  mode: DisplayMode;
  /** The service's own environment variables. */
  env: NodeJS.ProcessEnv;
}

export interface PreparedLaunch {
  profile: string;
  command: LaunchCommand;
  setup: TargetSetup;
  locale: LaunchLocale;
  userAgent: string;
  /** The caller's own `--remote-debugging-port=N`, if any. */
  userPort?: string | undefined;
}

export function prepareLaunch(input: LaunchPreparation): PreparedLaunch {
  const { plan, install, fingerprint, envDir } = input;
  const record = plan.environment;
  const s = record.settings;
  const engine = {
    major: install.major,
    version: install.version,
    product: productBrand(install.path),
  };
  const profile = path.join(envDir, 'profile');
  const locale = launchLocale(s, input.exit);
  const hasPack = fs.existsSync(
    path.join(path.dirname(install.path), 'locales', `${locale.uiLocale}.pak`),
  );
  const userAgent = engineUserAgent(record.userAgent, engine);

  prepareProfile(profile, s);
  const downloads = downloadsDirOf(envDir);
  prepareDownloads(downloads);
  writePreferences(profile, {
    ...settingPreferences(s, locale.accept),
    ...downloadPreferences(downloads),
  });
  const fontConfig = writeFontConfig(envDir, fontConfigOf(fingerprint, s.fingerprintSetting));
  const extraArgs = callerArgs(plan.args);
  const command = launchCommand({
    record,
    fingerprint,
    headless: plan.headless,
    mode: input.mode,
    profile,
    userAgent,
    engineOwnUserAgent: buildUserAgent(hostSystem(), install.major),
    language: locale.language,
    languages: locale.languages,
    uiLocale: hasPack ? locale.uiLocale : undefined,
    timezone: locale.timezone,
    forwarderPort: input.forwarderPort,
    // Each folder was checked at the start of the launch (-3); loaded and confirmed after it (-4).
    pluginDirs: plan.plugins.map((plugin) => plugin.dir),
    pluginsOverDevTools: loadsOverDevTools(install.major),
    extraArgs,
    fontConfig,
    env: input.env,
    runningAsRoot: process.getuid?.() === 0,
  });
  const setup = targetSetup(record, plan.script, {
    fingerprint,
    userAgent,
    metadata: userAgentMetadata(fingerprint, engine),
    accept: locale.accept,
    timezone: locale.timezone,
    exit: locale.appliedExit,
  });
  return {
    profile,
    command,
    setup,
    locale,
    userAgent,
    userPort: extraArgs.find((arg) => arg.startsWith('--remote-debugging-port=')),
  };
}
