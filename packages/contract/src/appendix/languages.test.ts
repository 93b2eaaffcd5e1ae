import ISO6391 from 'iso-639-1';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_UI_LOCALES,
  LANGUAGES,
  chromiumUiLocale,
  findLanguage,
  isLanguageCode,
} from './languages.ts';

function rendering(code: string): boolean | undefined {
  return findLanguage(code)?.rendering;
}

describe('LANGUAGES', () => {
  it('has well-formed, distinct, canonical BCP 47 codes', () => {
    const codes = LANGUAGES.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z]{2,3}(-([A-Z]{2}|\d{3}))?$/);
      // 'no' is the code Chromium sends for Norwegian; ICU canonicalizes it to 'nb' or keeps it.
      if (code !== 'no') expect(Intl.getCanonicalLocales(code)).toEqual([code]);
    }
  });

  it('uses real ISO 639 languages', () => {
    for (const { code, name } of LANGUAGES) {
      const base = code.split('-')[0] ?? '';
      if (base === 'fil') continue; // ISO 639-2 only
      expect(ISO6391.validate(base), code).toBe(true);
      if (!['bn', 'pa'].includes(base)) {
        expect(name.en.startsWith(ISO6391.getName(base)), code).toBe(true);
      }
    }
  });

  it('includes the codes Chromium users send most', () => {
    for (const code of [
      'en-US',
      'en-GB',
      'zh-CN',
      'zh-TW',
      'ja',
      'ko',
      'de',
      'fr',
      'es',
      'es-419',
      'pt-BR',
      'pt-PT',
      'ru',
      'ar',
      'hi',
      'th',
      'vi',
      'id',
      'ms',
      'tr',
      'it',
      'nl',
      'pl',
      'uk',
      'he',
      'fa',
      'bn',
    ]) {
      expect(isLanguageCode(code), code).toBe(true);
    }
  });

  it('lists every Chromium UI locale', () => {
    for (const locale of CHROMIUM_UI_LOCALES) expect(isLanguageCode(locale), locale).toBe(true);
  });

  it('names every language in English, Chinese and itself', () => {
    for (const { code, name, nativeName } of LANGUAGES) {
      expect(name.en, code).toMatch(/^[A-Z][A-Za-z\u00c0-\u024f ()]+$/);
      expect(name.zh, code).toMatch(/^[\u4e00-\u9fff（）]+$/);
      expect(nativeName.length, code).toBeGreaterThan(1);
    }
    expect(findLanguage('en-US')?.name).toEqual({
      en: 'English (United States)',
      zh: '英语（美国）',
    });
    expect(findLanguage('ja')?.nativeName).toBe('日本語');
    expect(findLanguage('zh-CN')?.name.zh).toMatch(/^中文/);
  });
});

describe('rendering', () => {
  it('is true for Chromium UI locales', () => {
    expect(rendering('zh-CN')).toBe(true);
    expect(rendering('zh-TW')).toBe(true);
    expect(rendering('en-US')).toBe(true);
    expect(rendering('es-419')).toBe(true);
    expect(rendering('fil')).toBe(true);
  });

  it("follows Chromium's fallbacks for other regions", () => {
    expect(chromiumUiLocale('en-AU')).toBe('en-GB');
    expect(chromiumUiLocale('en-PH')).toBe('en-US');
    expect(chromiumUiLocale('en')).toBe('en-US');
    expect(chromiumUiLocale('es-MX')).toBe('es-419');
    expect(chromiumUiLocale('es-ES')).toBe('es');
    expect(chromiumUiLocale('pt')).toBe('pt-BR');
    expect(chromiumUiLocale('pt-AO')).toBe('pt-PT');
    expect(chromiumUiLocale('zh-HK')).toBe('zh-TW');
    expect(chromiumUiLocale('zh-SG')).toBe('zh-CN');
    expect(chromiumUiLocale('zh')).toBe('zh-CN');
    expect(chromiumUiLocale('no')).toBe('nb');
    expect(chromiumUiLocale('de-AT')).toBe('de');
    expect(chromiumUiLocale('fr-CA')).toBe('fr');
    expect(rendering('zh-HK')).toBe(true);
    expect(rendering('de-CH')).toBe(true);
  });

  it('is false without a UI locale', () => {
    for (const code of ['af', 'eu', 'gl', 'is', 'ka', 'kk', 'km', 'lo', 'mn', 'my', 'ne']) {
      expect(rendering(code), code).toBe(false);
    }
    for (const code of ['si', 'ur', 'uz', 'zu']) expect(rendering(code), code).toBe(false);
    expect(chromiumUiLocale('zu')).toBeUndefined();
    expect(chromiumUiLocale('xx-YY')).toBeUndefined();
  });

  it('matches the resolver on every row', () => {
    for (const { code, rendering: value } of LANGUAGES) {
      expect(value, code).toBe(chromiumUiLocale(code) !== undefined);
    }
    expect(LANGUAGES.some((entry) => !entry.rendering)).toBe(true);
  });
});

describe('isLanguageCode', () => {
  it('accepts only listed codes as spelled', () => {
    expect(isLanguageCode('en-US')).toBe(true);
    expect(isLanguageCode('en_US')).toBe(false);
    expect(isLanguageCode('en-us')).toBe(false);
    expect(isLanguageCode('xx')).toBe(false);
    expect(isLanguageCode('')).toBe(false);
  });
});
