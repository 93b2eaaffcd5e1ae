/**
 * The next step after Apply, and a credential's "Use in the manager" (issue 27): start Hainiao,
 * open the environment manager at its real address, and sign in there with Account, APP_ID and
 * APP_KEY, each one copy away. The address is the one the local service reported to the cloud when
 * it last logged in with the account's credentials (the list's manager_url), else the cloud's
 * MANAGER_URL setting, said to be the usual one. The key is fetched (getappkey) only to be copied:
 * it is neither shown nor logged.
 */
import { App, Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { format, managerAddress, siteMessages, type CredentialRow } from '@hainiao/contract';
import { formatDateTime } from '../../shared/format.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useLang } from '../../shared/useLang.ts';
import './manager-next-step.css';

const MASK = '••••••••••••••••';

export interface NextStep {
  appId: string;
  /** Opened by Apply (the credential is new), not from the list. */
  applied: boolean;
}

export function ManagerNextStep({
  step,
  row,
  account,
  keyOf,
  onClose,
}: {
  step: NextStep | null;
  /** The credential's row in the list (undefined while the list reloads after Apply). */
  row: CredentialRow | undefined;
  /** The session's account name (undefined until the team read answers). */
  account: string | undefined;
  /** The credential's key, through getappkey (cached by the caller). */
  keyOf: (appId: string) => Promise<string>;
  onClose: () => void;
}) {
  const text = useAccountText().console.manager;
  const lang = useLang();
  const { message } = App.useApp();
  // A value the cloud did not check is no link (the list's schema only says it is a string).
  const address = row ? managerAddress(row.manager_url) : null;
  const site = typeof window === 'undefined' ? '' : window.location.origin;

  async function copy(values: () => Promise<string>, done: string) {
    try {
      await navigator.clipboard.writeText(await values());
      void message.success(done);
    } catch {
      void message.error(siteMessages.console.copyFailed[lang]);
    }
  }

  const copyField = (field: string, value: () => Promise<string>) =>
    copy(value, format(text.copiedField, { field }));

  const copyAll = (appId: string) =>
    copy(async () => {
      const key = await keyOf(appId);
      return `${text.account}: ${account ?? ''}\nAPP_ID: ${appId}\nAPP_KEY: ${key}`;
    }, text.copiedAll);

  const copyButton = (field: string, onClick: () => void, disabled = false) => (
    <Button
      size="small"
      icon={<CopyOutlined />}
      aria-label={format(text.copyField, { field })}
      disabled={disabled}
      onClick={onClick}
    />
  );

  return (
    <Modal
      open={step !== null}
      title={step?.applied ? text.readyTitle : text.useTitle}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {text.done}
        </Button>
      }
      width={640}
      destroyOnHidden
    >
      {step && (
        <ol className="next-step" data-testid="next-step">
          <li>
            <h3>{text.startTitle}</h3>
            <p>{text.startText}</p>
            <pre className="next-step__command">
              <code>{`hainiao-api --cloud ${site}`}</code>
            </pre>
            <p>{text.startPrints}</p>
          </li>
          <li>
            <h3>{text.openTitle}</h3>
            {address && row ? (
              <>
                <Space wrap>
                  <Button
                    type="primary"
                    href={address}
                    target="_blank"
                    rel="noopener noreferrer"
                    icon={<ExportOutlined />}
                  >
                    {text.openButton}
                  </Button>
                  <Typography.Text code data-testid="manager-address">
                    {address}
                  </Typography.Text>
                </Space>
                <p className="next-step__note" data-testid="manager-address-note">
                  {row.manager_reported_at
                    ? format(text.reported, {
                        time: formatDateTime(row.manager_reported_at, lang),
                      })
                    : text.fallback}
                </p>
              </>
            ) : (
              <Space>
                <Spin size="small" />
                <span>{text.loading}</span>
              </Space>
            )}
          </li>
          <li>
            <h3>{text.signInTitle}</h3>
            <Descriptions column={1} bordered size="small" data-testid="next-step-fields">
              <Descriptions.Item label={text.account}>
                <Space>
                  <span className="console__key">{account ?? ''}</span>
                  {copyButton(
                    text.account,
                    () => void copyField(text.account, async () => account ?? ''),
                    !account,
                  )}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={text.appId}>
                <Space>
                  <span className="console__key">{step.appId}</span>
                  {copyButton(text.appId, () => void copyField(text.appId, async () => step.appId))}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={text.appKey}>
                <Space>
                  <span className="console__key">{MASK}</span>
                  {copyButton(
                    text.appKey,
                    () => void copyField(text.appKey, () => keyOf(step.appId)),
                  )}
                </Space>
              </Descriptions.Item>
            </Descriptions>
            <Button
              className="next-step__copy-all"
              icon={<CopyOutlined />}
              disabled={!account}
              onClick={() => void copyAll(step.appId)}
            >
              {text.copyAll}
            </Button>
          </li>
        </ol>
      )}
    </Modal>
  );
}
