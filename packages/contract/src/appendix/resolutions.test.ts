import { describe, expect, it } from 'vitest';
import { RESOLUTIONS, formatResolution, isResolution, parseResolution } from './resolutions.ts';

function size(value: string): { width: number; height: number } {
  const parsed = parseResolution(value);
  if (!parsed) throw new Error(`not a resolution: ${value}`);
  return parsed;
}

describe('RESOLUTIONS', () => {
  it('runs from 303x665 to 5120x1440', () => {
    expect(RESOLUTIONS[0]).toBe('303x665');
    expect(RESOLUTIONS.at(-1)).toBe('5120x1440');
  });

  it('holds 40 to 60 well-formed values without duplicates', () => {
    expect(RESOLUTIONS.length).toBeGreaterThanOrEqual(40);
    expect(RESOLUTIONS.length).toBeLessThanOrEqual(60);
    expect(new Set(RESOLUTIONS).size).toBe(RESOLUTIONS.length);
    for (const value of RESOLUTIONS) expect(value).toMatch(/^[1-9]\d*x[1-9]\d*$/);
  });

  it('is ordered by width then height', () => {
    for (let i = 1; i < RESOLUTIONS.length; i++) {
      const a = size(RESOLUTIONS[i - 1] ?? '');
      const b = size(RESOLUTIONS[i] ?? '');
      expect(a.width < b.width || (a.width === b.width && a.height < b.height)).toBe(true);
    }
  });

  it('covers common phones, tablets and screens', () => {
    const expected = [
      '360x640',
      '375x667',
      '375x812',
      '390x844',
      '393x873',
      '412x915',
      '414x896',
      '430x932',
      '768x1024',
      '810x1080',
      '820x1180',
      '834x1194',
      '1024x1366',
      '1280x720',
      '1280x800',
      '1366x768',
      '1440x900',
      '1536x864',
      '1600x900',
      '1680x1050',
      '1920x1080',
      '1920x1200',
      '2560x1080',
      '2560x1440',
      '2560x1600',
      '2880x1800',
      '3440x1440',
      '3840x2160',
      '5120x1440',
    ];
    for (const value of expected) expect(RESOLUTIONS).toContain(value);
  });

  it('lists phones in portrait', () => {
    for (const value of RESOLUTIONS) {
      const { width, height } = size(value);
      if (width < 500) expect(height).toBeGreaterThan(width);
    }
  });
});

describe('parseResolution', () => {
  it('reads WIDTHxHEIGHT', () => {
    expect(parseResolution('1920x1080')).toEqual({ width: 1920, height: 1080 });
    expect(parseResolution('303x665')).toEqual({ width: 303, height: 665 });
    expect(parseResolution('1000x1000')).toEqual({ width: 1000, height: 1000 });
  });

  it('rejects malformed values', () => {
    for (const bad of ['', '1920', '1920x', 'x1080', '1920X1080', '1920*1080', ' 1920x1080']) {
      expect(parseResolution(bad)).toBeUndefined();
    }
    for (const bad of ['0x100', '0100x100', '-1x100', '1.5x100', '1920x1080x1', '123456x1']) {
      expect(parseResolution(bad)).toBeUndefined();
    }
  });

  it('round-trips with formatResolution', () => {
    for (const value of RESOLUTIONS) expect(formatResolution(size(value))).toBe(value);
  });
});

describe('isResolution', () => {
  it('accepts only listed values', () => {
    expect(isResolution('1920x1080')).toBe(true);
    expect(isResolution('303x665')).toBe(true);
    expect(isResolution('1000x1000')).toBe(false);
    expect(isResolution('1920X1080')).toBe(false);
    expect(isResolution('')).toBe(false);
  });
});
