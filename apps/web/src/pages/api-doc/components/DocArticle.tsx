import type { ReactNode } from 'react';
import { Link } from '../../../shared/router.ts';
import { API_DOC_NAV, API_DOC_TITLES, apiDocPath, type ApiDocSlug } from '@hainiao/contract';
import { useLang, useLocalize } from '../../../shared/useLang.ts';
import { Inline } from './Inline.tsx';
import { useDocCopy } from './useDocCopy.ts';

export interface TocEntry {
  id: string;
  title: string;
}

const ORDER: readonly ApiDocSlug[] = API_DOC_NAV.flatMap((group) => group.pages);

/**
 * A documentation page: heading and lead, the content, links to the previous and next page, and
 * the page's table of contents beside it.
 */
export function DocArticle({
  slug,
  lead,
  toc,
  children,
}: {
  slug: ApiDocSlug;
  lead?: string;
  toc: readonly TocEntry[];
  children: ReactNode;
}) {
  const lang = useLang();
  const localize = useLocalize();
  const copy = useDocCopy();
  const index = ORDER.indexOf(slug);
  const previous = ORDER[index - 1];
  const next = ORDER[index + 1];
  return (
    <div className="doc-article">
      <article className="doc-content" aria-labelledby="doc-title">
        <header className="doc-header">
          <p className="doc-eyebrow">{copy.docs}</p>
          <h1 id="doc-title">{API_DOC_TITLES[slug][lang]}</h1>
          {lead ? (
            <p className="doc-lead">
              <Inline text={lead} />
            </p>
          ) : null}
        </header>
        {children}
        <nav className="doc-pager" aria-label={`${copy.previous} / ${copy.next}`}>
          {previous ? (
            <Link className="doc-pager__link" rel="prev" to={localize(apiDocPath(previous))}>
              <span>{copy.previous}</span>
              {API_DOC_TITLES[previous][lang]}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              className="doc-pager__link doc-pager__link--next"
              rel="next"
              to={localize(apiDocPath(next))}
            >
              <span>{copy.next}</span>
              {API_DOC_TITLES[next][lang]}
            </Link>
          ) : null}
        </nav>
      </article>
      {toc.length > 0 ? (
        <nav className="doc-toc" aria-labelledby="doc-toc-title">
          <p id="doc-toc-title" className="doc-toc__title">
            {copy.onThisPage}
          </p>
          <ul>
            {toc.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** A section of a page with an anchored heading. */
export function DocSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      className={className ? `doc-section ${className}` : 'doc-section'}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>
        {title}
        <a className="doc-anchor" href={`#${id}`} aria-label={`${title} (link)`}>
          #
        </a>
      </h2>
      {children}
    </section>
  );
}
