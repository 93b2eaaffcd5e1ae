/**
 * FingerPrint_Setting d (fonts: the installed set, the generic families) and the hinting of a
 * (canvas) reach the browser through the environment's fontconfig file (`writeFontConfig`),
 * which Chromium reads on Linux only. On Windows (DirectWrite) and macOS (CoreText) no file is
 * written and every environment shows the machine's fonts, whatever the flags say: the service
 * says so once when it starts rather than let the setting claim an effect (FingerPrint_Setting in
 * docs/browser-runtime.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { format, localApiMessages, type Localized } from '@hainiao/contract';
import { HINT_STYLES } from './fingerprint-schema.ts';
import type { FontFamilies, FontRendering } from './fingerprint.ts';

/** Whether the font flags change what pages see on this system. */
export function fontLeversWork(platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux';
}

/** What the service logs once at start where the font flags do nothing; undefined on Linux. */
export function fontLeversNotice(
  platform: NodeJS.Platform = process.platform,
): Localized | undefined {
  if (fontLeversWork(platform)) return undefined;
  const system = platform === 'win32' ? 'Windows' : platform === 'darwin' ? 'macOS' : platform;
  const { en, zh } = localApiMessages.fontLeversUnavailable;
  return { en: format(en, { system }), zh: format(zh, { system }) };
}

export interface FontConfig {
  /** Families this environment does not show (fingerprintSetting d). */
  hidden: readonly string[];
  /** The families `sans-serif`, `serif` and `monospace` resolve to (d). */
  families?: FontFamilies;
  /** Hinting (fingerprintSetting a): canvas text is rasterised differently. */
  rendering?: FontRendering;
}

/**
 * Text as XML character data or an attribute value. Every value written into the file goes
 * through it: the fingerprint travels with the environment and another account may have written
 * it, and an unescaped `<` would add elements of its choosing (`<dir>`, `<cachedir>`,
 * `<include>`: folders the browser scans, files it reads).
 */
export function xmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The generic CSS families fontconfig aliases. */
const GENERIC_NAMES: Record<keyof FontFamilies, string> = {
  sans: 'sans-serif',
  serif: 'serif',
  mono: 'monospace',
};

/**
 * The names pages ask for most, which fontconfig's metric aliases map to Liberation on Linux:
 * they follow the environment's family of that kind too. Chromium's own defaults are among them
 * (sans-serif is "Arial", serif and the standard font "Times New Roman" on Linux), so without
 * these the generic families would change nothing that pages measure.
 */
const WELL_KNOWN_NAMES: Record<keyof FontFamilies, readonly string[]> = {
  sans: ['Arial', 'Helvetica', 'Arimo'],
  serif: ['Times New Roman', 'Times', 'Tinos'],
  mono: ['Courier New', 'Courier', 'Cousine'],
};

/**
 * The environment's own fontconfig file, layered over the machine's: the engine then lists,
 * chooses and rasterises fonts differently per environment, in pages and workers alike, with no
 * script (Linux; Chromium uses fontconfig there). Undefined when nothing differs from the machine.
 * Only the known generic families and hint styles are written, and every value is escaped.
 */
export function writeFontConfig(dir: string, config: FontConfig): string | undefined {
  const { hidden, families = {}, rendering } = config;
  const generic = (Object.keys(GENERIC_NAMES) as (keyof FontFamilies)[]).flatMap((kind) => {
    const family = families[kind];
    return typeof family === 'string' && family ? [[kind, family] as const] : [];
  });
  const hinting =
    rendering && (HINT_STYLES as readonly string[]).includes(rendering.hintstyle)
      ? rendering
      : undefined;
  if (!fontLeversWork() || (hidden.length === 0 && !hinting && generic.length === 0)) {
    return undefined;
  }
  const parts: string[] = [];
  if (hidden.length > 0) {
    parts.push(`  <selectfont>
    <rejectfont>
${hidden.map((family) => `      <pattern><patelt name="family"><string>${xmlText(String(family))}</string></patelt></pattern>`).join('\n')}
    </rejectfont>
  </selectfont>`);
  }
  for (const [kind, family] of generic) {
    for (const name of [GENERIC_NAMES[kind], ...WELL_KNOWN_NAMES[kind]]) {
      parts.push(
        `  <alias binding="strong"><family>${name}</family><prefer><family>${xmlText(family)}</family></prefer></alias>`,
      );
    }
  }
  if (hinting) {
    parts.push(`  <match target="font">
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="hinting" mode="assign"><bool>${hinting.hintstyle !== 'hintnone'}</bool></edit>
    <edit name="hintstyle" mode="assign"><const>${xmlText(hinting.hintstyle)}</const></edit>
    <edit name="autohint" mode="assign"><bool>${hinting.autohint === true}</bool></edit>
  </match>`);
  }
  const file = path.join(dir, 'fonts.conf');
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
${parts.join('\n')}
</fontconfig>
`,
  );
  return file;
}
