import { describe, expect, test } from 'vitest';
import { SYSTEMS } from '@hainiao/contract';
import {
  buildUserAgent,
  chromeMajor,
  currentChromeMajor,
  isUserAgentOf,
  randomUserAgent,
} from './user-agent.ts';

describe('user agents', () => {
  test('the current major follows Chrome’s 4-week schedule', () => {
    expect(currentChromeMajor(new Date('2026-01-13T12:00:00Z'))).toBeGreaterThanOrEqual(144);
    expect(currentChromeMajor(new Date('2026-11-22T00:00:00Z'))).toBe(155);
    expect(currentChromeMajor(new Date('2027-11-22T00:00:00Z'))).toBe(168);
  });

  test.each(SYSTEMS)('every UA generated for %s passes its own check', (system) => {
    for (const version of [undefined, 95, 100, 106, 109, 110, 120, currentChromeMajor()]) {
      const generated = randomUserAgent(system, { version, model: 'Model X1' });
      const { userAgent } = generated;
      expect(isUserAgentOf(userAgent, system), `${system} ${version}: ${userAgent}`).toBe(true);
      expect(chromeMajor(userAgent)).toBe(generated.version);
      if (version) expect(generated.version).toBe(version);
      expect(generated).toMatchObject({ system, model: 'Model X1' });
    }
  });

  test('the reduction: frozen versions, "K" on Android from 110, one Linux token from 107', () => {
    expect(buildUserAgent('Windows', 100)).toContain('Chrome/100.0.4896.127 ');
    expect(buildUserAgent('Windows', 101)).toContain('Chrome/101.0.0.0 ');
    expect(buildUserAgent('Android', 109, 'Pixel 7')).toMatch(/\(Linux; Android 1[23]; Pixel 7\)/);
    expect(buildUserAgent('Android', 110, 'Pixel 7')).toContain('(Linux; Android 10; K)');
    expect(buildUserAgent('Linux aarch64', 106)).toContain('(X11; Linux aarch64)');
    expect(buildUserAgent('Linux aarch64', 107)).toContain('(X11; Linux x86_64)');
  });

  test('a UA of another system or browser is refused', () => {
    const windows = buildUserAgent('Windows', 120);
    expect(isUserAgentOf(windows, 'MacIntel')).toBe(false);
    expect(isUserAgentOf(windows, 'Android')).toBe(false);
    expect(isUserAgentOf(buildUserAgent('Android', 120), 'Windows')).toBe(false);
    expect(
      isUserAgentOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'MacIntel',
      ),
    ).toBe(false);
    expect(isUserAgentOf(windows.replace('Chrome/120', 'Chrome/60'), 'Windows')).toBe(false);
    expect(isUserAgentOf(`${windows}\u0000`, 'Windows')).toBe(false);
  });
});
