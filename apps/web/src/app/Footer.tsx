import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_ITEMS } from '@hainiao/contract';
import { useLang, useLocalize } from '../shared/useLang.ts';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section>
          <h2>{t('shell.footer.about')}</h2>
          <p>{t('shell.footer.aboutText')}</p>
        </section>
        <section>
          <h2>{t('shell.footer.contact')}</h2>
          <p>{t('shell.footer.contactText')}</p>
        </section>
        <section>
          <h2>{t('shell.footer.links')}</h2>
          <ul>
            {MENU_ITEMS.filter((item) => item.key !== 'home').map((item) => (
              <li key={item.key}>
                <Link to={localize(item.path)}>{item.label[lang]}</Link>
              </li>
            ))}
            <li>
              <Link to={localize('/privacy')}>{t('shell.footer.privacy')}</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__copyright">
        {t('shell.footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
