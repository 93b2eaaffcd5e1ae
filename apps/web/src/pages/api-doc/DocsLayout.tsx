import { useEffect, useState, type ReactNode } from 'react';
import { Link, usePathname, useUrl } from '../../shared/router.ts';
import { API_DOC_NAV, API_DOC_TITLES, apiDocPath, type ApiDocSlug } from '@hainiao/contract';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { apiDocCopy } from '../../locales/pages/api-doc.ts';
import { Search } from './components/Search.tsx';
import { useDocCopy } from './components/useDocCopy.ts';

/** Scrolls to the URL's #anchor once the (lazily loaded) page has rendered it. */
function useScrollToHash() {
  const { pathname, hash } = useUrl();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if ((tries += 1) < 120) frame = requestAnimationFrame(attempt);
    };
    // After the shell's own scroll-to-top of a new page.
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}

/**
 * The documentation shell around every page under /api/doc: the side navigation of the pages with
 * the search box (a toggled panel on small screens), and the page itself.
 */
export function DocsLayout({ slug, children }: { slug: ApiDocSlug; children: ReactNode }) {
  const lang = useLang();
  const localize = useLocalize();
  const copy = useDocCopy();
  const pathname = usePathname();
  // The small-screen menu is open for the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  usePageMeta('apiDoc', {
    title: API_DOC_TITLES[slug][lang],
    description: apiDocCopy[lang].pageDescriptions[slug],
  });
  useScrollToHash();

  return (
    <div className="doc">
      <aside className="doc-nav">
        <button
          type="button"
          className="doc-nav__toggle"
          aria-expanded={open}
          aria-controls="doc-nav-panel"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? copy.closeNav : copy.openNav}
        </button>
        <div id="doc-nav-panel" className={open ? 'doc-nav__panel is-open' : 'doc-nav__panel'}>
          <Search onNavigate={() => setOpenOn(null)} />
          <nav aria-label={copy.navLabel}>
            {API_DOC_NAV.map((group) => (
              <div key={group.title.en} className="doc-nav__group">
                <p className="doc-nav__heading">{group.title[lang]}</p>
                <ul>
                  {group.pages.map((page) => (
                    <li key={page}>
                      <Link
                        to={localize(apiDocPath(page))}
                        className={page === slug ? 'is-active' : undefined}
                        aria-current={page === slug ? 'page' : undefined}
                      >
                        {API_DOC_TITLES[page][lang]}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
      </aside>
      <div className="doc-main">{children}</div>
    </div>
  );
}
