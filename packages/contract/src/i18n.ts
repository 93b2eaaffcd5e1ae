/** The two languages of the product. The URL is the only source of the site's language. */
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** A text in both languages. Every visible string of the contract has this shape. */
export interface Localized {
  en: string;
  zh: string;
}

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'zh';
}

/** Replaces `{name}` placeholders; unknown placeholders are left as they are. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
