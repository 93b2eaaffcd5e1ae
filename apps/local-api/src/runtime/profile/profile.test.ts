/**
 * The allow-list of a caller's browser `args`: only the listed flags, spelt exactly, with values of
 * their pattern; everything that runs a program, opens the DevTools wider, loads code or lowers the
 * browser's defences is refused, however it is spelt. And the download preferences the service
 * writes over whatever a profile says.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  ALLOWED_ARG_LIST,
  callerArgs,
  downloadPreferences,
  downloadsDirOf,
  refuseArgs,
  writePreferences,
} from './profile.ts';

const ALLOWED = [
  '--window-position=0,0',
  '--window-position=-1920,20',
  '--window-size=1200,800',
  '--start-maximized',
  '--start-fullscreen',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--hide-scrollbars',
  '--hide-crash-restore-bubble',
  '--mute-audio',
  '--disable-notifications',
  '--auto-open-devtools-for-tabs',
  // Chromium's own headless mode, opted into (runtime/launch/launch.ts displayMode).
  '--headless=new',
  '--remote-debugging-port=1024',
  '--remote-debugging-port=9222',
  '--remote-debugging-port=65535',
];

/** Refused, with the name (or whole argument) the message shows. */
const REFUSED: [string, string][] = [
  // Programs of the caller's choosing.
  ['--renderer-cmd-prefix=/tmp/x.sh', '--renderer-cmd-prefix'],
  ['--gpu-launcher=/tmp/x.sh', '--gpu-launcher'],
  ['--utility-cmd-prefix=/tmp/x.sh', '--utility-cmd-prefix'],
  ['--browser-subprocess-path=/tmp/x.sh', '--browser-subprocess-path'],
  ['--ppapi-plugin-launcher=/tmp/x.sh', '--ppapi-plugin-launcher'],
  ['--no-zygote', '--no-zygote'],
  // Defences and the DevTools.
  ['--no-sandbox', '--no-sandbox'],
  ['--disable-web-security', '--disable-web-security'],
  ['--remote-debugging-address=0.0.0.0', '--remote-debugging-address'],
  ['--remote-allow-origins=*', '--remote-allow-origins'],
  ['--remote-debugging-pipe', '--remote-debugging-pipe'],
  // What the runtime owns, and what changes the profile's meaning.
  ['--load-extension=/tmp', '--load-extension'],
  ['--user-data-dir=/tmp/other', '--user-data-dir'],
  ['--proxy-server=http://evil:8080', '--proxy-server'],
  ['--proxy-pac-url=http://evil/pac', '--proxy-pac-url'],
  ['--no-proxy-server', '--no-proxy-server'],
  ['--host-resolver-rules=MAP * 1.2.3.4', '--host-resolver-rules'],
  ['--user-agent=x', '--user-agent'],
  ['--headless', '--headless'],
  ['--headless=old', '--headless=old'],
  ['--incognito', '--incognito'],
  ['--kiosk', '--kiosk'],
  ['--enable-automation', '--enable-automation'],
  // Odd spellings Chromium still reads.
  ['-renderer-cmd-prefix=x', '-renderer-cmd-prefix'],
  ['--RENDERER-CMD-PREFIX=x', '--RENDERER-CMD-PREFIX'],
  ['-mute-audio', '-mute-audio'],
  ['--Mute-Audio', '--Mute-Audio'],
  [' --mute-audio', ' --mute-audio'],
  ['--mute-audio --no-sandbox', '--mute-audio --no-sandbox'],
  ['--', '--'],
  // Not a flag: Chromium would open it.
  ['file:///etc/passwd', 'file:///etc/passwd'],
  // Values outside the pattern (the whole argument is shown, control characters escaped).
  ['--mute-audio=1', '--mute-audio=1'],
  ['--window-size', '--window-size'],
  ['--window-size=', '--window-size='],
  ['--window-size=1200,800\n--no-sandbox', '--window-size=1200,800\\n--no-sandbox'],
  ['--window-size=1200,800\u0000', '--window-size=1200,800\\u0000'],
  ['--window-size=1200x800', '--window-size=1200x800'],
  ['--lang=de;rm -rf /', '--lang'],
  ['--force-device-scale-factor=0', '--force-device-scale-factor'],
  ['--force-device-scale-factor=9', '--force-device-scale-factor'],
  // The fingerprint owns the language and the pixel ratio: a caller's would contradict it.
  ['--lang=de', '--lang'],
  ['--force-device-scale-factor=1.25', '--force-device-scale-factor'],
  ['--remote-debugging-port=0', '--remote-debugging-port=0'],
  ['--remote-debugging-port=80', '--remote-debugging-port=80'],
  ['--remote-debugging-port=1023', '--remote-debugging-port=1023'],
  ['--remote-debugging-port=65536', '--remote-debugging-port=65536'],
  ['--remote-debugging-port=09222', '--remote-debugging-port=09222'],
  ['--remote-debugging-port=9222 ', '--remote-debugging-port=9222 '],
  ['--remote-debugging-port=+9222', '--remote-debugging-port=+9222'],
];

