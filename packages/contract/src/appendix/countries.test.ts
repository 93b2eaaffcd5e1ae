import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, isCountryCode } from './countries.ts';

describe('COUNTRIES', () => {
  it('lists every ISO 3166-1 alpha-2 code once, sorted', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    const codes = COUNTRIES.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('names every country in English and Chinese', () => {
    for (const { code, name } of COUNTRIES) {
      expect(name.en, code).not.toBe(code);
      expect(name.en, code).toMatch(/^[\p{L}]/u);
      expect(name.zh, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('has the expected names', () => {
    expect(countryName('CN', 'zh')).toBe('中国');
    expect(countryName('CN', 'en')).toMatch(/China$/);
    expect(['United States of America', 'United States']).toContain(countryName('US', 'en'));
    expect(countryName('US', 'zh')).toBe('美国');
    expect(countryName('JP', 'zh')).toBe('日本');
    expect(countryName('GB', 'en')).toMatch(/United Kingdom/);
    expect(countryName('DE', 'en')).toBe('Germany');
  });
});

describe('lookups', () => {
  it('isCountryCode accepts only listed uppercase codes', () => {
    expect(isCountryCode('CN')).toBe(true);
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('cn')).toBe(false);
    expect(isCountryCode('CHN')).toBe(false);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });

  it('countryName is undefined for unknown codes', () => {
    expect(countryName('ZZ', 'en')).toBeUndefined();
    expect(countryName('cn', 'zh')).toBeUndefined();
  });
});
