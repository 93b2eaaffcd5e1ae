import { useDeferredValue, useId, useState } from 'react';
import { Link, useNavigate, useUrl } from '../../shared/router.ts';
import { format, siteMessages, type FaqArticleSummary } from '@hainiao/contract';
import { callDocument } from '../../api/cloud.ts';
import { faqCategoriesKey, faqListKey } from '../../shared/dataKeys.ts';
import { faqCopy } from '../../locales/pages/faq.ts';
import { useCloudData } from '../../shared/cloudData.tsx';
import { useHydrated } from '../../shared/data.tsx';
import { QueryScope } from '../../shared/QueryScope.tsx';
import { useText } from '../../app/i18n.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { PageHero } from '../../shared/ui/PageHero.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import './faq.css';

/** The category a URL hash selects (`#12`), or null for all. */
export function categoryFromHash(hash: string): number | null {
  const match = /^#(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

function matches(article: FaqArticleSummary, query: string): boolean {
  if (!query) return true;
  const haystack = `${article.title} ${article.summary} ${article.category_name}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The page inside the app's query cache (its data refreshes from the cloud). */
export default function FaqListPage() {
  return (
    <QueryScope>
      <FaqList />
    </QueryScope>
  );
}

function FaqList() {
  usePageMeta('faq');
  const copy = useCopy(faqCopy);
  const common = useText().common;
  const lang = useLang();
  const localize = useLocalize();
  const location = useUrl();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());

  const categories = useCloudData(faqCategoriesKey(lang), (signal) =>
    callDocument({ mod: 'category' }, lang, { signal }),
  );
  const list = useCloudData(faqListKey(lang), (signal) =>
    callDocument({ mod: 'list' }, lang, { signal }),
  );

  // The hash is known only to the browser: read it after hydration, so the markup matches.
  const hashCategory = hydrated ? categoryFromHash(location.hash) : null;
  const selected =
    hashCategory !== null && categories.data?.some((c) => c.id === hashCategory)
      ? hashCategory
      : null;

  function selectCategory(id: number | null) {
    // Same path: the shell keeps the scroll position.
    void navigate(`${location.pathname}${location.search}${id === null ? '' : `#${id}`}`, {
      replace: true,
    });
  }

  const articles = (list.data ?? []).filter(
    (article) =>
      (selected === null || article.article_category_id === selected) &&
      matches(article, deferredQuery),
  );
  const total = list.data?.length ?? 0;

  return (
    <>
      <PageHero center eyebrow={copy.hero.eyebrow} title={copy.hero.title} lead={copy.hero.text}>
        <form className="search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            {copy.search.label}
          </label>
          <Icon name="search" size={22} className="search__icon" />
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={copy.search.placeholder}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
      </PageHero>

      <div className="section faq">
        <fieldset className="category-filter">
          <legend className="visually-hidden">{copy.categories}</legend>
          <label className={selected === null ? 'chip is-checked' : 'chip'}>
            <input
              type="radio"
              name="faq-category"
              value=""
              checked={selected === null}
              onChange={() => selectCategory(null)}
            />
            {copy.all}
            <span className="chip__count">{total}</span>
          </label>
          {categories.data?.map((category) => (
            <label
              key={category.id}
              className={selected === category.id ? 'chip is-checked' : 'chip'}
            >
              <input
                type="radio"
                name="faq-category"
                value={category.id}
                checked={selected === category.id}
                onChange={() => selectCategory(category.id)}
              />
              {category.name}
              <span className="chip__count">{category.count}</span>
            </label>
          ))}
        </fieldset>

        {list.loading && (
          <p className="notice" aria-busy="true">
            <span className="spinner" aria-hidden="true" />
            {copy.loading}
          </p>
        )}
        {list.error !== undefined && (
          <div className="notice notice--error" role="alert">
            <p>{copy.error}</p>
            <button type="button" className="button button--outline" onClick={list.reload}>
              {common.retry}
            </button>
          </div>
        )}

        {list.data && (
          <p className="faq__count" aria-live="polite">
            {format(copy.results, { count: articles.length })}
          </p>
        )}

        {list.data && articles.length === 0 && (
          <div className="empty-state" role="status">
            <Icon name="search" size={40} />
            <p>{siteMessages.faq.noMatches[lang]}</p>
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                setQuery('');
                selectCategory(null);
              }}
            >
              {siteMessages.faq.backToList[lang]}
            </button>
          </div>
        )}

        {articles.length > 0 && (
          <ul className="article-grid">
            {articles.map((article) => (
              <li key={article.id} className="card article-card">
                <span className="article-card__category">{article.category_name}</span>
                <h2>
                  <Link to={localize(`/faq/${article.ename}.html`)}>{article.title}</Link>
                </h2>
                <p>{article.summary}</p>
                <span className="article-card__more" aria-hidden="true">
                  {common.readMore}
                  <Icon name="arrowRight" size={16} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
