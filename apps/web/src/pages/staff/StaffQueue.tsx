import { useState } from 'react';
import { Input, Select, Table } from 'antd';
import { Link } from '../../shared/router.ts';
import {
  siteMessages,
  TICKET_PAGE_SIZES,
  TICKET_STATUSES,
  type TicketRow,
} from '@hainiao/contract';
import { CloudCallError } from '../../api/cloud.ts';
import { formatDateTime } from '../../shared/format.ts';
import { StatusTag } from '../../features/tickets/StatusTag.tsx';
import { useFailure } from '../../features/tickets/useFailure.ts';
import { useTicketText } from '../../features/tickets/useTicketText.ts';
import { useCloudQuery } from '../../shared/useCloudQuery.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';

/** Every ticket, filterable by status, type and text, most recently updated first. */
export function StaffQueue({ token, onForbidden }: { token: string; onForbidden: () => void }) {
  const text = useTicketText();
  const lang = useLang();
  const localize = useLocalize();
  const failed = useFailure();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [typeid, setTypeid] = useState(0);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const types = useCloudQuery('/api/hainiao/workordertype', { token }, lang);
  const tickets = useCloudQuery(
    '/api/hainiao/staff/workorderlist',
    { token, status, typeid: typeid || undefined, q: q || undefined, page, page_size: pageSize },
    lang,
    {
      onError: (error) => {
        if (error instanceof CloudCallError && error.code === 403) onForbidden();
        else failed(error, siteMessages.ticket.fetchListFailed);
      },
    },
  );
  const reset = () => setPage(1);

  return (
    <>
      <div className="ticket-toolbar">
        <Select
          aria-label={text.staff.status}
          style={{ minWidth: 160 }}
          value={status ?? -1}
          onChange={(value) => {
            setStatus(value === -1 ? undefined : value);
            reset();
          }}
          options={[
            { value: -1, label: text.staff.anyStatus },
            ...TICKET_STATUSES.map((s) => ({ value: s.code, label: s.label[lang] })),
          ]}
        />
        <Select
          aria-label={text.staff.type}
          style={{ minWidth: 200 }}
          value={typeid}
          onChange={(value) => {
            setTypeid(value);
            reset();
          }}
          options={[
            { value: 0, label: text.staff.anyType },
            ...(types.data?.type ?? []).map((t) => ({ value: t.typeid, label: t.typename })),
          ]}
        />
        <Input.Search
          allowClear
          style={{ maxWidth: 360 }}
          placeholder={text.staff.search}
          aria-label={text.staff.search}
          onSearch={(value) => {
            setQ(value.trim());
            reset();
          }}
        />
      </div>
      <Table<TicketRow>
        rowKey="id"
        loading={tickets.loading}
        dataSource={tickets.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: text.list.empty }}
        pagination={{
          current: page,
          pageSize,
          total: tickets.data?.count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: TICKET_PAGE_SIZES.map(String),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
        columns={[
          { title: text.list.id, dataIndex: 'id' },
          { title: text.list.subject, dataIndex: 'title' },
          {
            title: text.staff.customer,
            key: 'customer',
            render: (_: unknown, row) => `${row.username} <${row.email}>`,
          },
          { title: text.list.type, dataIndex: 'type' },
          {
            title: text.list.status,
            dataIndex: 'status',
            render: (value: number) => <StatusTag status={value} />,
          },
          {
            title: text.list.updated,
            dataIndex: 'update_time',
            render: (value: string) => formatDateTime(value, lang),
          },
          {
            title: text.list.actions,
            key: 'open',
            render: (_: unknown, row) => (
              <Link to={localize(`/staff/ticket/${row.id}`)}>{text.staff.open}</Link>
            ),
          },
        ]}
      />
    </>
  );
}
