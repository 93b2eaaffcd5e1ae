import { Link } from '../../shared/router.ts';
import { applicationCopy } from '../../locales/pages/application.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { IconCard } from '../../shared/ui/IconCard.tsx';
import { PageHero } from '../../shared/ui/PageHero.tsx';
import { Accordion } from '../../shared/ui/Accordion.tsx';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';
import './application.css';

const DETAIL_ICONS: IconName[] = ['layers', 'target', 'shield', 'code'];
const OTHER_ICONS: IconName[] = ['chat', 'link', 'megaphone'];

export default function ApplicationPage() {
  usePageMeta('application');
  const copy = useCopy(applicationCopy);
  const localize = useLocalize();

  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} title={copy.hero.title} lead={copy.hero.text} />

      <section className="section" aria-labelledby="ecommerce-title">
        <article className="showcase">
          <div className="showcase__intro">
            <span className="tag tag--brand">{copy.ecommerce.tag}</span>
            <h2 id="ecommerce-title">{copy.ecommerce.title}</h2>
            <p>{copy.ecommerce.text}</p>
            <ul className="check-list">
              {copy.ecommerce.features.map((feature) => (
                <li key={feature}>
                  <Icon name="check" size={20} />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <ul className="detail-grid">
            {copy.ecommerce.details.map((detail, index) => (
              <IconCard
                key={detail.title}
                compact
                icon={DETAIL_ICONS[index] ?? 'check'}
                title={detail.title}
                text={detail.text}
              />
            ))}
          </ul>
        </article>
      </section>

      <section className="band band--soft" aria-labelledby="others-title">
        <div className="section">
          <header className="section__header">
            <h2 id="others-title" className="section__title">
              {copy.others.title}
            </h2>
            <p className="section__lead">{copy.others.lead}</p>
          </header>
          <ul className="card-grid card-grid--3">
            {copy.others.items.map((item, index) => (
              <IconCard
                key={item.title}
                icon={OTHER_ICONS[index] ?? 'check'}
                title={item.title}
                text={item.text}
              />
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--medium" aria-labelledby="stories-title">
        <header className="section__header">
          <p className="eyebrow">{copy.stories.eyebrow}</p>
          <h2 id="stories-title" className="section__title">
            {copy.stories.title}
          </h2>
        </header>
        <Accordion
          items={copy.stories.items.map((story) => ({
            title: story.title,
            content: <p>{story.text}</p>,
          }))}
        />
      </section>

      <section className="section cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{copy.cta.title}</h2>
        <p>{copy.cta.text}</p>
        <div className="cta__actions">
          <Link className="button button--primary" to={localize('/download')}>
            <Icon name="download" size={20} />
            {copy.cta.button}
          </Link>
        </div>
      </section>
    </>
  );
}
