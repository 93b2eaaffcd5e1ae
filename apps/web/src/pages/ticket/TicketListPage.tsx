import { useState } from 'react';
import { Button, Select, Table, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link } from '../../shared/router.ts';
import {
  format,
  siteMessages,
  TICKET_PAGE_SIZE_DEFAULT,
  TICKET_PAGE_SIZES,
  type TicketRow,
} from '@hainiao/contract';
import { formatDateTime } from '../../shared/format.ts';
import { useRequireSession } from '../../features/account/useRequireSession.ts';
import { StatusTag } from '../../features/tickets/StatusTag.tsx';
import { useFailure } from '../../features/tickets/useFailure.ts';
import { useTicketText } from '../../features/tickets/useTicketText.ts';
import { useCloudQuery } from '../../shared/useCloudQuery.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/tickets/tickets.css';
import './ticket-list.css';

/** Below this width the table scrolls inside itself (phones); wider, every column fits. */
const TABLE_MIN_WIDTH = 900;

function TicketList({ token }: { token: string }) {
  const text = useTicketText();
  const lang = useLang();
  const localize = useLocalize();
  const failed = useFailure();
  const [typeid, setTypeid] = useState(0);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TICKET_PAGE_SIZE_DEFAULT);

  const types = useCloudQuery('/api/hainiao/workordertype', { token }, lang, {
    onError: (error) => failed(error, siteMessages.ticket.fetchTypesFailed),
  });
  const tickets = useCloudQuery(
    '/api/hainiao/workorderlist',
    { token, typeid, page, page_size: pageSize },
    lang,
    { onError: (error) => failed(error, siteMessages.ticket.fetchListFailed) },
  );

  return (
    <>
      <div className="ticket-toolbar">
        <Link to={localize('/ticket/add')}>
          <Button type="primary" icon={<PlusOutlined />}>
            {text.list.create}
          </Button>
        </Link>
        <Button icon={<ReloadOutlined />} onClick={tickets.reload}>
          {text.list.refresh}
        </Button>
        <Select
          aria-label={text.list.type}
          style={{ minWidth: 220 }}
          value={typeid}
          onChange={(value) => {
            setTypeid(value);
            setPage(1);
          }}
          options={[
            { value: 0, label: text.list.all },
            ...(types.data?.type ?? []).map((t) => ({ value: t.typeid, label: t.typename })),
          ]}
        />
      </div>
      <Table<TicketRow>
        rowKey="id"
        loading={tickets.loading}
        dataSource={tickets.data?.list ?? []}
        // Fixed column widths: long titles and types are cut with an ellipsis instead of widening
        // the table, which scrolls inside itself only on screens narrower than TABLE_MIN_WIDTH.
        tableLayout="fixed"
        scroll={{ x: TABLE_MIN_WIDTH }}
        locale={{ emptyText: text.list.empty }}
        pagination={{
          current: page,
          pageSize,
          total: tickets.data?.count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: TICKET_PAGE_SIZES.map(String),
          showTotal: (total) => format(text.list.total, { total }),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
        columns={[
          { title: text.list.id, dataIndex: 'id', width: 64 },
          {
            title: text.list.subject,
            dataIndex: 'title',
            ellipsis: { showTitle: false },
            render: (title: string) => (
              <Tooltip title={title} placement="topLeft">
                <span className="ticket-title">{title}</span>
              </Tooltip>
            ),
          },
          { title: text.list.type, dataIndex: 'type', width: 180, ellipsis: true },
          {
            title: text.list.status,
            dataIndex: 'status',
            width: 120,
            render: (status: number) => <StatusTag status={status} />,
          },
          {
            title: text.list.created,
            dataIndex: 'add_time',
            width: 124,
            render: (value: string) => formatDateTime(value, lang),
          },
          {
            title: text.list.updated,
            dataIndex: 'update_time',
            width: 124,
            render: (value: string) => formatDateTime(value, lang),
          },
          {
            title: text.list.actions,
            key: 'actions',
            width: 124,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Link to={localize(`/ticket/info/${row.id}`)}>{text.list.view}</Link>
            ),
          },
        ]}
      />
    </>
  );
}

function Tickets() {
  const text = useTicketText();
  const session = useRequireSession();
  return (
    <section className="ticket-page ticket-page--list">
      <h1>{text.list.title}</h1>
      <p className="ticket-support">{text.support}</p>
      {session && <TicketList token={session.token} />}
    </section>
  );
}

export default function TicketListPage() {
  usePageMeta(useTicketText().meta.list);
  return <Tickets />;
}
