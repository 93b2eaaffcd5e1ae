import { useState } from 'react';
import { Result, Tabs } from 'antd';
import { useRequireSession } from '../../features/account/useRequireSession.ts';
import { useTicketText } from '../../features/tickets/useTicketText.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { StaffQueue } from './StaffQueue.tsx';
import { StaffTypes } from './StaffTypes.tsx';
import '../../features/tickets/tickets.css';

function Staff() {
  const text = useTicketText().staff;
  const session = useRequireSession();
  const [forbidden, setForbidden] = useState(false);
  if (forbidden) return <Result status="403" title="403" subTitle={text.forbidden} />;
  return (
    <section className="ticket-page" style={{ maxWidth: 1180 }}>
      <h1>{text.title}</h1>
      {session && (
        <Tabs
          items={[
            {
              key: 'queue',
              label: text.queue,
              children: <StaffQueue token={session.token} onForbidden={() => setForbidden(true)} />,
            },
            { key: 'types', label: text.types, children: <StaffTypes token={session.token} /> },
          ]}
        />
      )}
    </section>
  );
}

export default function StaffPage() {
  usePageMeta(useTicketText().meta.staff);
  return <Staff />;
}
