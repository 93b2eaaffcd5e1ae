/**
 * The fingerprint of an environment: generated once, stored in `env_fingerprint`, and kept until
 * one of its inputs changes (the user asks for another look by changing them).
 *
 * A lie is worse than sameness (docs/browser-runtime.md): every value here is presented natively by
 * the engine, through command-line flags, the environment's own fontconfig and DevTools
 * overrides, never by a script. What only a script could change (hardware concurrency, device
 * memory, WebGL vendor and renderer, canvas and audio read-backs) keeps the machine's real value.
 * Environments differ through native levers instead: font rendering (hinting), the generic font
 * families and the installed font set (fontconfig), the screen, its work area and pixel ratio, the
 * colour scheme, languages and time zone.
 *
 * What depends on the browser that runs it is derived at each start instead of stored: the user
 * agent names the real engine's major, and the client hints carry the engine's own brand list.
 */
import { createHash, randomInt } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { isMobileSystem, parseResolution, type SystemName } from '@hainiao/contract';
import { FingerprintGenerator } from 'fingerprint-generator';
import { DEFAULT_RESOLUTIONS } from '../../model/resolutions.ts';
import type { EnvironmentRecord } from '../../model/environment.ts';
import {
  FAMILY_CANDIDATES,
  FONT_FAMILY,
  parseStoredFingerprint,
  PLATFORM_VERSION,
  type HINT_STYLES,
  type NAVIGATOR_PLATFORMS,
} from './fingerprint-schema.ts';

/** How glyphs are rasterised (fontconfig): each choice draws canvas text differently. */
export interface FontRendering {
  hintstyle: (typeof HINT_STYLES)[number];
  autohint: boolean;
}

/** The families the generic CSS names resolve to (fontconfig `prefer`), among installed ones. */
export interface FontFamilies {
  sans?: string;
  serif?: string;
  mono?: string;
}

