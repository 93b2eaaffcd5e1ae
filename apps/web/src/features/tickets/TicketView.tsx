import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Divider, Spin } from 'antd';
import {
  canCloseTicket,
  canReplyTicket,
  canResolveTicket,
  siteMessages,
  TicketStatus,
  type Localized,
} from '@hainiao/contract';
import { callCloud } from '../../api/cloud.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useCloudQuery } from '../../shared/useCloudQuery.ts';
import { useLang } from '../../shared/useLang.ts';
import { ReplyBox } from './ReplyBox.tsx';
import { StatusTag } from './StatusTag.tsx';
import { TicketThread } from './TicketThread.tsx';
import { useFailure } from './useFailure.ts';
import { useTicketText } from './useTicketText.ts';

/**
 * One ticket with its thread, reply form and status actions: the customer's detail screen and the
 * staff console's ticket view (which also shows the owner's contact and private info).
 */
export function TicketView({
  token,
  id,
  staff = false,
}: {
  token: string;
  id: string;
  staff?: boolean;
}) {
  const copy = useTicketText();
  const text = copy.info;
  const lang = useLang();
  const failed = useFailure();
  const { message, modal } = App.useApp();
  const ticket = useCloudQuery('/api/hainiao/workorderdetail', { token, id }, lang, {
    onError: (error) => failed(error, siteMessages.ticket.fetchDetailFailed),
  });

  if (!ticket.data) return ticket.loading ? <Spin /> : null;
  const t = ticket.data;

  function change(status: 2 | 3, confirm: Localized) {
    modal.confirm({
      content: confirm[lang],
      okText: text.ok,
      cancelText: text.cancel,
      onOk: async () => {
        try {
          await callCloud('/api/hainiao/workorderstatus', { token, id, status }, lang);
          void message.success(
            (status === TicketStatus.CLOSED
              ? siteMessages.ticket.closed
              : siteMessages.ticket.statusUpdated)[lang],
          );
        } catch (error) {
          failed(error, siteMessages.ticket.statusFailed);
        }
        ticket.reload();
      },
    });
  }

  // The ticket's id, ready to quote in the chat or an e-mail, with the catalogue's copied notice.
  async function copyId() {
    try {
      await navigator.clipboard.writeText(String(t.id));
      void message.success(siteMessages.ticket.copied[lang]);
    } catch {
      void message.error(siteMessages.ticket.copyFailed[lang]);
    }
  }

  return (
    <>
      <h1 className="ticket-heading">
        <span>{t.title}</span> <StatusTag status={t.status} />
      </h1>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ margin: '12px 0 20px' }}>
        <Descriptions.Item label={text.id}>
          {t.id}
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={text.copyId}
            title={text.copyId}
            onClick={() => void copyId()}
          />
        </Descriptions.Item>
        <Descriptions.Item label={text.type}>{t.type}</Descriptions.Item>
        <Descriptions.Item label={text.created}>
          {formatDateTime(t.add_time, lang)}
        </Descriptions.Item>
        <Descriptions.Item label={text.updated}>
          {formatDateTime(t.update_time, lang)}
        </Descriptions.Item>
      </Descriptions>
      {staff && (
        <Descriptions
          title={text.contact}
          size="small"
          bordered
          column={1}
          style={{ marginBottom: 20 }}
        >
          <Descriptions.Item label={text.email}>{t.email}</Descriptions.Item>
          <Descriptions.Item label={text.mobile}>{t.mobile || text.none}</Descriptions.Item>
          <Descriptions.Item label={text.private}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{t.privateinfo || text.none}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <TicketThread ticket={t} showPrivate={staff} />
      <div className="ticket-toolbar">
        {canResolveTicket(t.status) && (
          <Button onClick={() => change(2, siteMessages.ticket.confirmResolve)}>
            {text.resolve}
          </Button>
        )}
        {canCloseTicket(t.status) && (
          <Button danger onClick={() => change(3, siteMessages.ticket.confirmClose)}>
            {text.close}
          </Button>
        )}
      </div>
      {/* The divider is hidden once resolved or closed; the form is hidden once closed. */}
      {t.status !== TicketStatus.RESOLVED && t.status !== TicketStatus.CLOSED && <Divider />}
      {canReplyTicket(t.status) ? (
        <ReplyBox
          token={token}
          id={id}
          label={staff ? copy.staff.replyAsSupport : undefined}
          onReplied={ticket.reload}
        />
      ) : (
        <p className="ticket-support">{text.closedNote}</p>
      )}
    </>
  );
}
