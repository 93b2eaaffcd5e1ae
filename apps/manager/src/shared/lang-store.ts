/**
 * The UI language outside React (api.ts reads it for Accept-Language): remembered in
 * localStorage, first guessed from the browser's language.
 */
export type UiLang = 'en' | 'zh';

const KEY = 'hainiao.manager.lang';

function initial(): UiLang {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // Storage can be blocked; the browser's language decides then.
  }
  return /^zh/i.test(navigator.language) ? 'zh' : 'en';
}

let lang: UiLang = initial();

export function currentLang(): UiLang {
  return lang;
}

export function rememberLang(next: UiLang): void {
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Not remembered across visits when storage is blocked; the switch still works.
  }
}
