/**
 * The stored fingerprint (runtime/fingerprint/fingerprint.ts `StoredFingerprint`) as a strict schema. It
 * travels in an environment's snapshot (`usage.fingerprint`), so it may have been written by
 * another account: its values reach the environment's fontconfig file, the command line and the
 * DevTools overrides, and are only used once they pass here (enums for what is chosen from a
 * list, plain names for font families, numbers in range). What needs the machine (which families
 * are installed) is applied on top where the fingerprint is used (`fingerprintStore.ensure`).
 * No import of the generator: the snapshot check imports this file too.
 */
import { z } from 'zod';
import type { StoredFingerprint } from './fingerprint.ts';

/** Hinting choices that rasterise differently (fontconfig `hintstyle` constants). */
export const HINT_STYLES = ['hintnone', 'hintslight', 'hintfull'] as const;

/** Candidates for the generic families, in order of how common they are on desktops. */
export const FAMILY_CANDIDATES = {
  sans: ['Liberation Sans', 'DejaVu Sans', 'Noto Sans', 'Ubuntu', 'Cantarell'],
  serif: ['Liberation Serif', 'DejaVu Serif', 'Noto Serif'],
  mono: ['Liberation Mono', 'DejaVu Sans Mono', 'Noto Sans Mono', 'Ubuntu Mono'],
} as const;

/** `navigator.platform` of each system a fingerprint may present. */
export const NAVIGATOR_PLATFORMS = [
  'Win32',
  'MacIntel',
  'Linux aarch64',
  'Linux armv7l',
  'Linux armv8l',
  'Linux i686',
  'Linux x86_64',
  'iPhone',
  'iPad',
] as const;

/** Client-hint platforms (Sec-CH-UA-Platform). */
export const UA_PLATFORMS = ['Windows', 'macOS', 'Linux', 'Android', 'iOS'] as const;

/**
 * A font family as fontconfig names it: letters (any script), digits, spaces and the few marks
 * real family names use. No markup, quotes, commas, slashes or control characters.
 */
export const FONT_FAMILY = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._'+()-]{0,127}$/u;

/** Families a fingerprint may hide: more than any machine has installed is no fingerprint. */
export const HIDDEN_FONTS_MAX = 2000;

const family = z.string().regex(FONT_FAMILY);
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** Client hints' platformVersion: dotted numbers, as Chromium sends them (or empty). */
export const PLATFORM_VERSION = /^(\d{1,5}(\.\d{1,5}){0,3})?$/;

export const storedFingerprintSchema = z.strictObject({
  version: z.literal(2),
  basis: z.string().regex(/^[0-9a-f]{16}$/),
  seed: int(1, 2 ** 31 - 1),
  navigatorPlatform: oneOf(NAVIGATOR_PLATFORMS),
  maxTouchPoints: int(0, 10),
  screen: z.strictObject({
    width: int(1, 99_999),
    height: int(1, 99_999),
    devicePixelRatio: z.number().min(0.5).max(5),
    colorDepth: int(1, 48),
    insetTop: int(0, 1000),
    insetBottom: int(0, 1000),
  }),
  colorScheme: z.enum(['light', 'dark']),
  rendering: z.strictObject({ hintstyle: oneOf(HINT_STYLES), autohint: z.boolean() }),
  families: z.strictObject({
    sans: oneOf(FAMILY_CANDIDATES.sans).optional(),
    serif: oneOf(FAMILY_CANDIDATES.serif).optional(),
    mono: oneOf(FAMILY_CANDIDATES.mono).optional(),
  }),
  hiddenFonts: z.array(family).max(HIDDEN_FONTS_MAX),
  uaPlatform: z.strictObject({
    platform: oneOf(UA_PLATFORMS),
    platformVersion: z.string().regex(PLATFORM_VERSION),
    architecture: z.enum(['x86', 'arm']),
    bitness: z.enum(['32', '64']),
    // The environment's mobile model (its settings allow 64 characters of text).
    model: z
      .string()
      .max(64)
      .regex(/^[^\p{Cc}]*$/u),
    mobile: z.boolean(),
    wow64: z.boolean(),
  }),
});

/**
 * The stored fingerprint's JSON text as a fingerprint to use, or undefined when it is not JSON or
 * fails the schema (the caller makes a new one).
 */
export function parseStoredFingerprint(text: string): StoredFingerprint | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = storedFingerprintSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
