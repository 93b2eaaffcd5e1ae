/**
 * The fingerprint of an environment: generated once from real-world distributions (Apify's
 * fingerprint-generator, a Bayesian network trained on real traffic), constrained to the
 * environment's system, model, screen and language, stored in `env_fingerprint`, and kept until
 * one of those inputs changes (the user asks for another look by changing them).
 *
 * What depends on the browser that runs it is derived at each start instead of stored: the user
 * agent names the real engine's major (a Chrome 147 UA on a 156 engine is a lie detectors find),
 * and the client hints carry the engine's full version with Chrome's own brand list for it.
 */
import { createHash, randomInt } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { isMobileSystem, parseResolution, type SystemName } from '@hainiao/contract';
import { FingerprintGenerator } from 'fingerprint-generator';
import { DEFAULT_RESOLUTIONS } from '../domain/environment.ts';
import type { EnvironmentRecord } from '../store/environments.ts';

export interface StoredFingerprint {
  version: 1;
  /** What the fingerprint was made for; a different basis makes a new one. */
  basis: string;
  /** Seeds the canvas, WebGL-image and audio noise (different per environment). */
  seed: number;
  navigatorPlatform: string;
  hardwareConcurrency: number;
  deviceMemory: number;
  maxTouchPoints: number;
  screen: {
    width: number;
    height: number;
    availWidth: number;
    availHeight: number;
    colorDepth: number;
    devicePixelRatio: number;
  };
  webgl: { vendor: string; renderer: string };
  /** Client-hint platform fields (Sec-CH-UA-Platform…, navigator.userAgentData). */
  uaPlatform: {
    platform: string;
    platformVersion: string;
    architecture: string;
    bitness: string;
    model: string;
    mobile: boolean;
    wow64: boolean;
  };
  /** Installed font families this environment does not show (engine-level, via fontconfig). */
  hiddenFonts: string[];
}

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

const NAVIGATOR_PLATFORM: Record<SystemName, string> = {
  Windows: 'Win32',
  MacIntel: 'MacIntel',
  'Linux aarch64': 'Linux aarch64',
  'Linux armv7l': 'Linux armv7l',
  'Linux armv8l': 'Linux armv8l',
  'Linux i686': 'Linux i686',
  'Linux x86_64': 'Linux x86_64',
  Android: 'Linux armv8l',
  iPhone: 'iPhone',
  iPad: 'iPad',
};

/** Device pixel ratios of common models; others get their platform's usual ratio. */
const MODEL_DPR: [RegExp, number][] = [
  [/pixel\s*[78]|pixel\s*9/i, 2.625],
  [/pixel/i, 2.75],
  [/SM-S9|SM-G99|galaxy s2/i, 3],
  [/SM-A|galaxy a/i, 2.625],
  [/iphone\s*(1[2-6]|x)/i, 3],
  [/iphone\s*(se|8|7|6)/i, 2],
  [/ipad/i, 2],
];

function modelDpr(system: SystemName, model: string): number {
  for (const [pattern, dpr] of MODEL_DPR) if (pattern.test(model)) return dpr;
  if (system === 'iPhone') return 3;
  if (system === 'iPad') return 2;
  return 2.625;
}

/** Fonts every environment keeps (the generic families sites fall back to). */
const ESSENTIAL_FONTS = /^(DejaVu Sans|Liberation (Sans|Serif|Mono)|Noto Sans CJK SC)$/;

let generator: FingerprintGenerator | undefined;
/** Loads the generator's network in the background (about 0.3 s), so a first start does not wait. */
export function warmUpGenerator(): void {
  setTimeout(() => {
    generator ??= new FingerprintGenerator();
  }, 0).unref();
}

export function basisOf(record: EnvironmentRecord): string {
  const s = record.settings;
  const ua = record.userAgent.replace(/(Chrome|CriOS)\/[\d.]+/, '$1');
  return createHash('sha256')
    .update(
      JSON.stringify([
        record.system,
        ua,
        s.resolution,
        s.MobileModel,
        s.LanguageCode.split('-')[0] ?? '',
      ]),
    )
    .digest('hex')
    .slice(0, 16);
}

function screenOf(record: EnvironmentRecord): { width: number; height: number } {
  const system = record.system as SystemName;
  const size =
    parseResolution(record.settings.resolution) ??
    parseResolution(DEFAULT_RESOLUTIONS[system] ?? '1920x1080');
  return size ?? { width: 1920, height: 1080 };
}

