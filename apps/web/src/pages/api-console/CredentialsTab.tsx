import { useCallback, useState } from 'react';
import { Alert, App, Button, Table, Tag, Tooltip } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LoginOutlined,
  PlusOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  credentialStatusInfo,
  format,
  siteMessages,
  type CredentialRow,
  type Lang,
  type Localized,
} from '@hainiao/contract';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useCloudQuery } from '../../shared/useCloudQuery.ts';
import { useLang } from '../../shared/useLang.ts';
import { ManagerNextStep, type NextStep } from './ManagerNextStep.tsx';
import { useTeam, useTeamText } from './useTeam.ts';
import './credentials.css';

/** A hidden key: its length says nothing of the key's. */
const MASK = '••••••••••••••••';

/**
 * The columns' widths (the key takes the rest): every column in view at 1024 px and up, in
 * either language, with no sideways scrolling.
 */
const WIDTHS = {
  en: { select: 64, appId: 168, status: 88, date: 124, manager: 196 },
  zh: { select: 64, appId: 168, status: 88, date: 136, manager: 172 },
} as const;

/** A shown key: when it needs two lines, it breaks in the middle (16 and 16 characters). */
function KeyText({ value }: { value: string }) {
  const half = Math.ceil(value.length / 2);
  return (
    <>
      {value.slice(0, half)}
      <wbr />
      {value.slice(half)}
    </>
  );
}

/** A date above its time, as formatDateTime writes them, so that a date column stays narrow. */
function DateTime({ value, lang }: { value: string; lang: Lang }) {
  const full = formatDateTime(value, lang);
  const date = new Date(value);
  const day = Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium' }).format(date);
  if (!day || !full.startsWith(day)) return full;
  return (
    <time className="console__when" dateTime={value}>
      <span>{day}</span>
      <span>{full.slice(day.length).replace(/^[\s,]+/, '')}</span>
    </time>
  );
}

