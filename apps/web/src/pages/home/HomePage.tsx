import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import type { Messages } from '../../locales/en.ts';

const FEATURE_ICONS = ['🛡️', '🌐', '🚀', '☁️'];

export default function HomePage() {
  usePageMeta('home');
  const { t } = useTranslation();
  const localize = useLocalize();
  const features = t('home.features', { returnObjects: true }) as Messages['home']['features'];

  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <span className="tag tag--free">{t('home.freeTag')}</span>
          <h1>{t('home.title')}</h1>
          <p className="hero__lead">{t('home.description')}</p>
          <div className="hero__actions">
            <Link className="button button--primary" to={localize('/download')}>
              {t('home.downloadNow')}
            </Link>
            <a
              className="button button--ghost"
              href="#features"
              onClick={(event) => {
                event.preventDefault();
                document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' });
              }}
            >
              {t('home.learnMore')}
            </a>
          </div>
        </div>
      </section>
      <section id="features" className="section">
        <h2 className="section__title">{t('home.featuresTitle')}</h2>
        <ul className="card-grid">
          {features.map((feature, index) => (
            <li key={feature.title} className="card">
              <span className="card__icon" aria-hidden="true">
                {FEATURE_ICONS[index]}
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
