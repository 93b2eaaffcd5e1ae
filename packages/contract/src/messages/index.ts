import { format } from '../i18n.ts';
import type { Lang, Localized } from '../i18n.ts';

export { siteMessages } from './site.ts';
export type { SiteMessages } from './site.ts';
export { localApiMessages } from './local-api.ts';
export type { LocalApiMessageKey } from './local-api.ts';

/** The message in one language, with its `{name}` placeholders filled from `values`. */
export function msg(m: Localized, lang: Lang, values?: Record<string, string | number>): string {
  return format(m[lang], values);
}
