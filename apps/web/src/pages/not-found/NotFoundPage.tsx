import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';

export default function NotFoundPage() {
  usePageMeta('notFound');
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <section className="section section--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button button--primary" to={localize('/')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
