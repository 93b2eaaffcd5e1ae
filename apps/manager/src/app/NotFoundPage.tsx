/** The manager's answer to an address it does not have (the service serves it with HTTP 404). */
import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { fill } from '../shared/format.ts';
import { useCopy } from '../shared/lang.tsx';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch.tsx';
import { PATHS } from '../shared/paths.ts';

const copy = {
  en: {
    title: 'Page not found',
    body: 'The environment manager has no page at {path}. Check the address, or go to your environments.',
    home: 'Go to environments',
  },
  zh: {
    title: '页面不存在',
    body: '环境管理器中没有 {path} 这个页面。请检查地址，或前往环境列表。',
    home: '前往环境列表',
  },
};

export default function NotFoundPage() {
  const t = useCopy(copy);
  const { pathname } = useLocation();
  return (
    <main className="not-found">
      <div className="not-found__lang">
        <LanguageSwitch />
      </div>
      <Result
        status="404"
        title={t.title}
        subTitle={fill(t.body, { path: pathname })}
        extra={
          <Link to={PATHS.environments}>
            <Button type="primary">{t.home}</Button>
          </Link>
        }
      />
    </main>
  );
}
