/**
 * The frame of the signed-in pages: navigation, the account with its type and dates, sign-out, and
 * the notice of a newer client.
 */
import {
  AppstoreOutlined,
  ApiOutlined,
  CodeOutlined,
  DesktopOutlined,
  GlobalOutlined,
  LogoutOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  Alert,
  App as AntApp,
  Button,
  ConfigProvider,
  Dropdown,
  Layout,
  Menu,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDateTime } from '../shared/format.ts';
import { useCopy, useLang } from '../shared/lang.tsx';
import { useRunning } from '../shared/running.tsx';
import { useAuth } from '../shared/auth.tsx';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch.tsx';
import { shellCopy } from './locales.ts';
import { UpdateNotice } from './UpdateNotice.tsx';
import { PATHS } from '../shared/paths.ts';
import './shell.css';

// Narrower items than Ant Design's default, so every page's entry fits beside the tools at 1024 px
// (the menu would otherwise fold the last ones behind "…"); tokens keep the underline in step.
const COMPACT_MENU = { components: { Menu: { itemPaddingInline: 12, iconMarginInlineEnd: 8 } } };

export function Shell({ children }: { children: ReactNode }) {
  const t = useCopy(shellCopy);
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const { state, membership, signOut } = useAuth();
  const stream = useRunning();
  const { modal } = AntApp.useApp();

  const items = [
    { key: PATHS.environments, icon: <DesktopOutlined />, label: t.environments },
    { key: PATHS.proxies, icon: <GlobalOutlined />, label: t.proxies },
    { key: PATHS.groups, icon: <AppstoreOutlined />, label: t.groups },
    { key: PATHS.scripts, icon: <CodeOutlined />, label: t.scripts },
    { key: PATHS.plugins, icon: <ApiOutlined />, label: t.plugins },
    { key: PATHS.team, icon: <TeamOutlined />, label: t.team },
  ];

  const confirmSignOut = () =>
    modal.confirm({
      title: t.signOutTitle,
      content: t.signOutBody,
      okText: t.signOutOk,
      cancelText: t.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        await signOut();
        void navigate(PATHS.signIn);
      },
    });

  const account = state?.account ?? '';
  return (
    <Layout className="shell">
      <Layout.Header className="shell__header">
        <div className="shell__brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span className="shell__brand-name">{t.brand}</span>
        </div>
        <ConfigProvider theme={COMPACT_MENU}>
          <Menu
            className="shell__nav"
            mode="horizontal"
            selectedKeys={[location.pathname]}
            items={items}
            onClick={({ key }) => void navigate(key)}
          />
        </ConfigProvider>
        <Space size="middle" className="shell__tools">
          <LanguageSwitch />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'info',
                  disabled: true,
                  label: (
                    <div className="shell__account-info">
                      <Typography.Text strong>{account}</Typography.Text>
                      {membership && (
                        <>
                          <div>
                            <Tag color={membership.type === 0 ? 'blue' : 'purple'}>
                              {membership.type === 0 ? t.mainAccount : t.subAccount}
                            </Tag>
                          </div>
                          <div>
                            {t.registered}: {formatDateTime(membership.registered, lang)}
                          </div>
                          <div>
                            {t.expires}: {formatDateTime(membership.expires, lang)}
                          </div>
                        </>
                      )}
                    </div>
                  ),
                },
                { type: 'divider' },
                {
                  key: 'sign-out',
                  icon: <LogoutOutlined />,
                  label: t.signOut,
                  onClick: () => {
                    confirmSignOut();
                  },
                },
              ],
            }}
          >
            {/* The name may be cut short (or, on narrow windows, shown only in the menu). */}
            <Button
              icon={<UserOutlined />}
              data-testid="account-menu"
              aria-label={account}
              title={account}
            >
              <span className="shell__account-name">{account}</span>
            </Button>
          </Dropdown>
        </Space>
      </Layout.Header>
      {!stream.connected && (
        <Alert type="warning" banner title={t.offline} className="shell__offline" />
      )}
      <UpdateNotice />
      <Layout.Content className="shell__content">{children}</Layout.Content>
    </Layout>
  );
}