export function CredentialsTab({ token }: { token: string }) {
  const text = useAccountText().console;
  const lang = useLang();
  const { message, modal } = App.useApp();
  const [selected, setSelected] = useState<string | null>(null);
  const [keys, setKeys] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [next, setNext] = useState<NextStep | null>(null);
  // The team read says whether this is a sub-account and what the quota is (one per member).
  const teamText = useTeamText().credentials;
  const widths = WIDTHS[lang];
  const { team, refresh: refreshTeam } = useTeam(token);

  /** The server's message when it gave one, else the catalogue's. */
  const failed = useCallback(
    (error: unknown, fallback: Localized) =>
      void message.error(
        error instanceof CloudCallError && error.code > 0 && error.message
          ? error.message
          : fallback[lang],
      ),
    [message, lang],
  );

  const query = useCloudQuery('/api/hainiao/apiorderlist', { token }, lang, {
    onSuccess: (list) =>
      setSelected((current) =>
        current && list.some((row) => row.app_id === current) ? current : (list[0]?.app_id ?? null),
      ),
    // On any fetch error the list is cleared and an error toast shown.
    onError: (error) => {
      setSelected(null);
      failed(error, siteMessages.console.fetchFailed);
    },
  });
  const rows: CredentialRow[] = query.data ?? [];
  // At the quota (or over it, after a member left the team) Apply is off, and the reason shown;
  // the cloud refuses such an application anyway.
  const atQuota = !!team && team.type !== 1 && team.held >= team.quota;
  const quotaReason =
    team && team.held > team.quota
      ? format(text.quotaOver, {
          held: team.held,
          quota: team.quota,
          over: team.held - team.quota + 1,
        })
      : format(text.quotaReached, { held: team?.held ?? 0, quota: team?.quota ?? 0 });
  const load = async () => {
    query.reload();
    await refreshTeam();
  };

  async function keyOf(appId: string): Promise<string> {
    if (keys[appId]) return keys[appId];
    const { app_key } = await callCloud('/api/hainiao/getappkey', { token, app_id: appId }, lang);
    setKeys((current) => ({ ...current, [appId]: app_key }));
    return app_key;
  }

  async function toggleKey(appId: string) {
    if (shown[appId]) return setShown((current) => ({ ...current, [appId]: false }));
    try {
      await keyOf(appId);
      setShown((current) => ({ ...current, [appId]: true }));
    } catch (error) {
      failed(error, siteMessages.console.getKeyFailed);
    }
  }

  function needSelection(): string | null {
    if (!selected) void message.warning(siteMessages.console.noApiSelected[lang]);
    return selected;
  }

  function confirm(content: Localized, action: () => Promise<void>) {
    modal.confirm({
      content: content[lang],
      okText: text.ok,
      cancelText: text.cancel,
      onOk: action,
    });
  }

  const apply = () =>
    team?.type === 1
      ? // A sub-account is told why, without a call the cloud would refuse.
        modal.info({
          title: teamText.subTitle,
          content: format(teamText.subText, { main: team.main }),
          okText: text.ok,
        })
      : confirm(siteMessages.console.confirmApply, async () => {
          try {
            const { app_id } = await callCloud('/api/hainiao/applyapi', { token }, lang);
            void message.success(siteMessages.console.applySuccess[lang]);
            setSelected(app_id);
            // What to do with it: the manager's address and the three values to sign in with.
            setNext({ appId: app_id, applied: true });
            await load();
          } catch (error) {
            failed(error, siteMessages.console.applyFailed);
          }
        });

  const reset = () => {
    const appId = needSelection();
    if (!appId) return;
    confirm(siteMessages.console.confirmReset, async () => {
      try {
        await callCloud('/api/hainiao/resetappkey', { token, app_id: appId }, lang);
        setKeys((current) => ({ ...current, [appId]: '' }));
        setShown((current) => ({ ...current, [appId]: false }));
        void message.success(siteMessages.console.resetSuccess[lang]);
        await load();
      } catch (error) {
        failed(error, siteMessages.console.resetFailed);
      }
    });
  };

  const remove = () => {
    const appId = needSelection();
    if (!appId) return;
    confirm(siteMessages.console.confirmDelete, async () => {
      try {
        await callCloud('/api/hainiao/delappkey', { token, app_id: appId }, lang);
        void message.success(siteMessages.console.deleteSuccess[lang]);
        await load();
      } catch (error) {
        failed(error, siteMessages.console.deleteFailed);
      }
    });
  };

  /** The key alone, ready to paste in the manager's sign-in (shown or not). */
  const copyKey = async (appId: string) => {
    try {
      await navigator.clipboard.writeText(await keyOf(appId));
      void message.success(format(text.manager.copiedField, { field: text.appKey }));
    } catch (error) {
      failed(error, siteMessages.console.copyFailed);
    }
  };

  const copy = async () => {
    const appId = needSelection();
    if (!appId) return;
    try {
      const key = await keyOf(appId);
      // Ready to paste after `hainiao-api --account NAME`.
      await navigator.clipboard.writeText(`--app_id ${appId} --app_key ${key}`);
      void message.success(siteMessages.console.copied[lang]);
    } catch (error) {
      failed(error, siteMessages.console.copyFailed);
    }
  };

  return (
    <>
      {team?.type === 1 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={teamText.subTitle}
          description={format(teamText.subText, { main: team.main })}
        />
      )}
      {team && team.type !== 1 && (
        <p data-testid="credential-quota">
          {format(team.quota > 1 ? teamText.quota : teamText.quotaSolo, {
            held: team.held,
            quota: team.quota,
          })}
        </p>
      )}
      <div className="console__toolbar">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={apply}
          disabled={atQuota}
          aria-describedby={atQuota ? 'apply-blocked' : undefined}
        >
          {text.apply}
        </Button>
        <Button icon={<SyncOutlined />} onClick={reset}>
          {text.reset}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={remove}>
          {text.delete}
        </Button>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {text.copy}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void load()}>
          {text.refresh}
        </Button>
      </div>
      {atQuota && (
        <Alert
          type="warning"
          showIcon
          id="apply-blocked"
          data-testid="apply-blocked"
          style={{ marginBottom: 16 }}
          title={quotaReason}
        />
      )}
      <Table<CredentialRow>
        className="credentials-table"
        rowKey="app_id"
        loading={query.loading}
        dataSource={rows}
        pagination={false}
        // Set widths, the key wrapping in what is left: nothing to scroll sideways to.
        tableLayout="fixed"
        locale={{ emptyText: text.emptyList }}
        rowSelection={{
          type: 'radio',
          columnWidth: widths.select,
          selectedRowKeys: selected ? [selected] : [],
          onChange: (keysSelected) => setSelected((keysSelected[0] as string | undefined) ?? null),
          columnTitle: text.select,
          renderCell: (_checked, _row, _index, node) => node,
          // Ant Design's own label of each radio ("Select row 1") is English in every locale.
          getCheckboxProps: (row) => ({
            'aria-label': format(text.selectCredential, { id: row.app_id }),
          }),
        }}
        columns={[
          {
            title: text.appId,
            dataIndex: 'app_id',
            width: widths.appId,
            render: (value: string) => <span className="console__key">{value}</span>,
          },
          {
            title: text.appKey,
            key: 'app_key',
            render: (_: unknown, row) => (
              <div className="console__key-cell">
                <span className="console__key" data-testid={`key-${row.app_id}`}>
                  {shown[row.app_id] ? <KeyText value={keys[row.app_id] ?? ''} /> : MASK}
                </span>
                <Tooltip title={shown[row.app_id] ? text.hideKey : text.showKey}>
                  <Button
                    size="small"
                    type="text"
                    aria-label={shown[row.app_id] ? text.hideKey : text.showKey}
                    icon={shown[row.app_id] ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                    onClick={() => void toggleKey(row.app_id)}
                  />
                </Tooltip>
                <Tooltip title={format(text.manager.copyField, { field: text.appKey })}>
                  <Button
                    size="small"
                    type="text"
                    aria-label={format(text.manager.copyField, { field: text.appKey })}
                    icon={<CopyOutlined />}
                    onClick={() => void copyKey(row.app_id)}
                  />
                </Tooltip>
              </div>
            ),
          },
          {
            title: text.status,
            dataIndex: 'status',
            width: widths.status,
            render: (value: number) => {
              const info = credentialStatusInfo(value);
              return <Tag color={info.color}>{info.label[lang]}</Tag>;
            },
          },
          {
            title: text.beginTime,
            dataIndex: 'begin_time',
            width: widths.date,
            render: (value: string) => <DateTime value={value} lang={lang} />,
          },
          {
            title: text.expireTime,
            dataIndex: 'expire_time',
            width: widths.date,
            render: (value: string) => <DateTime value={value} lang={lang} />,
          },
          {
            title: text.manager.column,
            key: 'manager',
            width: widths.manager,
            render: (_: unknown, row) => (
              <Button
                size="small"
                icon={<LoginOutlined />}
                aria-label={format(text.manager.useLabel, { id: row.app_id })}
                onClick={() => setNext({ appId: row.app_id, applied: false })}
              >
                {text.manager.use}
              </Button>
            ),
          },
        ]}
      />
      <ManagerNextStep
        step={next}
        row={next ? rows.find((row) => row.app_id === next.appId) : undefined}
        account={team?.self}
        keyOf={keyOf}
        onClose={() => setNext(null)}
      />
    </>
  );
}
