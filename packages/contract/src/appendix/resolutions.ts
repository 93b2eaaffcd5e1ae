/**
 * Screen resolutions an environment can present:
 * 'WIDTHxHEIGHT' in CSS pixels, from 303x665 to 5120x1440, ordered by width then height.
 * Phones and tablets are listed in portrait, as `screen.width` x `screen.height` reports them.
 */
export const RESOLUTIONS = [
  '303x665',
  '320x568', // iPhone SE (1st gen), iPhone 5
  '360x640', // Galaxy S5, many Android phones
  '360x740', // Galaxy S8, S9
  '360x780', // Galaxy S21, S22
  '360x800', // Galaxy A51, A71
  '375x667', // iPhone 6, 7, 8, SE (2nd and 3rd gen)
  '375x812', // iPhone X, XS, 11 Pro, 12 mini, 13 mini
  '384x854', // Galaxy A series
  '390x844', // iPhone 12, 13, 14
  '393x851', // Pixel 5
  '393x852', // iPhone 14 Pro, 15, 15 Pro, 16
  '393x873', // Pixel 8
  '402x874', // iPhone 16 Pro
  '411x914', // Pixel 6 Pro, 7 Pro
  '412x892', // Galaxy S10+
  '412x915', // Pixel 6, 7, Galaxy S20 Ultra
  '414x736', // iPhone 6 Plus, 7 Plus, 8 Plus
  '414x896', // iPhone XR, XS Max, 11, 11 Pro Max
  '428x926', // iPhone 12 Pro Max, 13 Pro Max, 14 Plus
  '430x932', // iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus
  '440x956', // iPhone 16 Pro Max
  '600x1024', // 7" Android tablets
  '744x1133', // iPad mini (6th gen)
  '768x1024', // iPad, iPad mini (up to 5th gen)
  '800x1280', // 10" Android tablets, Galaxy Tab A
  '810x1080', // iPad (7th to 9th gen)
  '820x1180', // iPad Air (4th and 5th gen), iPad (10th gen)
  '834x1112', // iPad Air (3rd gen), iPad Pro 10.5"
  '834x1194', // iPad Pro 11"
  '1024x768', // XGA desktops
  '1024x1366', // iPad Pro 12.9"
  '1152x864',
  '1280x720',
  '1280x800',
  '1280x1024',
  '1360x768',
  '1366x768',
  '1400x1050',
  '1440x900',
  '1470x956', // MacBook Air 15" (default scaling)
  '1512x982', // MacBook Pro 14"
  '1536x864', // 1920x1080 at 125 %
  '1600x900',
  '1600x1200',
  '1680x1050',
  '1728x1117', // MacBook Pro 16"
  '1920x1080',
  '1920x1200',
  '2048x1152',
  '2560x1080',
  '2560x1440',
  '2560x1600',
  '2880x1800',
  '3440x1440',
  '3840x1600',
  '3840x2160',
  '5120x1440',
] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export interface Size {
  width: number;
  height: number;
}

const PATTERN = /^([1-9]\d{0,4})x([1-9]\d{0,4})$/;

/** Reads a 'WIDTHxHEIGHT' string (any well-formed one, not only the listed values). */
export function parseResolution(value: string): Size | undefined {
  const match = PATTERN.exec(value);
  if (!match) return undefined;
  return { width: Number(match[1]), height: Number(match[2]) };
}

export function formatResolution(size: Size): string {
  return `${size.width}x${size.height}`;
}

/** True only for the values of the list. */
export function isResolution(value: string): value is Resolution {
  return (RESOLUTIONS as readonly string[]).includes(value);
}
