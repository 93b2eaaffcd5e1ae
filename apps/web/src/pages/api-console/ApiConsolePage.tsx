import { Card, Tabs } from 'antd';
import { Link } from 'react-router';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useRequireSession } from '../../features/account/useRequireSession.ts';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { CredentialsTab } from './CredentialsTab.tsx';
import { UsageLogsTab } from './UsageLogsTab.tsx';
import '../../features/account/account.css';

function Console() {
  const text = useAccountText().console;
  const localize = useLocalize();
  const session = useRequireSession();
  return (
    <section className="console">
      <div className="console__head">
        <h1>{text.title}</h1>
        <p>{text.subtitle}</p>
      </div>
      <Card style={{ marginBottom: 24 }}>
        <h2 style={{ margin: '0 0 6px', fontSize: 18 }}>{text.docsTitle}</h2>
        <p style={{ margin: '0 0 8px' }}>{text.docsText}</p>
        <Link to={localize('/api/doc')}>{text.docsLink} →</Link>
      </Card>
      {session && (
        <Tabs
          items={[
            {
              key: 'list',
              label: text.tabList,
              children: <CredentialsTab token={session.token} />,
            },
            { key: 'logs', label: text.tabLogs, children: <UsageLogsTab token={session.token} /> },
          ]}
        />
      )}
    </section>
  );
}

export default function ApiConsolePage() {
  usePageMeta(useAccountText().meta.api);
  return <Console />;
}
