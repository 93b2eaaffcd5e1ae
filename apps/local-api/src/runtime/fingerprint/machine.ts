/** What this machine has that environments build on: its fonts. */
import { execFileSync } from 'node:child_process';

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
