import { Link } from '../../shared/router.ts';
import type { Lang } from '@hainiao/contract';
import { useChatOffered } from '../../app/ChatScript.ts';
import { priceCopy } from '../../locales/pages/price.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { PageHero } from '../../shared/ui/PageHero.tsx';
import { Accordion } from '../../shared/ui/Accordion.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import './price.css';

/** Sentences run on as each language writes them: Chinese without a space, English with one. */
function sentences(lang: Lang, ...parts: string[]): string {
  return parts.join(lang === 'zh' ? '' : ' ');
}

export default function PricePage() {
  usePageMeta('price');
  const copy = useCopy(priceCopy);
  const lang = useLang();
  const localize = useLocalize();
  // The chat is mentioned only where it is loaded, like the footer does.
  const chat = useChatOffered();

  return (
    <>
      <PageHero center eyebrow={copy.hero.eyebrow} title={copy.hero.title} lead={copy.hero.text} />

      <section className="section pricing" aria-label={copy.plan.name}>
        <article className="plan">
          <header className="plan__header">
            <h2>{copy.plan.name}</h2>
            <span className="tag tag--free">{copy.plan.tag}</span>
          </header>
          <p className="plan__price">
            <span className="plan__currency">{copy.plan.currency}</span>
            <span className="plan__amount">{copy.plan.price}</span>
            <span className="plan__period">/ {copy.plan.period}</span>
          </p>
          <p className="plan__summary">{copy.plan.summary}</p>
          <ul className="check-list">
            {copy.plan.features.map((feature) => (
              <li key={feature}>
                <Icon name="check" size={20} />
                {feature}
              </li>
            ))}
          </ul>
          <Link className="button button--primary button--block" to={localize('/download')}>
            <Icon name="download" size={20} />
            {copy.plan.button}
          </Link>
          <p className="plan__note">
            <Icon name="windows" size={16} />
            {copy.plan.note}
          </p>
        </article>

        <div className="included">
          <h2>{copy.included.title}</h2>
          <ul className="included__list">
            {copy.included.items.map((item) => (
              <li key={item}>
                <Icon name="check" size={20} />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="band band--soft price-faq" aria-labelledby="price-faq-title">
        <div className="section section--medium">
          <h2 id="price-faq-title" className="section__title">
            {copy.faq.title}
          </h2>
          <Accordion
            items={copy.faq.items.map((item) => ({
              title: item.q,
              content: <p>{chat && item.chat ? sentences(lang, item.a, item.chat) : item.a}</p>,
            }))}
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
          <Link className="button button--outline" to={localize('/privacy')}>
            {copy.cta.terms}
          </Link>
        </div>
      </section>
    </>
  );
}