describe('caller args allow-list', () => {
  test.each(ALLOWED)('%s is allowed', (arg) => {
    expect(refuseArgs([arg])).toBeUndefined();
    expect(callerArgs([arg])).toEqual([arg]);
  });

  test.each(REFUSED)('%j is refused, shown as %j', (arg, shown) => {
    expect(refuseArgs([arg])).toEqual({ refused: [shown], repeated: [] });
    expect(callerArgs([arg])).toEqual([]);
  });

  test('every refused argument of a list is named; allowed ones beside them are not', () => {
    expect(refuseArgs(['--mute-audio', '--no-zygote', '--renderer-cmd-prefix=/tmp/x.sh'])).toEqual({
      refused: ['--no-zygote', '--renderer-cmd-prefix'],
      repeated: [],
    });
    expect(callerArgs(['--mute-audio', '--no-zygote', '--renderer-cmd-prefix=/tmp/x.sh'])).toEqual([
      '--mute-audio',
    ]);
  });

  test('a flag given twice is refused; the command line keeps its first', () => {
    const args = ['--remote-debugging-port=9222', '--mute-audio', '--remote-debugging-port=9333'];
    expect(refuseArgs(args)).toEqual({ refused: [], repeated: ['--remote-debugging-port'] });
    expect(callerArgs(args)).toEqual(['--remote-debugging-port=9222', '--mute-audio']);
  });

  test('a long refused argument is shortened in the message', () => {
    const [shown] = refuseArgs([`--window-size=${'1'.repeat(200)}`])!.refused;
    expect(shown).toHaveLength(64);
    expect(shown!.endsWith('…')).toBe(true);
  });

  test('no arguments, nothing to refuse', () => {
    expect(refuseArgs([])).toBeUndefined();
    expect(callerArgs([])).toEqual([]);
  });

  test('the message lists every accepted flag with the shape of its value', () => {
    expect(ALLOWED_ARG_LIST).toContain('--window-size=WIDTH,HEIGHT');
    expect(ALLOWED_ARG_LIST).toContain('--remote-debugging-port=1024-65535');
    expect(ALLOWED_ARG_LIST).toContain('--mute-audio');
    for (const arg of ALLOWED) expect(ALLOWED_ARG_LIST).toContain(arg.split('=')[0]);
    expect(ALLOWED_ARG_LIST).not.toMatch(/sandbox|proxy|cmd-prefix|launcher|extension/);
  });
});

describe('downloads go where the service says', () => {
  test("the profile's own download and save folders are overwritten before a launch", () => {
    const session = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-prefs-'));
    try {
      const profile = path.join(session, 'profile');
      fs.mkdirSync(path.join(profile, 'Default'), { recursive: true });
      fs.writeFileSync(
        path.join(profile, 'Default', 'Preferences'),
        JSON.stringify({
          download: { default_directory: '/root/.ssh', extensions_to_open: 'sh' },
          savefile: { default_directory: '/root/.ssh' },
          bookmark_bar: { show_on_all_tabs: true },
        }),
      );
      const downloads = downloadsDirOf(session);
      writePreferences(profile, downloadPreferences(downloads));
      const written = JSON.parse(
        fs.readFileSync(path.join(profile, 'Default', 'Preferences'), 'utf8'),
      ) as Record<string, Record<string, unknown>>;
      expect(written.download).toEqual({
        default_directory: downloads,
        prompt_for_download: false,
        directory_upgrade: true,
        extensions_to_open: '',
      });
      expect(written.savefile).toEqual({ default_directory: downloads });
      expect(written.bookmark_bar).toEqual({ show_on_all_tabs: true });
      expect(downloads).toBe(path.join(session, 'downloads'));
    } finally {
      fs.rmSync(session, { recursive: true, force: true });
    }
  });
});
