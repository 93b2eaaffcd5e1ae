/** What this machine has that environments report or build on: its fonts, its LAN address. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

let installedFonts: string[] | undefined;

/** The installed font families (fontconfig), looked up once. */
export function fontFamilies(): string[] {
  if (installedFonts) return installedFonts;
  try {
    installedFonts = [
      ...new Set(
        execFileSync('fc-list', [':', 'family'], { encoding: 'utf8', timeout: 5000 })
          .split('\n')
          .map((line) => line.split(',')[0]!.trim())
          .filter(Boolean),
      ),
    ].sort();
  } catch {
    installedFonts = [];
  }
  return installedFonts;
}

/** The first non-internal IPv4 address of this machine (a running environment's internal IP). */
export function lanAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const address of list ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}
