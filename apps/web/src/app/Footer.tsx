import { Link } from '../shared/router.ts';
import { format, MENU_ITEMS } from '@hainiao/contract';
import { useLang, useLocalize } from '../shared/useLang.ts';
import { useChatOffered } from './ChatScript.ts';
import { useText } from './i18n.ts';
import { Logo } from './Logo.tsx';

export function Footer() {
  const text = useText().shell.footer;
  const siteName = useText().meta.siteName;
  const lang = useLang();
  const localize = useLocalize();
  // The chat is promised only where it is loaded (a chat script, when one is configured).
  const chat = useChatOffered();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__brand" aria-labelledby="footer-about">
          <p className="site-footer__logo">
            <Logo label="" />
            <span>{siteName}</span>
          </p>
          <h2 id="footer-about">{text.about}</h2>
          <p>{text.aboutText}</p>
          <p className="site-footer__free">{text.free}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{text.contact}</h2>
          <p>{text.contactHours}</p>
          <p>
            <Link to={localize('/ticket/add')}>{text.contactTicket}</Link>
          </p>
          {chat && <p className="site-footer__chat">{text.contactChat}</p>}
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{text.links}</h2>
          <ul>
            {MENU_ITEMS.filter((item) => item.key !== 'home').map((item) => (
              <li key={item.key}>
                <Link to={localize(item.path)}>{item.label[lang]}</Link>
              </li>
            ))}
            <li>
              <Link to={localize('/privacy')}>{text.privacy}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer__bottom">
        {/* The build may be older than the visit: the year is the visitor's, not the build's. */}
        <p suppressHydrationWarning>{format(text.copyright, { year })}</p>
        <p>
          <Link to={localize('/privacy')}>{text.privacy}</Link>
        </p>
      </div>
    </footer>
  );
}
