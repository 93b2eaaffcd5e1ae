import { Link } from '../../shared/router.ts';
import { useChatOffered } from '../../app/ChatScript.ts';
import { privacyCopy } from '../../locales/pages/privacy.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { PageHero } from '../../shared/ui/PageHero.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import './privacy.css';

export default function PrivacyPage() {
  usePageMeta('privacy');
  const copy = useCopy(privacyCopy);
  const localize = useLocalize();
  const chat = useChatOffered();

  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} title={copy.hero.title} lead={copy.hero.intro}>
        <p className="hero__meta">{copy.hero.updated}</p>
      </PageHero>

      <div className="section legal">
        <nav className="legal__toc" aria-labelledby="toc-title">
          <h2 id="toc-title">{copy.contents}</h2>
          <ol>
            {copy.sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#section-${index + 1}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="legal__body">
          {copy.sections.map((section, index) => (
            <section
              key={section.title}
              id={`section-${index + 1}`}
              className="legal__section"
              aria-labelledby={`section-${index + 1}-title`}
            >
              <h2 id={`section-${index + 1}-title`}>
                <span className="legal__number">{index + 1}.</span> {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.points.length > 0 && (
                <ul>
                  {section.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}

          <aside className="support-card" aria-labelledby="support-title">
            <h2 id="support-title">
              <Icon name="clock" size={22} />
              {copy.support.title}
            </h2>
            <dl>
              {copy.support.items.map((item) => (
                <div key={item.label}>
                  <dt>{item.label}</dt>
                  <dd>{chat && item.withChat ? item.withChat : item.value}</dd>
                </div>
              ))}
            </dl>
            <p>
              {copy.support.note} <Link to={localize('/faq')}>{copy.support.faq}</Link>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
