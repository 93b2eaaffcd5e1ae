/**
 * The proxy library (issue 27): the account's saved proxies with their last check (exit IP,
 * country, latency, when, working or why not) and how many environments use each; add one,
 * import a provider's list, edit (the environments using it follow), delete, and check the
 * selected ones with the progress shown and each result in its row as it comes.
 */
import {
  DeleteOutlined,
  EditOutlined,
  ImportOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { SAVED_PROXY_CHECK_PARALLEL } from '@hainiao/contract';
import {
  Alert,
  App as AntApp,
  Button,
  Empty,
  Input,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fill, formatDateTime } from '../../shared/format.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { PageFrame } from '../../shared/ui/PageFrame.tsx';
import { curlMeaning } from '../../shared/proxy/proxy-failure.ts';
import {
  checkProxies,
  deleteProxies,
  listProxies,
  type SavedProxy,
} from '../../shared/saved-proxies/proxy-calls.ts';
import { CountryName } from '../../shared/saved-proxies/EnvironmentExits.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { proxiesCopy } from './locales.ts';
import { ProxyDialog } from './ProxyDialog.tsx';
import './proxies.css';

/** Runs `work` on every item, at most `parallel` at a time. */
async function inPool<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

export default function ProxiesPage() {
  const t = useCopy(proxiesCopy);
  const lang = useLang();
  const { message, modal } = AntApp.useApp();
  const [proxies, setProxies] = useState<SavedProxy[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [editing, setEditing] = useState<{ proxy?: SavedProxy }>();
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    let live = true;
    listProxies()
      .then((list) => {
        if (!live) return;
        setProxies(list);
        setError(undefined);
        // Deleted meanwhile: no longer selectable.
        setSelected((current) => current.filter((id) => list.some((p) => p.Proxy_ID === id)));
      })
      .catch((failure: unknown) => live && setError(errorText(failure)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return proxies;
    return proxies.filter((p) =>
      [p.Name, p.Proxy_Ip, p.Note].some((text) => text.toLowerCase().includes(needle)),
    );
  }, [proxies, search]);

  /** Checks the proxies, a few at a time; each row shows its result as soon as it comes. */
  async function check(ids: string[]) {
    setChecking(new Set(ids));
    setProgress({ done: 0, total: ids.length });
    let ok = 0;
    let failed = 0;
    await inPool(ids, SAVED_PROXY_CHECK_PARALLEL, async (id) => {
      try {
        const [result] = await checkProxies([id]);
        if (result) {
          setProxies((list) => list.map((p) => (p.Proxy_ID === id ? result : p)));
          if (result.Check_Status === 'ok') ok++;
          else failed++;
        }
      } catch (failure) {
        failed++;
        message.error(errorText(failure));
      } finally {
        setChecking((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
        setProgress((current) => current && { ...current, done: current.done + 1 });
      }
    });
    message.success(fill(t.checkDone, { count: ids.length, ok, failed }));
  }

  function confirmDelete(ids: string[]) {
    const doomed = proxies.filter((p) => ids.includes(p.Proxy_ID));
    const used = doomed.reduce((sum, p) => sum + p.Session_Count, 0);
    modal.confirm({
      title:
        doomed.length === 1
          ? fill(t.removeTitle, { name: doomed[0]!.Name })
          : fill(t.removeManyTitle, { count: doomed.length }),
      content: (
        <Space orientation="vertical" size={4}>
          {used > 0 && <span>{fill(t.removeUsed, { count: used, n: doomed.length })}</span>}
          <span>{t.removeBody}</span>
        </Space>
      ),
      okText: t.removeOk,
      cancelText: t.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteProxies(ids);
          message.success(fill(t.removed, { count: ids.length }));
          setSelected((current) => current.filter((id) => !ids.includes(id)));
        } catch (failure) {
          message.error(errorText(failure));
        }
        reload();
      },
    });
  }

  const status = (p: SavedProxy) => {
    if (checking.has(p.Proxy_ID)) return <Tag color="processing">{t.statusChecking}</Tag>;
    if (p.Check_Status === 'ok') return <Tag color="success">{t.statusOk}</Tag>;
    if (p.Check_Status === 'unchecked') return <Tag>{t.statusUnchecked}</Tag>;
    return (
      <Tooltip
        title={
          <Space orientation="vertical" size={0}>
            <span>{p.Check_Message}</span>
            <span>{fill(t.curlSays, { meaning: curlMeaning(p.Proxy_Check_Code, lang) })}</span>
          </Space>
        }
      >
        <Tag color="error" data-testid="proxy-failed">
          {t.statusFailed}
        </Tag>
      </Tooltip>
    );
  };
  const checked = (p: SavedProxy) => p.Check_Status === 'ok';
  const dash = <Typography.Text type="secondary">—</Typography.Text>;

  const columns: TableColumnsType<SavedProxy> = [
    {
      key: 'name',
      width: 200,
      fixed: 'left',
      title: t.name,
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{p.Name}</Typography.Text>
          {p.Note && <Typography.Text type="secondary">{p.Note}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t.actions,
      // Pinned beside the name rather than at the right edge: at 1024 px the other columns scroll
      // out at the right, none half hidden under this one.
      fixed: 'left',
      width: 100,
      render: (_, p) => (
        <Space size={4}>
          <Tooltip title={t.edit}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t.edit} ${p.Name}`}
              onClick={() => setEditing({ proxy: p })}
            />
          </Tooltip>
          <Tooltip title={t.delete}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t.delete} ${p.Name}`}
              onClick={() => confirmDelete([p.Proxy_ID])}
            />
          </Tooltip>
        </Space>
      ),
    },
    { key: 'type', width: 90, title: t.type, render: (_, p) => <Tag>{p.Proxy_Type}</Tag> },
    {
      key: 'address',
      width: 170,
      title: t.address,
      render: (_, p) => (
        <Typography.Text className="proxy-address">
          {p.Proxy_Ip.includes(':') ? `[${p.Proxy_Ip}]` : p.Proxy_Ip}:{p.Proxy_Port}
        </Typography.Text>
      ),
    },
    { key: 'status', width: 100, title: t.status, render: (_, p) => status(p) },
    {
      key: 'exit',
      width: 130,
      title: t.exitIp,
      render: (_, p) => (checked(p) && p.Public_ip) || dash,
    },
    {
      key: 'country',
      width: 130,
      title: t.country,
      render: (_, p) => (checked(p) && p.CountryCode ? <CountryName code={p.CountryCode} /> : dash),
    },
    {
      key: 'latency',
      width: 90,
      title: t.latency,
      render: (_, p) =>
        checked(p) && p.Latency_ms ? fill(t.latencyValue, { ms: p.Latency_ms }) : dash,
    },
    {
      key: 'checked',
      width: 150,
      title: t.checked,
      render: (_, p) => (p.Check_Time ? formatDateTime(p.Check_Time, lang) : dash),
    },
    {
      key: 'used',
      width: 110,
      title: t.used,
      render: (_, p) => (p.Session_Count ? fill(t.usedBy, { count: p.Session_Count }) : dash),
    },
  ];

  const busy = checking.size > 0;
  return (
    <PageFrame title={t.title} lead={t.lead}>
      <div className="proxy-page__toolbar" role="toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t.add}
        </Button>
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          {t.import}
        </Button>
        <Button
          icon={<SafetyCertificateOutlined />}
          disabled={!selected.length || busy}
          loading={busy}
          onClick={() => void check(selected)}
        >
          {selected.length ? fill(t.check, { count: selected.length }) : t.checkNone}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!selected.length || busy}
          onClick={() => confirmDelete(selected)}
        >
          {selected.length ? fill(t.remove, { count: selected.length }) : t.delete}
        </Button>
        <Input.Search
          className="proxy-page__search"
          placeholder={t.search}
          aria-label={t.search}
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {selected.length > 0 && (
          <Space className="proxy-page__selection">
            <Typography.Text>{fill(t.selected, { count: selected.length })}</Typography.Text>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t.clearSelection}
            </Button>
          </Space>
        )}
      </div>
      {progress && (
        <div className="proxy-page__progress" data-testid="check-progress">
          <Progress
            percent={Math.round((progress.done / Math.max(1, progress.total)) * 100)}
            showInfo={false}
            status={busy ? 'active' : 'normal'}
          />
          <Typography.Text>{fill(t.progress, progress)}</Typography.Text>
        </div>
      )}
      {error && <Alert type="error" showIcon title={error} />}
      <Table<SavedProxy>
        className="proxy-table"
        rowKey="Proxy_ID"
        size="middle"
        loading={loading}
        dataSource={shown}
        columns={columns}
        pagination={{ defaultPageSize: 50, showSizeChanger: true, hideOnSinglePage: true }}
        scroll={{ x: 1270 }}
        rowSelection={{
          fixed: true,
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          getTitleCheckboxProps: () => ({ 'aria-label': t.selectAll }),
          getCheckboxProps: (p) => ({ 'aria-label': fill(t.selectOne, { name: p.Name }) }),
        }}
        onRow={(p) => ({ className: 'proxy-row', 'data-testid': `proxy-row-${p.Proxy_ID}` })}
        locale={{
          emptyText: <Empty description={search.trim() ? t.emptyFiltered : t.empty} />,
        }}
      />
      {editing && (
        // A new dialog (and form) for each proxy: nothing of the last one stays in its fields.
        <ProxyDialog
          key={editing.proxy?.Proxy_ID ?? ''}
          open
          {...(editing.proxy ? { proxy: editing.proxy } : {})}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
      <ImportDialog
        open={importing}
        saved={proxies}
        onClose={() => setImporting(false)}
        onSaved={(made) => {
          setImporting(false);
          message.success(fill(t.imported, { count: made.length }));
          // Selected, so that checking them is one click away.
          setSelected(made.map((p) => p.Proxy_ID));
          reload();
        }}
      />
    </PageFrame>
  );
}
