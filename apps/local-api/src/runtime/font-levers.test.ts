/** Where the font flags of FingerPrint_Setting work, and what the service says where they do not. */
import { describe, expect, test } from 'vitest';
import { fontLeversNotice, fontLeversWork } from './font-levers.ts';

describe('font levers by system', () => {
  test('Linux: they work and nothing is said', () => {
    expect(fontLeversWork('linux')).toBe(true);
    expect(fontLeversNotice('linux')).toBeUndefined();
  });

  test('Windows and macOS: no effect, said in both languages naming the system', () => {
    for (const [platform, system] of [
      ['win32', 'Windows'],
      ['darwin', 'macOS'],
    ] as const) {
      expect(fontLeversWork(platform)).toBe(false);
      const notice = fontLeversNotice(platform)!;
      expect(notice.en).toMatch(
        new RegExp(
          `^FingerPrint_Setting d \\(fonts\\) and the font hinting of a \\(canvas\\) have no effect on ${system}: `,
        ),
      );
      expect(notice.en).toContain("every environment shows this machine's installed fonts");
      expect(notice.zh).toContain(`在 ${system} 上无效`);
    }
  });
});
