import { format } from '../i18n.ts';
import type { Lang, Localized } from '../i18n.ts';

import { siteMessages } from './site.ts';
export { siteMessages };
export type { SiteMessages } from './site.ts';
export { localApiMessages } from './local-api.ts';
export type { LocalApiMessageKey } from './local-api.ts';
export { mcpMessages } from './mcp.ts';

/** The message in one language, with its `{name}` placeholders filled from `values`. */
export function msg(m: Localized, lang: Lang, values?: Record<string, string | number>): string {
  return format(m[lang], values);
}

/**
 * The catalogue entry behind a message key such as 'validation.titleLength' (the keys zod issues
 * of the cloud schemas carry), or undefined for an unknown key.
 */
export function siteMessageByKey(key: string): Localized | undefined {
  const [group, name] = key.split('.');
  const entries = (siteMessages as Record<string, Record<string, Localized>>)[group ?? ''];
  return name ? entries?.[name] : undefined;
}
