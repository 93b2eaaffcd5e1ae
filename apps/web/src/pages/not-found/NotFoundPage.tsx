import { Link } from '../../shared/router.ts';
import { useText } from '../../app/i18n.ts';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';

export default function NotFoundPage() {
  usePageMeta('notFound');
  const text = useText().notFound;
  const localize = useLocalize();
  return (
    <section className="section section--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{text.title}</h1>
      <p>{text.text}</p>
      <div className="not-found__actions">
        <Link className="button button--primary" to={localize('/')}>
          {text.back}
        </Link>
        <Link className="button button--outline" to={localize('/faq')}>
          {text.help}
        </Link>
      </div>
    </section>
  );
}
