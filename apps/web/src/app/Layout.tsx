import { useEffect, type ReactNode } from 'react';
import { langFromPath } from '@hainiao/contract';
import { chooseLang } from '../shared/chosenLang.ts';
import { usePathname } from '../shared/router.ts';
import { useLang } from '../shared/useLang.ts';
import { useChatScript } from './ChatScript.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The shell around every page; its language is the URL's. */
export function Layout({ children }: { children: ReactNode }) {
  const lang = useLang();
  const pathname = usePathname();

  // Scroll resets to the top on navigation. Braces matter: in current Chromium scrollTo returns a
  // promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // Language (prefix rules in lang.ts of @hainiao/contract): the URL's, stored under `lang` when
  // the page loads and on every navigation. A link to the other language's path never gets here:
  // navigation goes to the chosen language's path instead (App.tsx).
  useEffect(() => {
    chooseLang(lang);
  }, [lang, pathname]);

  // Back/forward also adopts the URL's language straight from the history event: React may
  // skip committing a page that the next navigation interrupted (switch, then back at once),
  // and then the effect above sees the same path and language as before and does not run.
  useEffect(() => {
    const adopt = () => chooseLang(langFromPath(window.location.pathname));
    window.addEventListener('popstate', adopt);
    return () => window.removeEventListener('popstate', adopt);
  }, []);

  useChatScript(lang);

  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
