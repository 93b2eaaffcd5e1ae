/** The two languages of the product. The URL is the only source of the site's language. */
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

/** A text in both languages. Every visible string of the contract has this shape. */
export interface Localized {
  en: string;
  zh: string;
}

const ENGLISH_PLURAL = new Intl.PluralRules('en');

/**
 * Replaces `{name}` placeholders; unknown placeholders are left as they are. `{name|one|other}`
 * is the word for the count `name` in English: 'one' for 1, 'other' for any other number
 * ('Deleted {count} {count|environment|environments}' → 'Deleted 1 environment'). Chinese
 * templates need none (a noun has one form).
 */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(
    /\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g,
    (whole, name: string, one: string | undefined, other: string | undefined) => {
      if (!(name in values)) return whole;
      const value = values[name];
      if (one === undefined || other === undefined) return String(value);
      return ENGLISH_PLURAL.select(Number(value)) === 'one' ? one : other;
    },
  );
}
