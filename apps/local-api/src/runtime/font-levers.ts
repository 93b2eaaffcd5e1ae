/**
 * FingerPrint_Setting d (fonts: the installed set, the generic families) and the hinting of a
 * (canvas) reach the browser through the environment's fontconfig file (profile.ts
 * writeFontConfig), which Chromium reads on Linux only. On Windows (DirectWrite) and macOS
 * (CoreText) no file is written and every environment shows the machine's fonts, whatever the
 * flags say: the service says so once when it starts rather than let the setting claim an effect
 * (../shared/spec/local-api.md §3, FingerPrint_Setting).
 */
import { format, localApiMessages, type Localized } from '@hainiao/contract';

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
