import { Button } from 'antd';
import { Link, useParams } from '../../shared/router.ts';
import { useRequireSession } from '../../features/account/useRequireSession.ts';
import { TicketView } from '../../features/tickets/TicketView.tsx';
import { useTicketText } from '../../features/tickets/useTicketText.ts';
import { useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/tickets/tickets.css';

function StaffTicket() {
  const text = useTicketText().staff;
  const localize = useLocalize();
  const session = useRequireSession();
  const { id = '' } = useParams();
  return (
    <section className="ticket-page">
      <p>
        <Link to={localize('/staff')}>
          <Button>{text.backToQueue}</Button>
        </Link>
      </p>
      {session && <TicketView token={session.token} id={id} staff />}
    </section>
  );
}

export default function StaffTicketPage() {
  usePageMeta(useTicketText().meta.staff);
  return <StaffTicket />;
}
