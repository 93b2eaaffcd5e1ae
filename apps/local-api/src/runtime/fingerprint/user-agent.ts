/**
 * User agents for environments (random-user-agent, and create without User_Agent).
 *
 * Samples come from header-generator (Apify's fingerprint-suite), a Bayesian network trained on
 * real traffic and updated with every release, so that without a Version the Chrome major follows
 * today's real-world share. A sample is used only when it is exactly what Chrome itself sends on
 * that system (the data set also holds embedders and oddities such as Atom or very old iOS
 * builds); otherwise, and for majors the data set no longer holds, the UA is built from Chrome's
 * own format for that major, including the User-Agent Reduction (full version frozen to
 * MAJOR.0.0.0 from 101, Android model frozen to "K" from 110, one Linux platform token from 107).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BROWSER_VERSION_MIN, isMobileSystem, type SystemName } from '@hainiao/contract';
import { HeaderGenerator } from 'header-generator';

const require = createRequire(import.meta.url);

/** Branch (build) number of each Chrome major; the full version is MAJOR.0.BRANCH.PATCH. */
const CHROME_BRANCHES: Readonly<Record<number, number>> = {
  95: 4638,
  96: 4664,
  97: 4692,
  98: 4758,
  99: 4844,
  100: 4896,
  101: 4951,
  102: 5005,
  103: 5060,
  104: 5112,
  105: 5195,
  106: 5249,
  107: 5304,
  108: 5359,
  109: 5414,
  110: 5481,
  111: 5563,
  112: 5615,
  113: 5672,
  114: 5735,
  115: 5790,
  116: 5845,
  117: 5938,
  118: 5993,
  119: 6045,
  120: 6099,
  121: 6167,
  122: 6261,
  123: 6312,
  124: 6367,
  125: 6422,
  126: 6478,
  127: 6533,
  128: 6613,
  129: 6668,
  130: 6723,
  131: 6778,
  132: 6834,
  133: 6943,
  134: 6998,
  135: 7049,
  136: 7103,
  137: 7151,
  138: 7204,
  139: 7258,
  140: 7339,
  141: 7390,
  142: 7444,
  143: 7499,
  144: 7559,
  145: 7632,
  146: 7680,
  147: 7727,
};

/** Last stable full versions of the majors before the reduction froze the minor parts. */
const FULL_BEFORE_REDUCTION: Readonly<Record<number, string>> = {
  95: '95.0.4638.69',
  96: '96.0.4664.110',
  97: '97.0.4692.99',
  98: '98.0.4758.102',
  99: '99.0.4844.84',
  100: '100.0.4896.127',
};

/** The newest Chrome major the generator's data set knows (its data ships with the package). */
function newestSampledMajor(): number {
  try {
    const dir = path.dirname(require.resolve('header-generator'));
    const file = path.join(dir, 'data_files', 'browser-helper-file.json');
    const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
    const majors = entries
      .map((entry) => /^chrome\/(\d+)\.0\.0\.0\|/.exec(entry)?.[1])
      .filter((major): major is string => major !== undefined)
      .map(Number);
    return Math.max(...majors, ...Object.keys(CHROME_BRANCHES).map(Number));
  } catch {
    return Math.max(...Object.keys(CHROME_BRANCHES).map(Number));
  }
}

const SAMPLED_MAX = newestSampledMajor();
/** Chrome 144 reached the stable channel on 13 January 2026; a new major follows every 4 weeks. */
const SCHEDULE_ANCHOR = { major: 144, time: Date.UTC(2026, 0, 13) };
const RELEASE_CYCLE_MS = 28 * 86_400_000;

/**
 * The current stable Chrome major: Chrome's 4-week release schedule from a known release, and never
 * older than what the generator's data set has seen (which lags behind by a few releases).
 */
export function currentChromeMajor(now: Date = new Date()): number {
  const scheduled =
    SCHEDULE_ANCHOR.major + Math.floor((now.getTime() - SCHEDULE_ANCHOR.time) / RELEASE_CYCLE_MS);
  return Math.max(scheduled, SAMPLED_MAX);
}

export const CHROME_MAJOR_MIN = BROWSER_VERSION_MIN;

type GeneratorOs = 'windows' | 'macos' | 'linux' | 'android' | 'ios';

const GENERATOR_OS: Record<SystemName, GeneratorOs> = {
  Windows: 'windows',
  MacIntel: 'macos',
  'Linux aarch64': 'linux',
  'Linux armv7l': 'linux',
  'Linux armv8l': 'linux',
  'Linux i686': 'linux',
  'Linux x86_64': 'linux',
  Android: 'android',
  iPhone: 'ios',
  iPad: 'ios',
};

