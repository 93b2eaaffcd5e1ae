import { useEffect, useState } from 'react';
import { Link, usePathname } from '../shared/router.ts';
import { activeMenuKey, MENU_ITEMS, MOBILE_BREAKPOINT_PX } from '@hainiao/contract';
import { useLang, useLocalize } from '../shared/useLang.ts';
import { AccountMenu } from '../features/account/AccountMenu.tsx';
import { useText } from './i18n.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';

/**
 * Header: logo (to home), the menu, and the actions — language dropdown and account entry. On
 * screens up to 768px the menu collapses behind a toggle; it closes itself on navigation, on
 * Escape, and when the window grows wider than the breakpoint.
 */
export function Header() {
  const text = useText();
  const lang = useLang();
  const localize = useLocalize();
  const pathname = usePathname();
  const active = activeMenuKey(pathname);
  // The mobile menu is open for the path it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

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
    <header
      className="site-header"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) setOpenOn(null);
      }}
    >
      <a className="skip-link" href="#main">
        {text.shell.skipToContent}
      </a>
      <div className="site-header__inner">
        <Link to={localize('/')} className="site-header__brand">
          <Logo label={text.shell.home} />
          <span aria-hidden="true">{text.meta.siteName}</span>
        </Link>
        <nav
          id="site-menu"
          aria-label={text.shell.menu}
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
        <div className="site-header__actions">
          <LanguageSwitch />
          {/* Account entry slot (features/account): sign-in, or the signed-in email. */}
          <AccountMenu text={text.shell.account} />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            aria-label={menuOpen ? text.shell.closeMenu : text.shell.openMenu}
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <span
              aria-hidden="true"
              className={menuOpen ? 'menu-toggle__icon is-open' : 'menu-toggle__icon'}
            />
          </button>
        </div>
      </div>
    </header>
  );
}
