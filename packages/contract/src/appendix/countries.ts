import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import type { Lang, Localized } from '../i18n.ts';

/**
 * Country codes an environment can take (CountryCode): every ISO 3166-1 alpha-2 code with its
 * English and Chinese names, from i18n-iso-countries, sorted by code.
 */
export interface CountryEntry {
  /** 'CN' */
  code: string;
  name: Localized;
}

// The Node entry of the library registers every language, the browser entry none: register the
// two the product needs so both behave the same (registering twice is harmless).
countries.registerLocale(en);
countries.registerLocale(zh);

function officialName(code: string, lang: Lang): string {
  return countries.getName(code, lang, { select: 'official' }) ?? code;
}

export const COUNTRIES: readonly CountryEntry[] = Object.keys(countries.getAlpha2Codes())
  .sort()
  .map((code) => ({ code, name: { en: officialName(code, 'en'), zh: officialName(code, 'zh') } }));

const BY_CODE = new Map(COUNTRIES.map((entry) => [entry.code, entry]));

/** True for an uppercase ISO 3166-1 alpha-2 code of the list ('CN', not 'cn' or 'CHN'). */
export function isCountryCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** The name of a country in a language, or undefined for an unknown code. */
export function countryName(code: string, lang: Lang): string | undefined {
  return BY_CODE.get(code)?.name[lang];
}
