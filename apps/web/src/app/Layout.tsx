import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LANG_STORAGE_KEY } from '@hainiao/contract';
import { useLang } from '../shared/useLang.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { i18nFor } from './i18n.ts';

/** The shell around every page; the i18n instance follows the URL's language. */
export function Layout() {
  const lang = useLang();
  const { pathname } = useLocation();

  // Scroll resets to the top on navigation (site spec §2). Braces matter: in current Chromium
  // scrollTo returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // The language is initially taken from the URL and kept under `lang` (site spec §4).
  useEffect(() => {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  }, [lang]);

  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </I18nextProvider>
  );
}
