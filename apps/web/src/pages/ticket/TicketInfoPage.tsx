import { useEffect } from 'react';
import { App, Button } from 'antd';
import { Link, useNavigate, useParams } from '../../shared/router.ts';
import { siteMessages } from '@hainiao/contract';
import { useRequireSession } from '../../features/account/useRequireSession.ts';
import { TicketView } from '../../features/tickets/TicketView.tsx';
import { useTicketText } from '../../features/tickets/useTicketText.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/tickets/tickets.css';

/** Without an id: the "ticket ID cannot be empty" message, then back to the list. */
function MissingId() {
  const { message } = App.useApp();
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  useEffect(() => {
    void message.error(siteMessages.ticket.idRequired[lang]);
    void navigate(localize('/ticket'), { replace: true });
  }, [message, lang, navigate, localize]);
  return null;
}

function TicketInfo() {
  const text = useTicketText();
  const localize = useLocalize();
  const session = useRequireSession();
  const { id } = useParams();
  if (!id) return <MissingId />;
  return (
    <section className="ticket-page">
      <p className="ticket-support">{text.support}</p>
      {session && <TicketView token={session.token} id={id} />}
      <p style={{ marginTop: 24 }}>
        <Link to={localize('/ticket')}>
          <Button>{text.info.back}</Button>
        </Link>
      </p>
    </section>
  );
}

export default function TicketInfoPage() {
  usePageMeta(useTicketText().meta.info);
  return <TicketInfo />;
}
