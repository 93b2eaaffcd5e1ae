import { App, Button, Card, Tabs } from 'antd';
import { Link, useNavigate } from '../../shared/router.ts';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { clearSession } from '../../features/account/session.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useRequireSession } from '../../features/account/useRequireSession.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { CredentialsTab } from './CredentialsTab.tsx';
import { TeamTab } from './TeamTab.tsx';
import { UsageLogsTab } from './UsageLogsTab.tsx';
import { useTeamText } from './useTeam.ts';
import '../../features/account/account.css';

/**
 * "Sign out everywhere", after a confirmation: the cloud revokes every session of the account (in
 * every browser and device), and this tab signs out too.
 */
function SignOutEverywhere({ token }: { token: string }) {
  const text = useAccountText().console;
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();

  function confirm() {
    modal.confirm({
      title: text.signOutEverywhereTitle,
      content: text.signOutEverywhereText,
      okText: text.signOutEverywhereOk,
      okButtonProps: { danger: true },
      cancelText: text.cancel,
      async onOk() {
        try {
          await callCloud('/api/hainiao/signoutall', { token }, lang);
        } catch (error) {
          // A token the cloud no longer knows is signed out already; anything else is a failure.
          if (!(error instanceof CloudCallError && error.code === 401)) {
            void message.error(text.signOutEverywhereFailed);
            return;
          }
        }
        void navigate(localize('/'));
        clearSession();
      },
    });
  }

  return (
    <Button danger onClick={confirm}>
      {text.signOutEverywhere}
    </Button>
  );
}

function Console() {
  const text = useAccountText().console;
  const localize = useLocalize();
  const session = useRequireSession();
  const teamText = useTeamText();
  return (
    <section className="console">
      <div className="console__head console__head--actions">
        <div>
          <h1>{text.title}</h1>
          <p>{text.subtitle}</p>
        </div>
        {session && <SignOutEverywhere token={session.token} />}
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
            { key: 'team', label: teamText.tab, children: <TeamTab token={session.token} /> },
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
