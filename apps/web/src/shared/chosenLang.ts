import { LANG_STORAGE_KEY, type Lang } from '@hainiao/contract';

/**
 * The visitor's chosen language (prefix rules in lang.ts of @hainiao/contract). It is stored under
 * `lang` in browser storage: a visit that arrives with one stored goes to that language's path
 * (see entry-client.tsx); without one it is taken from the URL. Within the tab it is set by the
 * language dropdown and adopted from the URL on back/forward; the copy kept here is per tab, so
 * two open tabs in different languages do not redirect each other's links.
 */
let chosen: Lang | null = null;

export function chosenLang(): Lang | null {
  return chosen;
}

export function chooseLang(lang: Lang): void {
  chosen = lang;
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage may be unavailable (private mode, quota); the tab's copy still works.
  }
}

/** The language an earlier visit stored, or null (none, unreadable, or not a language). */
export function storedLang(): Lang | null {
  try {
    const value = window.localStorage.getItem(LANG_STORAGE_KEY);
    return value === 'en' || value === 'zh' ? value : null;
  } catch {
    return null;
  }
}
