import { Link } from '../../shared/router.ts';
import { HOME_STATS } from '@hainiao/contract';
import { homeCopy } from '../../locales/pages/home.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { IconCard } from '../../shared/ui/IconCard.tsx';
import { Carousel } from '../../shared/ui/Carousel.tsx';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';
import { Tabs } from '../../shared/ui/Tabs.tsx';
import './home.css';

const FEATURE_ICONS: IconName[] = ['shield', 'globe', 'rocket', 'cloud'];
const SPECIALITY_IMAGES = [
  '/images/speciality-environments.svg',
  '/images/speciality-team.svg',
  '/images/speciality-automation.svg',
];

export default function HomePage() {
  usePageMeta('home');
  const copy = useCopy(homeCopy);
  const localize = useLocalize();

  return (
    <>
      <section className="hero hero--home">
        <div className="hero__inner hero__inner--split">
          <div className="hero__text">
            <span className="tag tag--free">{copy.hero.freeTag}</span>
            <h1>{copy.hero.title}</h1>
            <p className="hero__lead">{copy.hero.description}</p>
            <div className="hero__actions">
              <Link className="button button--light" to={localize('/download')}>
                <Icon name="download" size={20} />
                {copy.hero.downloadNow}
              </Link>
              <a
                className="button button--ghost"
                href="#features"
                onClick={(event) => {
                  event.preventDefault();
                  const target = document.getElementById('features');
                  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  target?.focus({ preventScroll: true });
                }}
              >
                {copy.hero.learnMore}
              </a>
            </div>
            <ul className="hero__points">
              {copy.hero.points.map((point) => (
                <li key={point}>
                  <Icon name="check" size={18} />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="hero__visual">
            <img src="/images/hero-app.svg" alt={copy.hero.imageAlt} width={560} height={420} />
          </div>
        </div>
      </section>

      <section id="features" className="section" tabIndex={-1} aria-labelledby="features-title">
        <header className="section__header">
          <p className="eyebrow">{copy.features.eyebrow}</p>
          <h2 id="features-title" className="section__title">
            {copy.features.title}
          </h2>
          <p className="section__lead">{copy.features.lead}</p>
        </header>
        <ul className="card-grid card-grid--4">
          {copy.features.items.map((feature, index) => (
            <IconCard
              key={feature.title}
              icon={FEATURE_ICONS[index] ?? 'check'}
              title={feature.title}
              text={feature.text}
            />
          ))}
        </ul>
      </section>

      <section className="band" aria-labelledby="explainer-title">
        <div className="section explainer">
          <div className="explainer__text">
            <p className="eyebrow">{copy.explainer.eyebrow}</p>
            <h2 id="explainer-title" className="section__title section__title--left">
              {copy.explainer.title}
            </h2>
            {copy.explainer.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <dl className="stats">
            {HOME_STATS.map((value, index) => (
              <div key={value} className="stats__item">
                <dt>{copy.explainer.stats[index]?.label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="speciality-title">
        <header className="section__header">
          <p className="eyebrow">{copy.specialities.eyebrow}</p>
          <h2 id="speciality-title" className="section__title">
            {copy.specialities.title}
          </h2>
        </header>
        <Tabs
          label={copy.specialities.title}
          items={copy.specialities.items.map((item, index) => ({
            title: item.title,
            content: (
              <div className="speciality">
                <div className="speciality__text">
                  <h3>{item.title}</h3>
                  <p>{item.description}</p>
                </div>
                <img
                  src={SPECIALITY_IMAGES[index]}
                  alt={item.alt}
                  width={480}
                  height={320}
                  loading="lazy"
                  decoding="async"
                />
              </div>
            ),
          }))}
        />
      </section>

      <section className="band band--soft" aria-labelledby="testimonials-title">
        <div className="section">
          <header className="section__header">
            <p className="eyebrow">{copy.testimonials.eyebrow}</p>
            <h2 id="testimonials-title" className="section__title">
              {copy.testimonials.title}
            </h2>
          </header>
          <Carousel
            labels={copy.testimonials}
            slides={copy.testimonials.items.map((item) => (
              <figure className="testimonial" key={item.author}>
                <Icon name="quote" size={36} className="testimonial__quote" />
                <blockquote>
                  <p>{item.text}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial__avatar" aria-hidden="true">
                    {item.author.slice(0, 1)}
                  </span>
                  <span>
                    <strong>{item.author}</strong>
                    <span className="testimonial__position">{item.position}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          />
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{copy.cta.title}</h2>
        <p>{copy.cta.text}</p>
        <div className="cta__actions">
          <Link className="button button--primary" to={localize('/download')}>
            <Icon name="download" size={20} />
            {copy.cta.button}
          </Link>
          <Link className="button button--outline" to={localize('/application')}>
            {copy.cta.secondary}
          </Link>
        </div>
      </section>
    </>
  );
}
