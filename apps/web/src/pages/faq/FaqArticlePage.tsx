import { useMemo, useRef, type MouseEvent } from 'react';
import { Link, useNavigate, useParams } from '../../shared/router.ts';
import { format, siteMessages } from '@hainiao/contract';
import { CloudCallError, callDocument } from '../../api/cloud.ts';
import { faqArticleKey } from '../../shared/dataKeys.ts';
import { faqCopy } from '../../locales/pages/faq.ts';
import { useCloudData } from '../../shared/cloudData.tsx';
import { QueryScope } from '../../shared/QueryScope.tsx';
import { useText } from '../../app/i18n.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import NotFoundPage from '../not-found/NotFoundPage.tsx';
import { renderMarkdown } from './markdown.ts';
import './faq.css';

/** The article id (or ename) of /faq/{id}.html, or null when the file name is not of that shape. */
export function articleIdFromFile(file: string | undefined): string | null {
  return /^([^/]+)\.html$/.exec(file ?? '')?.[1] ?? null;
}

/** The page inside the app's query cache (its data refreshes from the cloud). */
export default function FaqArticleRoute() {
  return (
    <QueryScope>
      <FaqArticleInScope />
    </QueryScope>
  );
}

function FaqArticleInScope() {
  const id = articleIdFromFile(useParams().file);
  return id === null ? <NotFoundPage /> : <FaqArticlePage id={id} />;
}

function FaqArticlePage({ id }: { id: string }) {
  const copy = useCopy(faqCopy);
  const common = useText().common;
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const drawer = useRef<HTMLDialogElement>(null);
  const article = useCloudData(faqArticleKey(lang, id), (signal) =>
    callDocument({ mod: 'article', id }, lang, { signal }),
  );
  const data = article.data;
  usePageMeta('faqArticle', data ? { title: data.title, description: data.summary } : undefined);
  const html = useMemo(() => (data ? renderMarkdown(data.content, lang) : ''), [data, lang]);
  const notFound = article.error instanceof CloudCallError && article.error.code === 404;

  // Links inside the article to other pages of the site navigate without reloading.
  function onContentClick(event: MouseEvent<HTMLDivElement>) {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate(href);
  }

  const backToList = (
    <Link className="button button--outline" to={localize('/faq')}>
      <Icon name="arrowLeft" size={18} />
      {siteMessages.faq.backToList[lang]}
    </Link>
  );

  if (notFound) {
    return (
      <div className="section section--narrow">
        <div className="empty-state" role="status">
          <Icon name="search" size={40} />
          <h1>{siteMessages.faq.articleNotFound[lang]}</h1>
          <p>{copy.article.notFoundText}</p>
          {backToList}
        </div>
      </div>
    );
  }

  const category = data?.category_list.find((c) => c.id === data.article_category_id);

  return (
    <div className="section article-layout">
      <nav className="breadcrumb" aria-label={copy.article.breadcrumb}>
        <ol>
          <li>
            <Link to={localize('/faq')}>{copy.article.breadcrumb}</Link>
          </li>
          {data && (
            <li>
              <Link to={localize(`/faq#${data.article_category_id}`)}>{data.category_name}</Link>
            </li>
          )}
        </ol>
      </nav>

      {article.loading && (
        <div className="article article--loading" aria-busy="true">
          <p className="notice">
            <span className="spinner" aria-hidden="true" />
            {copy.article.loading}
          </p>
        </div>
      )}

      {article.error !== undefined && !notFound && (
        <div className="notice notice--error" role="alert">
          <p>{copy.article.error}</p>
          <button type="button" className="button button--outline" onClick={article.reload}>
            {common.retry}
          </button>
          {backToList}
        </div>
      )}

      {data && (
        <article className="article">
          <header className="article__header">
            <h1>{data.title}</h1>
            <p className="article__meta">
              <span className="tag tag--brand">{data.category_name}</span>
              <time dateTime={data.updated_at}>
                {format(copy.article.updated, { date: data.updated_at })}
              </time>
            </p>
            <div className="article__actions">
              <button
                type="button"
                className="button button--outline button--small"
                aria-haspopup="dialog"
                onClick={() => drawer.current?.showModal()}
              >
                <Icon name="list" size={18} />
                {copy.article.openCategories}
              </button>
              {category && (
                <Link
                  className="button button--text button--small"
                  to={localize(`/faq#${category.id}`)}
                >
                  {format(copy.article.goToCategory, { name: category.name })}
                  <Icon name="arrowRight" size={16} />
                </Link>
              )}
            </div>
          </header>
          <div
            className="markdown"
            onClick={onContentClick}
            dangerouslySetInnerHTML={{ __html: html }}
          />
          <footer className="article__footer">
            {backToList}
            <aside className="help-box">
              <h2>{copy.article.stillStuck}</h2>
              <p>{copy.article.stillStuckText}</p>
              <Link to={localize('/ticket/add')}>{copy.article.openTicket}</Link>
            </aside>
          </footer>

          <dialog
            ref={drawer}
            className="drawer"
            aria-labelledby="faq-drawer-title"
            onClick={(event) => {
              if (event.target === event.currentTarget) drawer.current?.close();
            }}
          >
            <div className="drawer__panel">
              <header className="drawer__header">
                <h2 id="faq-drawer-title">{copy.article.drawerTitle}</h2>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={copy.article.closeCategories}
                  onClick={() => drawer.current?.close()}
                >
                  <Icon name="close" size={20} />
                </button>
              </header>
              <ul className="drawer__list">
                {data.category_list.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={localize(`/faq#${item.id}`)}
                      aria-current={item.id === data.article_category_id ? 'true' : undefined}
                      onClick={() => drawer.current?.close()}
                    >
                      <span>{item.name}</span>
                      <span className="chip__count">{item.count}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </dialog>
        </article>
      )}
    </div>
  );
}