export interface StoredFingerprint {
  version: 2;
  /** What the fingerprint was made for; a different basis makes a new one. */
  basis: string;
  /** Seeds the opt-in read-back noise (fingerprintNoise) and the hidden-font choice. */
  seed: number;
  /** Shown in pages only, and only for a system other than the host's (host.ts). */
  navigatorPlatform: string;
  maxTouchPoints: number;
  /** The screen in CSS pixels, its pixel ratio and the taskbar or menu bar (CSS pixels). */
  screen: {
    width: number;
    height: number;
    devicePixelRatio: number;
    colorDepth: number;
    insetTop: number;
    insetBottom: number;
  };
  colorScheme: 'light' | 'dark';
  /** Canvas lever (fingerprintSetting a). */
  rendering: FontRendering;
  /** Font levers (fingerprintSetting d): generic families and the families not shown. */
  families: FontFamilies;
  hiddenFonts: string[];
  /** Client-hint platform fields for a non-host system (Sec-CH-UA-Platform…, userAgentData). */
  uaPlatform: {
    platform: string;
    platformVersion: string;
    architecture: string;
    bitness: string;
    model: string;
    mobile: boolean;
    wow64: boolean;
  };
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

const NAVIGATOR_PLATFORM: Record<SystemName, (typeof NAVIGATOR_PLATFORMS)[number]> = {
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

/**
 * The pixel ratio a desktop screen of this CSS size has: Windows laptops scale 1920×1080 panels
 * by 125 % (1536×864) or 150 % (1280×720), 2560×1440 by 150 % (1707×960); Mac screens are
 * Retina (2) except the common external 1080p and 1440p monitors.
 */
export function desktopDpr(system: SystemName, width: number, height: number): number {
  const size = `${width}x${height}`;
  if (system === 'MacIntel') return ['1920x1080', '2560x1440'].includes(size) ? 1 : 2;
  if (system === 'Windows') {
    if (size === '1536x864' || size === '1536x960') return 1.25;
    if (['1280x720', '1280x800', '1707x960', '1707x1067'].includes(size)) return 1.5;
  }
  return 1;
}

/** The taskbar (Windows 11, 48 px at the bottom), menu bar (macOS, 25 px) or top bar (GNOME). */
function screenInsets(system: SystemName): { insetTop: number; insetBottom: number } {
  if (isMobileSystem(system)) return { insetTop: 0, insetBottom: 0 };
  if (system === 'Windows') return { insetTop: 0, insetBottom: 48 };
  if (system === 'MacIntel') return { insetTop: 25, insetBottom: 0 };
  return { insetTop: 32, insetBottom: 0 };
}

/** Hinting choices that rasterise differently (measured: hintmedium draws as hintfull). */
export const RENDERINGS: FontRendering[] = [
  { hintstyle: 'hintslight', autohint: false },
  { hintstyle: 'hintfull', autohint: false },
  { hintstyle: 'hintnone', autohint: false },
  { hintstyle: 'hintfull', autohint: true },
];

/** Fonts every environment keeps (the generic families sites fall back to). */
const ESSENTIAL_FONTS = /^(DejaVu Sans|Liberation (Sans|Serif|Mono)|Noto Sans CJK SC)$/;

/** One native look: the rendering and family choice an environment is given. */
export interface Look {
  rendering: FontRendering;
  families: FontFamilies;
}

/**
 * Every look this machine's fonts allow (renderings × generic families), in the order new
 * environments take them (`spread`).
 */
export function looks(installedFonts: readonly string[]): Look[] {
  const key = installedFonts.join('\n');
  if (lastLooks?.key === key) return lastLooks.looks;
  const installed = new Set(installedFonts);
  const options = (kind: keyof FontFamilies) => {
    const found: string[] = FAMILY_CANDIDATES[kind].filter((family) => installed.has(family));
    return found.length > 0 ? found : [undefined];
  };
  const all: Look[] = [];
  for (const serif of options('serif')) {
    for (const mono of options('mono')) {
      for (const sans of options('sans')) {
        for (const rendering of RENDERINGS) {
          const families: FontFamilies = {};
          if (sans) families.sans = sans;
          if (serif) families.serif = serif;
          if (mono) families.mono = mono;
          all.push({ rendering, families });
        }
      }
    }
  }
  lastLooks = { key, looks: spread(all) };
  return lastLooks.looks;
}
let lastLooks: { key: string; looks: Look[] } | undefined;

/** A look's levers: the rendering and each generic family. */
const leversOf = (look: Look): string[] => [
  `${look.rendering.hintstyle}/${look.rendering.autohint}`,
  look.families.sans ?? '',
  look.families.serif ?? '',
  look.families.mono ?? '',
];

/**
 * Orders looks so that the first environments differ where detectors measure: first a canvas
 * text that is new (FingerprintJS draws in "Times New Roman" and Arial, so the rendering, serif
 * and sans families), then a set of families that is new (its font-preference widths), then as
 * many levers as possible unlike every look before (greedy; a few dozen looks per machine).
 */
function spread(all: readonly Look[]): Look[] {
  const left = all.map((look) => ({ look, levers: leversOf(look) }));
  const ordered: typeof left = [];
  const canvases = new Set<string>();
  const familySets = new Set<string>();
  while (left.length > 0) {
    let best = 0;
    let bestScore: number[] = [];
    for (const [index, { levers }] of left.entries()) {
      const [rendering, sans, serif, mono] = levers;
      const distances = ordered.map(
        (other) => levers.filter((lever, i) => lever !== other.levers[i]).length,
      );
      const score = [
        canvases.has(`${rendering}|${sans}|${serif}`) ? 0 : 1,
        familySets.has(`${sans}|${serif}|${mono}`) ? 0 : 1,
        distances.length > 0 ? Math.min(...distances) : 0,
        distances.reduce((sum, distance) => sum + distance, 0),
      ];
      const better = score.findIndex((value, i) => value !== (bestScore[i] ?? -1));
      if (better >= 0 && score[better]! > (bestScore[better] ?? -1)) {
        best = index;
        bestScore = score;
      }
    }
    const [chosen] = left.splice(best, 1);
    const [rendering, sans, serif, mono] = chosen!.levers;
    canvases.add(`${rendering}|${sans}|${serif}`);
    familySets.add(`${sans}|${serif}|${mono}`);
    ordered.push(chosen!);
  }
  return ordered.map(({ look }) => look);
}

export const lookKey = (look: Look): string =>
  JSON.stringify([
    look.rendering.hintstyle,
    look.rendering.autohint,
    look.families.sans ?? '',
    look.families.serif ?? '',
    look.families.mono ?? '',
  ]);

/**
 * The look for a new environment: the one fewest environments of this machine have, the
 * earliest in `candidates` (ordered by `looks`) among those.
 */
export function chooseLook(candidates: readonly Look[], used: ReadonlyMap<string, number>): Look {
  let best: Look | undefined;
  let fewest = Infinity;
  for (const look of candidates) {
    const count = used.get(lookKey(look)) ?? 0;
    if (count < fewest) {
      fewest = count;
      best = look;
    }
  }
  return best ?? { rendering: RENDERINGS[0]!, families: {} };
}

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
      // Not the language: it follows the proxy (automaticConfigure) and changes no native lever.
      JSON.stringify([record.system, ua, s.resolution, s.mobileModel]),
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

/**
 * The platformVersion client hint from the generator's sample. Its samples sometimes carry the UA
 * string's form ('10_15_7'), which Chromium never sends: only dotted versions are kept, anything
 * else is the system's usual value.
 */
export function clientHintVersion(sampled: string | undefined, system: string): string {
  if (sampled !== undefined && PLATFORM_VERSION.test(sampled)) return sampled;
  return system === 'Windows' ? '10.0.0' : system === 'MacIntel' ? '14.6.1' : '';
}

interface GeneratedFingerprint {
  navigator?: {
    userAgentData?: { platformVersion?: string; architecture?: string; bitness?: string };
  };
}

/**
 * A new fingerprint for `record`. `installedFonts` are the machine's font families; `used` counts
 * the looks the machine's other environments have (chooseLook).
 */
export function generateFingerprint(
  record: EnvironmentRecord,
  installedFonts: readonly string[] = [],
  used: ReadonlyMap<string, number> = new Map(),
): StoredFingerprint {
  const system = (record.system as SystemName) || 'Windows';
  const os = GENERATOR_OS[system] ?? 'windows';
  const mobile = isMobileSystem(system);
  const { width, height } = screenOf(record);
  const language = record.settings.languageCode || 'en-US';
  generator ??= new FingerprintGenerator();
  const base = {
    browsers: [{ name: 'chrome' as const }],
    operatingSystems: [os],
    devices: [mobile ? ('mobile' as const) : ('desktop' as const)],
    locales: [language],
  };
  let generated: GeneratedFingerprint = {};
  for (const options of [base, { ...base, locales: ['en-US'] }]) {
    try {
      generated = generator.getFingerprint(options).fingerprint as GeneratedFingerprint;
      break;
    } catch {
      // no sample fits these constraints: loosen them
    }
  }
  const nav = generated.navigator ?? {};
  const seed = randomInt(1, 2 ** 31 - 1);
  const look = chooseLook(looks(installedFonts), used);
  const chosen = new Set(Object.values(look.families));
  // Hide about a quarter of the optional installed families, chosen per environment.
  // Only names the schema takes: a stored fingerprint that fails it is made again at every start.
  const optional = installedFonts.filter(
    (family) => !ESSENTIAL_FONTS.test(family) && !chosen.has(family) && FONT_FAMILY.test(family),
  );
  const hiddenFonts = optional.filter((_, index) => hash32(seed, index) % 4 === 0);
  const platformVersion = clientHintVersion(nav.userAgentData?.platformVersion, system);
  const arm = /aarch64|armv/.test(system) || system === 'Android';
  return {
    version: 2,
    basis: basisOf(record),
    seed,
    navigatorPlatform: NAVIGATOR_PLATFORM[system] ?? 'Win32',
    maxTouchPoints: mobile ? 5 : 0,
    screen: {
      width,
      height,
      devicePixelRatio: mobile
        ? modelDpr(system, record.settings.mobileModel)
        : desktopDpr(system, width, height),
      colorDepth: 24,
      ...screenInsets(system),
    },
    // About one desktop user in six prefers a dark theme.
    colorScheme: hash32(seed, 0x5eed) % 6 === 0 ? 'dark' : 'light',
    rendering: look.rendering,
    families: look.families,
    hiddenFonts,
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
      model: os === 'android' ? record.settings.mobileModel || 'K' : '',
      mobile,
      wow64: false,
    },
  };
}

/** A 32-bit mix of a seed and an index (the noise script uses the same function). */
export function hash32(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The fingerprint as this machine uses it: generic and hidden families it has installed only (a
 * fingerprint made on another machine may name others). Unchanged when the installed list is
 * unknown (empty): the names passed the schema and are escaped where they are written.
 */
function onThisMachine(
  fingerprint: StoredFingerprint,
  installedFonts: readonly string[],
): StoredFingerprint {
  if (installedFonts.length === 0) return fingerprint;
  const installed = new Set(installedFonts);
  const families: FontFamilies = {};
  for (const kind of ['sans', 'serif', 'mono'] as const) {
    const family = fingerprint.families[kind];
    if (family && installed.has(family)) families[kind] = family;
  }
  return {
    ...fingerprint,
    families,
    hiddenFonts: fingerprint.hiddenFonts.filter((family) => installed.has(family)),
  };
}

/**
 * The environment's stored fingerprint, made (and stored) when missing, made for other inputs, or
 * not passing the schema (fingerprint-schema.ts: it travels with the environment and may have
 * been written by another account).
 */
export function fingerprintStore(db: SQLite.Database) {
  const read = db.prepare<[string], { data: string }>(
    'select data from env_fingerprint where env_id = ?',
  );
  const readAll = db.prepare<[string], { data: string }>(
    'select data from env_fingerprint where env_id <> ?',
  );
  const write = db.prepare<[string, string, number]>(`
    insert into env_fingerprint (env_id, data, created_at) values (?, ?, ?)
    on conflict (env_id) do update set data = excluded.data, created_at = excluded.created_at`);
  /**
   * How many of the machine's other environments have each look. All of them, whatever their
   * screen: canvas text and font widths do not depend on the screen.
   */
  const usedLooks = (id: string) => {
    const used = new Map<string, number>();
    for (const row of readAll.iterate(id)) {
      const other = parseStoredFingerprint(row.data);
      if (!other) continue;
      const key = lookKey({ rendering: other.rendering, families: other.families });
      used.set(key, (used.get(key) ?? 0) + 1);
    }
    return used;
  };
  return {
    /** The stored fingerprint; undefined when missing or not passing the schema. */
    get(id: string): StoredFingerprint | undefined {
      const row = read.get(id);
      return row ? parseStoredFingerprint(row.data) : undefined;
    },
    ensure(record: EnvironmentRecord, installedFonts: readonly string[] = []): StoredFingerprint {
      const stored = this.get(record.id);
      if (stored && stored.basis === basisOf(record)) return onThisMachine(stored, installedFonts);
      const fresh = generateFingerprint(record, installedFonts, usedLooks(record.id));
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
 * The brand list of a Chromium build for a major (components/embedder_support/
 * user_agent_utils.cc): a GREASE brand, "Chromium" and the product's brand ("Google Chrome",
 * "Microsoft Edge"; none for Chromium itself) in an order and spelling that the major seeds.
 */
export function chromeBrands(
  major: number,
  fullVersion?: string,
  product: string | null = 'Google Chrome',
): Brand[] {
  const chars = [' ', '(', ':', '-', '.', '/', ')', ';', '=', '?', '_'];
  const greaseVersions = ['8', '99', '24'];
  const version = fullVersion ?? String(major);
  const greaseMajor = greaseVersions[major % 3]!;
  const grease: Brand = {
    brand: `Not${chars[major % 11]}A${chars[(major + 1) % 11]}Brand`,
    version: fullVersion ? `${greaseMajor}.0.0.0` : greaseMajor,
  };
  const chromium: Brand = { brand: 'Chromium', version };
  if (!product) return major % 2 === 0 ? [grease, chromium] : [chromium, grease];
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  const order = orders[major % 6]!;
  const list: Brand[] = [];
  list[order[0]!] = grease;
  list[order[1]!] = chromium;
  list[order[2]!] = { brand: product, version };
  return list;
}

/** The product brand of the browser at `path` (null for Chromium, which has none of its own). */
export function productBrand(path: string): string | null {
  if (/edge/i.test(path)) return 'Microsoft Edge';
  if (/chromium/i.test(path)) return null;
  return /chrome/i.test(path) ? 'Google Chrome' : null;
}

export interface Engine {
  major: number;
  /** '156.0.8078.79' */
  version: string;
  /** The product brand of its client hints (productBrand). */
  product: string | null;
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
    brands: chromeBrands(engine.major, undefined, engine.product),
    fullVersionList: chromeBrands(engine.major, engine.version, engine.product),
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
