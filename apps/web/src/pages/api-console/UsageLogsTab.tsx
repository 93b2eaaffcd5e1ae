import { useState } from 'react';
import { App, Button, DatePicker, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  API_LOG_PAGE_SIZE,
  apiLogSucceeded,
  siteMessages,
  type ApiLogRow,
} from '@hainiao/contract';
import { CloudCallError } from '../../api/cloud.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useCloudQuery } from '../../shared/useCloudQuery.ts';
import { useLang } from '../../shared/useLang.ts';

type Range = [Dayjs | null, Dayjs | null] | null;

export function UsageLogsTab({ token }: { token: string }) {
  const text = useAccountText().console;
  const lang = useLang();
  const { message } = App.useApp();
  const [range, setRange] = useState<Range>(null);
  const [filter, setFilter] = useState<{ start_time?: string; end_time?: string }>({});
  const [page, setPage] = useState(1);
  const { data, loading } = useCloudQuery(
    '/api/hainiao/apiusedlogs',
    // The dates are days in the reader's time zone, which is sent as `utc_offset`.
    { token, ...filter, page, utc_offset: String(-new Date().getTimezoneOffset()) },
    lang,
    {
      // On a fetch error the list is cleared (no data) and an error toast shown.
      onError: (error) =>
        void message.error(
          error instanceof CloudCallError && error.code > 0 && error.message
            ? error.message
            : siteMessages.console.fetchLogsFailed[lang],
        ),
    },
  );
  const rows: ApiLogRow[] = data?.list ?? [];
  const count = data?.count ?? 0;

  function search() {
    setPage(1);
    setFilter({
      ...(range?.[0] ? { start_time: range[0].format('YYYY-MM-DD') } : {}),
      ...(range?.[1] ? { end_time: range[1].format('YYYY-MM-DD') } : {}),
    });
  }

  return (
    <>
      <div className="console__toolbar">
        <DatePicker.RangePicker
          aria-label={text.dateRange}
          value={range}
          onChange={(value) => setRange(value)}
          allowEmpty={[true, true]}
          placeholder={[text.startDate, text.endDate]}
        />
        <Space>
          <Button type="primary" onClick={search}>
            {text.search}
          </Button>
          <Button
            onClick={() => {
              setRange(null);
              setPage(1);
              setFilter({});
            }}
          >
            {text.clear}
          </Button>
        </Space>
      </div>
      <Table<ApiLogRow>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: text.emptyLogs }}
        pagination={{
          current: page,
          pageSize: API_LOG_PAGE_SIZE,
          total: count,
          showSizeChanger: false,
          onChange: (next) => setPage(next),
        }}
        columns={[
          { title: text.logId, dataIndex: 'id' },
          {
            title: text.appId,
            dataIndex: 'app_id',
            render: (value: string) => <span className="console__key">{value}</span>,
          },
          {
            title: text.logStatus,
            dataIndex: 'status',
            render: (value: string) =>
              apiLogSucceeded(value) ? (
                <Tag color="green">{text.logSuccess}</Tag>
              ) : (
                <Tag color="red">{text.logFailed}</Tag>
              ),
          },
          {
            title: text.startTime,
            dataIndex: 'start_time',
            render: (value: string) => formatDateTime(value, lang),
          },
          {
            title: text.endTime,
            dataIndex: 'end_time',
            render: (value: string | null, row) =>
              value ? (
                formatDateTime(value, lang)
              ) : apiLogSucceeded(row.status) ? (
                <Tag color="blue">{text.ongoing}</Tag>
              ) : (
                ''
              ),
          },
        ]}
      />
    </>
  );
}