interface GeneratedFingerprint {
  screen?: { availWidth?: number; availHeight?: number; width?: number; height?: number };
  navigator?: {
    hardwareConcurrency?: number;
    deviceMemory?: number;
    maxTouchPoints?: number;
    userAgentData?: { platformVersion?: string; architecture?: string; bitness?: string };
  };
  videoCard?: { vendor?: string; renderer?: string };
}

/** A new fingerprint for `record` (fonts: the installed families it may hide). */
export function generateFingerprint(
  record: EnvironmentRecord,
  installedFonts: readonly string[] = [],
): StoredFingerprint {
  const system = (record.system as SystemName) || 'Windows';
  const os = GENERATOR_OS[system] ?? 'windows';
  const mobile = isMobileSystem(system);
  const { width, height } = screenOf(record);
  const language = record.settings.LanguageCode || 'en-US';
  generator ??= new FingerprintGenerator();
  const base = {
    browsers: [{ name: 'chrome' as const }],
    operatingSystems: [os],
    devices: [mobile ? ('mobile' as const) : ('desktop' as const)],
    locales: [language],
  };
  let generated: GeneratedFingerprint = {};
  for (const options of [
    { ...base, screen: { minWidth: width, maxWidth: width, minHeight: height, maxHeight: height } },
    base,
    { ...base, locales: ['en-US'] },
  ]) {
    try {
      generated = generator.getFingerprint(options).fingerprint as GeneratedFingerprint;
      break;
    } catch {
      // no sample fits these constraints: loosen them
    }
  }
  const nav = generated.navigator ?? {};
  const sameScreen = generated.screen?.width === width && generated.screen?.height === height;
  const taskbar = system === 'Windows' ? 48 : system === 'MacIntel' ? 25 : 0;
  const availHeight =
    sameScreen && generated.screen?.availHeight
      ? generated.screen.availHeight
      : mobile
        ? height
        : height - taskbar;
  const hardwareConcurrency = [2, 4, 6, 8, 10, 12, 16, 20, 24, 32].includes(
    nav.hardwareConcurrency ?? 0,
  )
    ? (nav.hardwareConcurrency as number)
    : [4, 8, 8, 12, 16][randomInt(5)]!;
  const deviceMemory = [0.5, 1, 2, 4, 8].includes(nav.deviceMemory ?? 0)
    ? (nav.deviceMemory as number)
    : 8;
  const seed = randomInt(1, 2 ** 31 - 1);
  // Hide about a quarter of the optional installed families, chosen per environment.
  const optional = installedFonts.filter((family) => !ESSENTIAL_FONTS.test(family));
  const hiddenFonts = optional.filter((_, index) => hash32(seed, index) % 4 === 0);
  const platformVersion =
    nav.userAgentData?.platformVersion ??
    (system === 'Windows' ? '10.0.0' : system === 'MacIntel' ? '14.6.1' : '');
  const arm = /aarch64|armv/.test(system) || system === 'Android';
  return {
    version: 1,
    basis: basisOf(record),
    seed,
    navigatorPlatform: NAVIGATOR_PLATFORM[system] ?? 'Win32',
    hardwareConcurrency,
    deviceMemory,
    maxTouchPoints: mobile ? 5 : 0,
    screen: {
      width,
      height,
      availWidth: width,
      availHeight,
      colorDepth: 24,
      devicePixelRatio: mobile ? modelDpr(system, record.settings.MobileModel) : 1,
    },
    webgl: {
      vendor: generated.videoCard?.vendor || defaultWebgl(os).vendor,
      renderer: generated.videoCard?.renderer || defaultWebgl(os).renderer,
    },
    uaPlatform: {
      platform:
        os === 'windows'
          ? 'Windows'
          : os === 'macos'
            ? 'macOS'
            : os === 'android'
              ? 'Android'
              : os === 'ios'
                ? 'iOS'
                : 'Linux',
      platformVersion: os === 'android' ? platformVersion || '13.0.0' : platformVersion,
      architecture: arm ? 'arm' : 'x86',
      bitness: system === 'Linux i686' || system === 'Linux armv7l' ? '32' : '64',
      model: os === 'android' ? record.settings.MobileModel || 'K' : '',
      mobile,
      wow64: false,
    },
    hiddenFonts,
  };
}

