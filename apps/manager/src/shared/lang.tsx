/** The UI language in React: a provider, the current language, and the copy for it. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { currentLang, rememberLang, type UiLang } from './lang-store.ts';

export type { UiLang } from './lang-store.ts';

interface LangState {
  lang: UiLang;
  setLang(next: UiLang): void;
}

const LangContext = createContext<LangState | null>(null);

export function LangProvider({ children }: { children: ReactNode }) {
  const [lang, setState] = useState<UiLang>(currentLang);
  const setLang = useCallback((next: UiLang) => {
    rememberLang(next);
    setState(next);
  }, []);
  const value = useMemo(() => ({ lang, setLang }), [lang, setLang]);
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

function useLangState(): LangState {
  const state = useContext(LangContext);
  if (!state) throw new Error('useLang() needs a <LangProvider> above it');
  return state;
}

export function useLang(): UiLang {
  return useLangState().lang;
}

export function useSetLang(): (next: UiLang) => void {
  return useLangState().setLang;
}

/** The `en` or `zh` half of a copy object, following the UI language. */
export function useCopy<T>(copy: { en: T; zh: T }): T {
  return copy[useLang()];
}
