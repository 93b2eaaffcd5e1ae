import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { ReloadOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  format,
  siteMessageByKey,
  siteMessages,
  teamAddForm,
  TEAM_MEMBERS_MAX,
  type Lang,
  type Localized,
  type TeamAddForm,
  type TeamMember,
} from '@hainiao/contract';
import { addTeamMember, removeTeamMember } from '../../api/team.ts';
import { CloudCallError } from '../../api/cloud.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useLang } from '../../shared/useLang.ts';
import { useTeam, useTeamText } from './useTeam.ts';

/** The server's message when it gave one, else the catalogue's fallback. */
function errorText(error: unknown, fallback: Localized, lang: Lang): string {
  return error instanceof CloudCallError && error.code > 0 && error.message
    ? error.message
    : fallback[lang];
}

/**
 * A form rule that checks a value with the contract's own schema of the field (the one teamadd
 * validates with), answering the catalogue's message for the issue.
 */
function schemaRule(field: keyof TeamAddForm, label: string, lang: Lang): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = teamAddForm.shape[field].safeParse(value ?? '');
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? '';
      const message = siteMessageByKey(key) ?? siteMessages.validation.invalidParameter;
      throw new Error(format(message[lang], { field: label }));
    },
  };
}

function AddMember({ token, onAdded }: { token: string; onAdded: () => Promise<unknown> }) {
  const text = useTeamText();
  const lang = useLang();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<TeamAddForm>();

  async function submit(values: TeamAddForm) {
    setBusy(true);
    try {
      await addTeamMember(token, values, lang);
      void message.success(siteMessages.team.memberAdded[lang]);
      setOpen(false);
      form.resetFields();
      await onAdded();
    } catch (error) {
      // The form stays open with what was typed, so the user can correct it.
      void message.error(errorText(error, siteMessages.team.addFailed, lang));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {text.add}
      </Button>
      <Modal
        open={open}
        title={text.addTitle}
        okText={text.addOk}
        cancelText={text.cancel}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
      >
        <p>{text.addHelp}</p>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item
            name="Account"
            label={text.account}
            extra={text.accountHelp}
            rules={[schemaRule('Account', text.account, lang)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="email"
            label={text.email}
            rules={[schemaRule('email', text.email, lang)]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={text.password}
            extra={text.passwordHelp}
            rules={[schemaRule('password', text.password, lang)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * The console's Team tab (issue 13 "Teams"): the main account lists its members with their type,
 * dates and whether a local API runs as them, adds sub-accounts and removes them after a
 * confirmation; a sub-account sees its main account and itself, and why it cannot manage the team.
 */
export function TeamTab({ token }: { token: string }) {
  const text = useTeamText();
  const lang = useLang();
  const { message, modal } = App.useApp();
  const { team, error, loading, refresh } = useTeam(token);
  const isSub = team?.type === 1;

  function confirmRemove(member: TeamMember) {
    const quota = Math.max(1, (team?.quota ?? 1) - 1);
    modal.confirm({
      title: format(text.removeTitle, { account: member.Account }),
      content: format(text.removeText, { account: member.Account, quota }),
      okText: text.removeOk,
      okButtonProps: { danger: true },
      cancelText: text.cancel,
      async onOk() {
        try {
          await removeTeamMember(token, member.Account, lang);
          void message.success(siteMessages.team.memberRemoved[lang]);
        } catch (failure) {
          void message.error(errorText(failure, siteMessages.team.removeFailed, lang));
        }
        await refresh();
      },
    });
  }

  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorText(error, siteMessages.team.fetchFailed, lang)}
        />
      )}
      {team && isSub && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={format(text.subTitle, { main: team.main })}
          description={format(text.subText, { main: team.main, self: team.self })}
        />
      )}
      {team && !isSub && (
        <>
          <p>{text.intro}</p>
          <p data-testid="team-quota">
            {format(text.quota, { held: team.held, quota: team.quota })}
          </p>
        </>
      )}
      <div className="console__toolbar">
        {team && !isSub && team.room > 0 && <AddMember token={token} onAdded={refresh} />}
        {team && !isSub && team.room === 0 && (
          <span>{format(text.full, { max: TEAM_MEMBERS_MAX })}</span>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
          {text.refresh}
        </Button>
      </div>
      <Table<TeamMember>
        rowKey="Account"
        loading={loading}
        dataSource={team?.members ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: text.empty }}
        columns={[
          {
            title: text.colAccount,
            dataIndex: 'Account',
            render: (value: string) => (
              <Space size={6}>
                <span>{value}</span>
                {value === team?.self && <Tag>{text.you}</Tag>}
              </Space>
            ),
          },
          { title: text.colEmail, dataIndex: 'email' },
          {
            title: text.colType,
            dataIndex: 'type',
            render: (value: number) =>
              value === 0 ? (
                <Tag color="blue" data-testid="member-type">
                  {text.typeMain}
                </Tag>
              ) : (
                <Tag color="purple" data-testid="member-type">
                  {text.typeSub}
                </Tag>
              ),
          },
          {
            title: text.colRegistered,
            dataIndex: 'account_reg_date',
            render: (value: string) => formatDateTime(value, lang),
          },
          {
            title: text.colExpires,
            dataIndex: 'account_expire_date',
            render: (value: string) => formatDateTime(value, lang),
          },
          {
            title: text.colOnline,
            dataIndex: 'online',
            render: (value: boolean) =>
              value ? <Tag color="green">{text.online}</Tag> : <Tag>{text.offline}</Tag>,
          },
          ...(isSub
            ? []
            : [
                {
                  title: text.colActions,
                  key: 'actions',
                  render: (_: unknown, member: TeamMember) =>
                    member.type === 1 ? (
                      <Button
                        danger
                        size="small"
                        aria-label={`${text.remove} ${member.Account}`}
                        onClick={() => confirmRemove(member)}
                      >
                        {text.remove}
                      </Button>
                    ) : null,
                },
              ]),
        ]}
      />
    </>
  );
}