const WEBKIT = 'AppleWebKit/537.36 (KHTML, like Gecko)';
const IOS_WEBKIT = 'AppleWebKit/605.1.15 (KHTML, like Gecko)';

/** What Chrome itself sends on each system (any major); samples must match exactly. */
const TEMPLATES: Record<GeneratorOs, RegExp> = {
  windows:
    /^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/(\d+)\.0\.0\.0 Safari\/537\.36$/,
  macos:
    /^Mozilla\/5\.0 \(Macintosh; Intel Mac OS X 10_15_7\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/(\d+)\.0\.0\.0 Safari\/537\.36$/,
  linux:
    /^Mozilla\/5\.0 \(X11; Linux x86_64\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/(\d+)\.0\.0\.0 Safari\/537\.36$/,
  android:
    /^Mozilla\/5\.0 \(Linux; Android 10; K\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/(\d+)\.0\.0\.0 Mobile Safari\/537\.36$/,
  ios: /^Mozilla\/5\.0 \(iPhone; CPU iPhone OS (\d+)_\d+(?:_\d+)? like Mac OS X\) AppleWebKit\/605\.1\.15 \(KHTML, like Gecko\) CriOS\/(\d+)\.0\.\d+\.\d+ Mobile\/15E148 Safari\/604\.1$/,
};

let generator: HeaderGenerator | undefined;

function sample(os: GeneratorOs, version: number | undefined): string | undefined {
  generator ??= new HeaderGenerator();
  for (let attempt = 0; attempt < 12; attempt++) {
    let userAgent: string | undefined;
    try {
      userAgent = generator.getHeaders({
        browsers: [
          version
            ? { name: 'chrome', minVersion: version, maxVersion: version }
            : { name: 'chrome' },
        ],
        operatingSystems: [os],
        devices: [os === 'android' || os === 'ios' ? 'mobile' : 'desktop'],
        locales: ['en-US'],
      })['user-agent'];
    } catch {
      return undefined;
    }
    const match = userAgent ? TEMPLATES[os].exec(userAgent) : null;
    if (!match || !userAgent) continue;
    const major = Number(os === 'ios' ? match[2] : match[1]);
    // iOS samples must be a current iOS (the data set holds a bogus iOS 11 one).
    if (os === 'ios' && Number(match[1]) < 15) continue;
    if (major < CHROME_MAJOR_MIN || (version && major !== version)) continue;
    return userAgent;
  }
  return undefined;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function branch(major: number): number {
  const known = CHROME_BRANCHES[major];
  if (known) return known;
  // Majors beyond the table: Chromium branches advance by about 55 per major.
  const last = Math.max(...Object.keys(CHROME_BRANCHES).map(Number));
  return (CHROME_BRANCHES[last] ?? 7727) + (major - last) * 55;
}

/** Chrome's version string in the UA of a desktop or Android build of `major`. */
function chromeVersion(major: number): string {
  return major >= 101 ? `${major}.0.0.0` : (FULL_BEFORE_REDUCTION[major] ?? `${major}.0.0.0`);
}

/** The iOS release that was current when Chrome `major` shipped. */
function iosFor(major: number): string {
  if (major <= 105) return pick(['15_6', '15_7']);
  if (major <= 117) return pick(['16_5', '16_6']);
  if (major <= 129) return pick(['17_5', '17_6']);
  if (major <= 141) return pick(['18_5', '18_6']);
  return pick(['26_1', '26_2']);
}

/** A model as it may appear in a UA: no separators, bounded. */
function cleanModel(model: string | undefined): string {
  const cleaned = (model ?? '').replace(/[;()]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 40);
  return cleaned || 'SM-G991B';
}

/** The UA Chrome `major` sends on `system` (with `model` on Android before the reduction). */
export function buildUserAgent(system: SystemName, major: number, model?: string): string {
  const chrome = chromeVersion(major);
  switch (system) {
    case 'Windows':
      return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${WEBKIT} Chrome/${chrome} Safari/537.36`;
    case 'MacIntel':
      return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) ${WEBKIT} Chrome/${chrome} Safari/537.36`;
    case 'Android': {
      const device =
        major >= 110
          ? 'Android 10; K'
          : `Android ${major < 100 ? pick(['11', '12']) : pick(['12', '13'])}; ${cleanModel(model)}`;
      return `Mozilla/5.0 (Linux; ${device}) ${WEBKIT} Chrome/${chrome} Mobile Safari/537.36`;
    }
    case 'iPhone':
    case 'iPad': {
      const full = `${major}.0.${branch(major)}.${40 + Math.floor(Math.random() * 160)}`;
      const device =
        system === 'iPhone'
          ? `iPhone; CPU iPhone OS ${iosFor(major)}`
          : `iPad; CPU OS ${iosFor(major)}`;
      return `Mozilla/5.0 (${device} like Mac OS X) ${IOS_WEBKIT} CriOS/${full} Mobile/15E148 Safari/604.1`;
    }
    default: {
      // Linux: one platform token since the reduction; the real architecture before it.
      const arch = major >= 107 ? 'x86_64' : system.replace(/^Linux /, '');
      return `Mozilla/5.0 (X11; Linux ${arch}) ${WEBKIT} Chrome/${chrome} Safari/537.36`;
    }
  }
}

/** A generated UA, with what it was generated for (the Chrome major chosen when none was asked). */
export interface GeneratedUserAgent {
  userAgent: string;
  system: SystemName;
  version: number;
  model: string;
}

/** The Chrome major a UA names (Chrome/ or CriOS/), or undefined. */
export function chromeMajor(userAgent: string): number | undefined {
  const match = /(?:Chrome|CriOS)\/(\d+)\./.exec(userAgent);
  return match ? Number(match[1]) : undefined;
}

/**
 * A real, current UA of Chrome on `system`: a sample of today's traffic when the generator has one
 * that fits, else Chrome's own format for the major (the requested one, or a current one).
 */
export function randomUserAgent(
  system: SystemName,
  options: { version?: number; model?: string; now?: Date } = {},
): GeneratedUserAgent {
  const os = GENERATOR_OS[system];
  const model = options.model ?? '';
  // Without a Version: today's stable major for most users, one or two behind for the rest.
  const current = currentChromeMajor(options.now);
  const roll = Math.random();
  const version = options.version ?? current - (roll < 0.65 ? 0 : roll < 0.9 ? 1 : 2);
  // iPad and Android-with-a-model UAs differ from the generator's iPhone and reduced samples.
  const sampled =
    version > SAMPLED_MAX || system === 'iPad' || (system === 'Android' && model && version < 110)
      ? undefined
      : sample(os, version);
  return {
    userAgent: sampled ?? buildUserAgent(system, version, model),
    system,
    version,
    model,
  };
}

const PLATFORM_TOKENS: Record<GeneratorOs, RegExp> = {
  windows: /^Windows NT \d+\.\d+(; (Win64; x64|WOW64))?$/,
  macos: /^Macintosh; Intel Mac OS X \d+[_.]\d+([_.]\d+)?$/,
  linux: /^X11; (Linux (x86_64|aarch64|armv7l|armv8l|i686)|CrOS \w+ [\d.]+)$/,
  android: /^Linux; Android \d+(\.\d+)*; .+$/,
  ios: /^(iPhone; CPU iPhone OS|iPad; CPU OS) \d+(_\d+)* like Mac OS X$/,
};

/**
 * Whether `userAgent` is one Chromium could present on `system`: Mozilla/5.0 with the system's
 * platform token, AppleWebKit and a Chrome (or CriOS on iOS) version from CHROME_MAJOR_MIN on.
 * A Firefox or Safari UA, or a Windows UA on an Android environment, is refused (-109).
 */
export function isUserAgentOf(userAgent: string, system: SystemName): boolean {
  if (userAgent.length > 512 || !/^[\x20-\x7e]+$/.test(userAgent)) return false;
  const match = /^Mozilla\/5\.0 \(([^)]+)\) AppleWebKit\/[\d.]+ \(KHTML, like Gecko\) (.+)$/.exec(
    userAgent,
  );
  if (!match?.[1] || !match[2]) return false;
  const os = GENERATOR_OS[system];
  const platform =
    system === 'iPad'
      ? /^(iPad; CPU OS \d+(_\d+)* like Mac OS X|Macintosh; Intel Mac OS X \d+[_.]\d+([_.]\d+)?)$/
      : PLATFORM_TOKENS[os];
  if (!platform.test(match[1])) return false;
  const browser = os === 'ios' ? /\bCriOS\/(\d+)\.[\d.]+ / : /\bChrome\/(\d+)\.[\d.]+ /;
  const major = Number(browser.exec(`${match[2]} `)?.[1] ?? 0);
  if (major < CHROME_MAJOR_MIN || major > currentChromeMajor() + 1) return false;
  const mobile = /\bMobile\b/.test(match[2]);
  return isMobileSystem(system) ? mobile || system === 'iPad' : !mobile;
}
