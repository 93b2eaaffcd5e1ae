import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeMenuKey, MENU_ITEMS, MOBILE_BREAKPOINT_PX } from '@hainiao/contract';
import { useLang, useLocalize } from '../shared/useLang.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';

export function Header() {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const location = useLocation();
  const active = activeMenuKey(location.pathname);
  // The mobile menu is open for the path it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;

  // It also closes by itself once the window is wider than the breakpoint.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`);
    const onChange = () => {
      if (query.matches) setOpenOn(null);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <div className="site-header__inner">
        <Link to={localize('/')} className="site-header__brand">
          <Logo label={t('shell.home')} />
          <span>{t('meta.siteName')}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
          onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
        >
          <span
            aria-hidden="true"
            className={menuOpen ? 'menu-toggle__icon is-open' : 'menu-toggle__icon'}
          />
        </button>
        <nav
          id="site-menu"
          aria-label={t('shell.menu')}
          className={menuOpen ? 'site-menu is-open' : 'site-menu'}
        >
          <ul>
            {MENU_ITEMS.map((item) => (
              <li key={item.key}>
                <Link
                  to={localize(item.path)}
                  className={item.key === active ? 'is-active' : undefined}
                  aria-current={item.key === active ? 'page' : undefined}
                >
                  {item.label[lang]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
