import { useState } from 'react';
import { languageRedirect } from '@hainiao/contract';
import { AppCache, AppCacheContext } from '../shared/appCache.ts';
import { chosenLang } from '../shared/chosenLang.ts';
import { Router, type NavigateOptions } from '../shared/router.ts';
import { Layout } from './Layout.tsx';
import { SiteRoutes } from './routes.tsx';

/**
 * A link inside the site that leads to the other language's path goes to the chosen language's
 * instead: Chinese adds /zh, English removes it (lang.ts of @hainiao/contract). Not for a page's
 * own deliberate redirect (a replace, like /route sending the visitor to its target); the
 * language switch stores the new language before it navigates, so it is never redirected back.
 */
function toChosenLanguage(
  navigate: (to: string, options?: NavigateOptions) => void,
  to: string,
  options?: NavigateOptions,
) {
  const chosen = options?.replace ? null : chosenLang();
  navigate((chosen !== null && languageRedirect(to, chosen)) || to, options);
}

/** The site; `path` is the URL being prerendered (the browser's own URL when absent). */
export function App({ path }: { path?: string }) {
  // One cache per app: the browser's lives as long as the page, each prerendered page gets its own.
  // The pages that read from the cloud fill it (shared/QueryScope.tsx).
  const [cache] = useState(() => new AppCache());
  return (
    <AppCacheContext.Provider value={cache}>
      <Router ssrPath={path} aroundNav={toChosenLanguage}>
        <Layout>
          <SiteRoutes />
        </Layout>
      </Router>
    </AppCacheContext.Provider>
  );
}
