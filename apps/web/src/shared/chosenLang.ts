import { LANG_STORAGE_KEY, type Lang } from '@hainiao/contract';

/**
 * The visitor's chosen language in this tab: taken from the URL when the page loads, set by the
 * language dropdown, and adopted from the URL on back/forward. It is stored under `lang` in
 * browser storage (site spec §3); the copy kept here is per tab, so two tabs in different
 * languages do not redirect each other.
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
