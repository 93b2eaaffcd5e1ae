import { useLang } from '../shared/useLang.ts';
import { en, type Messages } from '../locales/en.ts';
import { zh } from '../locales/zh.ts';

/**
 * The shell's copy (header, footer, page titles, shared words) in the URL's language. Plain typed
 * objects rather than an i18n library: the language comes from the URL, so a prerendered page
 * hydrates with exactly the strings it was rendered with, and the first visit carries no i18n
 * runtime. Each page's own copy lives in locales/pages/ (see shared/useCopy.ts).
 */
export function useText(): Messages {
  return useLang() === 'zh' ? zh : en;
}
