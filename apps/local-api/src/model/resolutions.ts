/**
 * Screens per system: what a new environment gets when it names none, and what the runtime falls
 * back to when a stored resolution is unusable.
 */
import { isResolution, type SystemName } from '@hainiao/contract';

/** A screen each system commonly has, when the caller names none. */
export const DEFAULT_RESOLUTIONS: Readonly<Record<SystemName, string>> = {
  Windows: '1920x1080',
  MacIntel: '1440x900',
  'Linux aarch64': '1920x1080',
  'Linux armv7l': '1920x1080',
  'Linux armv8l': '1920x1080',
  'Linux i686': '1920x1080',
  'Linux x86_64': '1920x1080',
  Android: '412x915',
  iPhone: '390x844',
  iPad: '820x1180',
};

/**
 * Common desktop screens per system, most common first (Windows: StatCounter's desktop list with
 * the 125 % and 150 % scaled laptop panels; Mac: the built-in Retina panels and external
 * monitors). A new environment that names no resolution takes the next one in turn, so the
 * environments of one account spread over real screens (screen size is a native lever).
 */
export const COMMON_RESOLUTIONS: Readonly<Partial<Record<SystemName, readonly string[]>>> = {
  Windows: [
    '1920x1080',
    '1536x864',
    '1366x768',
    '1280x720',
    '1440x900',
    '1600x900',
    '2560x1440',
    '1680x1050',
    '1920x1200',
    '1280x800',
  ],
  MacIntel: ['1440x900', '1512x982', '1728x1117', '1470x956', '1280x800', '1920x1080', '2560x1440'],
  'Linux x86_64': [
    '1920x1080',
    '1366x768',
    '2560x1440',
    '1600x900',
    '1440x900',
    '1680x1050',
    '1920x1200',
    '1280x1024',
  ],
};

/** The screen of a new environment that names none: the `index`-th common one of its system. */
export function defaultResolution(system: SystemName, index: number): string {
  const common = (COMMON_RESOLUTIONS[system] ?? []).filter((size) => isResolution(size));
  return common.length > 0 ? common[index % common.length]! : DEFAULT_RESOLUTIONS[system];
}
