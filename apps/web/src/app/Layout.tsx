import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { langFromPath, languageRedirect } from '@hainiao/contract';
import { chooseLang, chosenLang } from '../shared/chosenLang.ts';
import { useLang } from '../shared/useLang.ts';
import { useChatScript } from './ChatScript.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The shell around every page; its language is the URL's. */
export function Layout() {
  const lang = useLang();
  const { pathname, search, hash } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();

  // Scroll resets to the top on navigation. Braces matter: in current Chromium scrollTo returns a
  // promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // Language (prefix rules in lang.ts of @hainiao/contract): taken from the URL when the page
  // loads and on back/forward, and stored under `lang`. A link inside the site that leads to the
  // other language's path is redirected to the chosen language: Chinese adds /zh, English removes
  // it. Never while a prerendered page hydrates (the first render is a POP), and not for a page's
  // own deliberate redirect (a REPLACE, like /route sending the visitor to its target).
  useEffect(() => {
    const chosen = chosenLang();
    if (chosen !== null && chosen !== lang && navigationType === 'PUSH') {
      const target = languageRedirect(pathname + search + hash, chosen);
      if (target) {
        void navigate(target, { replace: true });
        return;
      }
    }
    chooseLang(lang);
  }, [lang, pathname, search, hash, navigationType, navigate]);

  // Back/forward also adopts the URL's language straight from the history event: React may
  // skip committing a page that the next navigation interrupted (switch, then back at once),
  // and then the effect above sees the same path and language as before and does not run.
  useEffect(() => {
    const adopt = () => chooseLang(langFromPath(window.location.pathname));
    window.addEventListener('popstate', adopt);
    return () => window.removeEventListener('popstate', adopt);
  }, []);

  useChatScript(lang);

  // Marks the document once the app is interactive (tests and monitoring wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
