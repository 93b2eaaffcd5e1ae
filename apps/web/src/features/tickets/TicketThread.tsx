import { Tag } from 'antd';
import { CustomerServiceOutlined, UserOutlined } from '@ant-design/icons';
import type { TicketDetail } from '@hainiao/contract';
import { formatDateTime } from '../../shared/format.ts';
import { useLang } from '../../shared/useLang.ts';
import { AttachmentLinks } from './AttachmentLinks.tsx';
import { useTicketText } from './useTicketText.ts';

/**
 * The original message and the replies, oldest first. Text is rendered as text (React escapes it);
 * staff replies carry the support label. Private info shows only where `showPrivate` is set.
 */
export function TicketThread({
  ticket,
  showPrivate,
}: {
  ticket: TicketDetail;
  showPrivate: boolean;
}) {
  const text = useTicketText().info;
  const lang = useLang();
  return (
    <div aria-label={text.original}>
      <article className="ticket-message">
        <div className="ticket-message__head">
          <UserOutlined aria-hidden="true" />
          <strong>{ticket.username}</strong>
          <span>{formatDateTime(ticket.add_time, lang)}</span>
          <Tag>{text.original}</Tag>
        </div>
        <p className="ticket-message__body">{ticket.content}</p>
        <AttachmentLinks files={ticket.attach} />
        {showPrivate && ticket.privateinfo && (
          <div className="ticket-private">{ticket.privateinfo}</div>
        )}
      </article>
      {ticket.reply.map((reply, index) => (
        <article
          key={index}
          className={reply.isadmin ? 'ticket-message ticket-message--support' : 'ticket-message'}
        >
          <div className="ticket-message__head">
            {reply.isadmin ? (
              <CustomerServiceOutlined aria-hidden="true" />
            ) : (
              <UserOutlined aria-hidden="true" />
            )}
            <strong>
              {reply.isadmin ? reply.username.replace(/\[admin\]$/, '') : reply.username}
            </strong>
            {reply.isadmin ? <Tag color="blue">{text.support}</Tag> : null}
            <span>{formatDateTime(reply.add_time, lang)}</span>
          </div>
          <p className="ticket-message__body">{reply.content}</p>
          <AttachmentLinks files={reply.attach} />
          {showPrivate && reply.privateinfo && (
            <div className="ticket-private">{reply.privateinfo}</div>
          )}
        </article>
      ))}
    </div>
  );
}