function defaultWebgl(os: GeneratorOs): { vendor: string; renderer: string } {
  switch (os) {
    case 'macos':
      return {
        vendor: 'Google Inc. (Apple)',
        renderer: 'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)',
      };
    case 'android':
      return { vendor: 'Qualcomm', renderer: 'Adreno (TM) 640' };
    case 'ios':
      return { vendor: 'Apple Inc.', renderer: 'Apple GPU' };
    case 'linux':
      return {
        vendor: 'Google Inc. (Intel)',
        renderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      };
    default:
      return {
        vendor: 'Google Inc. (Intel)',
        renderer:
          'ANGLE (Intel, Intel(R) UHD Graphics 630 (0x00003E9B) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      };
  }
}

/** A 32-bit mix of a seed and an index (the noise scripts use the same function). */
export function hash32(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** The environment's stored fingerprint, made (and stored) when missing or made for other inputs. */
export function fingerprintStore(db: SQLite.Database) {
  const read = db.prepare<[string], { data: string }>(
    'select data from env_fingerprint where env_id = ?',
  );
  const write = db.prepare<[string, string, number]>(`
    insert into env_fingerprint (env_id, data, created_at) values (?, ?, ?)
    on conflict (env_id) do update set data = excluded.data, created_at = excluded.created_at`);
  return {
    get(id: string): StoredFingerprint | undefined {
      const row = read.get(id);
      return row ? (JSON.parse(row.data) as StoredFingerprint) : undefined;
    },
    ensure(record: EnvironmentRecord, installedFonts: readonly string[] = []): StoredFingerprint {
      const stored = this.get(record.id);
      if (stored && stored.version === 1 && stored.basis === basisOf(record)) return stored;
      const fresh = generateFingerprint(record, installedFonts);
      write.run(record.id, JSON.stringify(fresh), Date.now());
      return fresh;
    },
  };
}
export type FingerprintStore = ReturnType<typeof fingerprintStore>;

// --- What depends on the engine that runs the environment ---

export interface Brand {
  brand: string;
  version: string;
}

/**
 * Chrome's brand list for a major (components/embedder_support/user_agent_utils.cc): a GREASE
 * brand, "Chromium" and "Google Chrome" in an order and spelling that the major seeds.
 */
export function chromeBrands(major: number, fullVersion?: string): Brand[] {
  const chars = [' ', '(', ':', '-', '.', '/', ')', ';', '=', '?', '_'];
  const greaseVersions = ['8', '99', '24'];
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  const order = orders[major % 6]!;
  const greaseMajor = greaseVersions[major % 3]!;
  const version = fullVersion ?? String(major);
  const grease: Brand = {
    brand: `Not${chars[major % 11]}A${chars[(major + 1) % 11]}Brand`,
    version: fullVersion ? `${greaseMajor}.0.0.0` : greaseMajor,
  };
  const list: Brand[] = [];
  list[order[0]!] = grease;
  list[order[1]!] = { brand: 'Chromium', version };
  list[order[2]!] = { brand: 'Google Chrome', version };
  return list;
}

export interface Engine {
  major: number;
  /** '156.0.8078.79' */
  version: string;
}

/** The environment's UA with the engine's version (reduced form MAJOR.0.0.0; CriOS full). */
export function engineUserAgent(userAgent: string, engine: Engine): string {
  return userAgent
    .replace(/Chrome\/[\d.]+/, `Chrome/${engine.major}.0.0.0`)
    .replace(/CriOS\/[\d.]+/, `CriOS/${engine.version}`)
    .replace(/HeadlessChrome/, 'Chrome');
}

/** Emulation.setUserAgentOverride's userAgentMetadata (undefined on iOS: CriOS sends none). */
export function userAgentMetadata(fingerprint: StoredFingerprint, engine: Engine) {
  if (fingerprint.uaPlatform.platform === 'iOS') return undefined;
  const { platform, platformVersion, architecture, bitness, model, mobile, wow64 } =
    fingerprint.uaPlatform;
  return {
    brands: chromeBrands(engine.major),
    fullVersionList: chromeBrands(engine.major, engine.version),
    fullVersion: engine.version,
    platform,
    platformVersion,
    architecture,
    model,
    mobile,
    bitness,
    wow64,
  };
}

/** '"Brand";v="1", …' as Sec-CH-UA carries it. */
export function secChUa(brands: readonly Brand[]): string {
  return brands.map((b) => `"${b.brand}";v="${b.version}"`).join(', ');
}
