/**
 * The environments table: every listid filter, sorting, pagination (50 by default, up to 500),
 * multi-select, start/stop/force-quit one or many with the running information at hand, delete
 * with confirmation, sharing, live running state from the event stream, keyboard navigation and
 * remembered columns. Environments shared with the account are marked and keep their owner's
 * settings: no edit, cookie import, share or delete of them here. The owner filter is also in the
 * address (`?owner=NAME`, how the Team page links here) and shows as a removable tag.
 */
import {
  DeleteOutlined,
  DownOutlined,
  FilterOutlined,
  ImportOutlined,
  InfoCircleOutlined,
  MoreOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  RestOutlined,
  SettingOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import {
  LIST_NUM_DEFAULT,
  LIST_NUM_MAX,
  TRASH_KEEP_DAYS,
  type ListSortField,
} from '@hainiao/contract';
import {
  Alert,
  App as AntApp,
  Badge,
  Button,
  Checkbox,
  Dropdown,
  Empty,
  Input,
  Popover,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type InputRef,
  type TableColumnsType,
} from 'antd';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
} from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { call } from '../../shared/api.ts';
import { groupLabel, groupOptions, moveToGroup, useGroups } from '../../shared/groups.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { useRunning } from '../../shared/running.tsx';
import { OWNER_PARAM } from '../../shared/paths.ts';
import {
  ExitCell,
  ExitColumnTitle,
  useEnvironmentExits,
} from '../../shared/saved-proxies/EnvironmentExits.tsx';
import { useAuth } from '../../shared/auth.tsx';
import { remember, remembered } from '../../shared/storage.ts';
import { DateTimeLines } from '../../shared/ui/DateTimeLines.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { conditionsOf, runBrowserAction, type BrowserAction } from './actions.ts';
import { bulkTargets } from './bulk-edit.ts';
import { bulkEditCopy } from './bulk-edit-locales.ts';
import { BulkEditDialog } from './BulkEditDialog.tsx';
import { CloneDialog } from './CloneDialog.tsx';
import type { DialogRequest, EnvironmentDialogsProps } from './dialogs.ts';
import { FiltersDrawer } from './FiltersDrawer.tsx';
import { envCopy, fill } from './locales.ts';
import { listTags, type TagCount } from './organize-calls.ts';
import { organizeCopy } from './organize-locales.ts';
import {
  activeFilterCount,
  NO_FILTERS,
  isSortField,
  type EnvironmentRow,
  type Filters,
  type ListSort,
} from './model.ts';
import { RunningInfo } from './RunningInfo.tsx';
import { SkippedCopies } from './SkippedCopies.tsx';
import { StateTag } from './StateTag.tsx';
import { TagsDialog } from './TagsDialog.tsx';
import { TrashDrawer } from './TrashDrawer.tsx';
import { useEnvironments } from './useEnvironments.ts';
import './environments.css';

const PAGE_SIZES = [LIST_NUM_DEFAULT, 100, 200, LIST_NUM_MAX];
const COLUMN_KEYS = [
  'group',
  'tags',
  'system',
  'proxy',
  'comment',
  'state',
  'created',
  'updated',
] as const;
type ColumnKey = (typeof COLUMN_KEYS)[number];
const isColumnList = (value: unknown): value is ColumnKey[] =>
  Array.isArray(value) && value.every((v) => (COLUMN_KEYS as readonly string[]).includes(v));
/** The Actions column: Stop, running information and More side by side, in either language. */
const ACTIONS_WIDTH = 144;
const isPageSize = (value: unknown): value is number =>
  typeof value === 'number' && PAGE_SIZES.includes(value);

export default function EnvironmentsPage({
  Dialogs,
}: {
  /** The other features' dialogs the table opens (app/EnvironmentDialogs.tsx). */
  Dialogs: ComponentType<EnvironmentDialogsProps>;
}) {
  const t = useCopy(envCopy);
  const o = useCopy(organizeCopy);
  const b = useCopy(bulkEditCopy);
  const lang = useLang();
  const { message, modal } = AntApp.useApp();
  const stream = useRunning();
  const { groups, reload: reloadGroups } = useGroups();
  const account = useAuth().state?.account ?? null;

  const [searchParams, setSearchParams] = useSearchParams();
  const ownerParam = searchParams.get(OWNER_PARAM)?.trim() ?? '';
  const [filters, setFilters] = useState<Filters>(() => ({ ...NO_FILTERS, owner: ownerParam }));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The address changed the owner (a link, the menu, back and forward): follow it.
  const [seenOwner, setSeenOwner] = useState(ownerParam);
  if (seenOwner !== ownerParam) {
    setSeenOwner(ownerParam);
    setFilters((current) =>
      current.owner === ownerParam ? current : { ...current, owner: ownerParam },
    );
    setPage(1);
  }
  /** New filters from the page (panel, tag, "clear"), the owner written to the address too. */
  const applyFilters = useCallback(
    (next: Filters) => {
      setFilters(next);
      setPage(1);
      const owner = next.owner.trim();
      if (owner === ownerParam) return;
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (owner) params.set(OWNER_PARAM, owner);
          else params.delete(OWNER_PARAM);
          return params;
        },
        { replace: true },
      );
    },
    [ownerParam, setSearchParams],
  );
  const [pageSize, setPageSize] = useState(() =>
    remembered('pageSize', LIST_NUM_DEFAULT, isPageSize),
  );
  const [visible, setVisible] = useState<ColumnKey[]>(() =>
    remembered('columns', [...COLUMN_KEYS], isColumnList),
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [conditions, setConditions] = useState<ReadonlyMap<string, number>>(new Map());
  const [focused, setFocused] = useState(0);
  const [dialog, setDialog] = useState<DialogRequest>();
  const [tagsFor, setTagsFor] = useState<string[]>();
  const [bulkFor, setBulkFor] = useState<string[]>();
  const [cloneOf, setCloneOf] = useState<{ id: string; name: string }>();
  const [trashOpen, setTrashOpen] = useState(false);
  const [knownTags, setKnownTags] = useState<TagCount[]>([]);
  const searchRef = useRef<InputRef>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  const runningIds = useMemo(() => new Set(stream.running.keys()), [stream.running]);
  // The order is listid's (Sort_By): a sort spans every page, not only the one shown.
  const [sort, setSort] = useState<ListSort>();
  const list = useEnvironments(filters, page, pageSize, runningIds, sort);
  const { rows, reload } = list;
  // The exit column (proxy library): read for the rows shown, again when the running set changes.
  const exits = useEnvironmentExits(
    rows.map((row) => row.Session_ID),
    [...runningIds].sort().join(','),
  );

  // The account's tags (the filter's and the tag dialog's choices), read again with the list.
  useEffect(() => {
    let live = true;
    listTags()
      .then((tags) => live && setKnownTags(tags))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [rows]);

  // Why a stopped environment is not running (exited, proxy failed, queued): browser/status is
  // not rate-limited, and is asked again whenever the running set changes.
  useEffect(() => {
    let live = true;
    const ids = rows.map((row) => row.Session_ID);
    if (!ids.length) return;
    conditionsOf(ids)
      .then((found) => live && setConditions(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [rows, stream.running]);

  // The search box filters by name as the user types (debounced: listid is rate-limited).
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) => (current.name === search ? current : { ...current, name: search }));
      setPage(1);
    }, 400);
    return () => clearTimeout(timer);
  }, [search]);

  // "/" focuses the search box from anywhere on the page.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || target?.closest('input, textarea, [contenteditable="true"]')) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const rowById = useMemo(() => new Map(rows.map((row) => [row.Session_ID, row])), [rows]);
  const nameOf = useCallback((id: string) => rowById.get(id)?.Session_Name || id, [rowById]);

  const act = useCallback(
    async (action: BrowserAction, ids: string[]) => {
      if (!ids.length) return;
      setBusy((current) => new Set([...current, ...ids]));
      try {
        const outcome = await runBrowserAction(action, ids, lang);
        const doneText = { start: t.startDone, stop: t.stopDone, kill: t.killDone }[action];
        if (outcome.done.length)
          void message.success(fill(doneText, { count: outcome.done.length }));
        for (const failure of outcome.failed) {
          void message.error(
            fill(t.partFailed, { name: nameOf(failure.id), reason: failure.reason }),
            6,
          );
        }
      } catch (error) {
        void message.error(errorText(error));
      } finally {
        setBusy((current) => new Set([...current].filter((id) => !ids.includes(id))));
      }
    },
    [lang, message, nameOf, t],
  );

  const confirmDelete = useCallback(
    (ids: string[]) => {
      if (!ids.length) return;
      if (ids.some((id) => runningIds.has(id))) {
        void message.warning(t.deleteRunning);
        return;
      }
      modal.confirm({
        title:
          ids.length === 1
            ? fill(t.deleteOne, { name: nameOf(ids[0] ?? '') })
            : fill(t.deleteTitle, { count: ids.length }),
        content: fill(t.deleteBody, { days: TRASH_KEEP_DAYS }),
        okText: t.deleteOk,
        cancelText: t.cancel,
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await call('/api/v1/session/delete', { Session_ID: ids });
            void message.success(fill(t.deleted, { count: ids.length }));
          } catch (error) {
            // -13: some were deleted, some not (running, or someone else's).
            void message.error(
              error instanceof ApiError && error.code === -13
                ? fill(t.deleteFailed, { count: ids.length })
                : errorText(error),
            );
          }
          setSelected((current) => current.filter((id) => !ids.includes(id)));
          reload();
        },
      });
    },
    [message, modal, nameOf, reload, runningIds, t],
  );

  const askMove = useCallback(
    (ids: string[]) => {
      let target: string | undefined;
      // OK stays disabled until a group is chosen: nothing to refuse, no error to surface.
      const dialog = modal.confirm({
        title: fill(t.moveTitle, { count: ids.length }),
        icon: null,
        content: (
          <Select
            style={{ width: '100%', marginTop: 8 }}
            placeholder={t.moveTarget}
            aria-label={t.moveTarget}
            options={groupOptions(groups, lang)}
            onChange={(value: string) => {
              target = value;
              dialog.update({ okButtonProps: { disabled: false } });
            }}
          />
        ),
        okText: t.moveOk,
        okButtonProps: { disabled: true },
        cancelText: t.cancel,
        onOk: async () => {
          if (!target) return;
          const chosen = target;
          try {
            await moveToGroup(
              ids.map((id) => rowById.get(id)).filter((row): row is EnvironmentRow => Boolean(row)),
              chosen,
            );
            void message.success(
              fill(t.moved, { count: ids.length, group: groupLabel(chosen, lang) }),
            );
            reload();
          } catch (error) {
            void message.error(errorText(error));
          }
        },
      });
    },
    [groups, lang, message, modal, reload, rowById, t],
  );

  /** The Share dialog for `ids`; those shared with the account are left out (and counted). */
  const askShare = (ids: string[]) => {
    const received = ids.filter((id) => rowById.get(id)?.Session_Recv === 1);
    const targets = ids
      .filter((id) => !received.includes(id))
      .map((id) => ({ id, name: rowById.get(id)?.Session_Name ?? '' }));
    if (!targets.length) {
      void message.warning(t.shareOnlyOwn);
      return;
    }
    setDialog({ kind: 'share', targets, leftOut: received.length });
  };

  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current, id],
    );

  const rowMenu = (row: EnvironmentRow) => {
    const running = runningIds.has(row.Session_ID);
    // Shared with the account: its settings are the owner's (the cloud refuses other changes).
    const received = row.Session_Recv === 1;
    const items = [
      { key: 'edit', label: t.edit, disabled: received },
      { key: 'kill', label: t.kill, disabled: !running },
      { key: 'share', label: t.share, disabled: received },
      { key: 'clone', label: o.clone, disabled: received },
      { type: 'divider' as const },
      { key: 'import', label: t.importCookies, disabled: received },
      { key: 'export', label: t.exportCookies },
      { type: 'divider' as const },
      { key: 'delete', label: t.remove, danger: true, disabled: running || received },
    ];
    return {
      items: received
        ? [
            {
              key: 'shared-note',
              type: 'group' as const,
              label: (
                <span className="env-menu__note">
                  {fill(t.sharedNote, { owner: row.Session_Owner })}
                </span>
              ),
              children: items,
            },
          ]
        : items,
      onClick: ({ key }: { key: string }) => {
        if (key === 'kill') void act('kill', [row.Session_ID]);
        else if (key === 'share') askShare([row.Session_ID]);
        else if (key === 'delete') confirmDelete([row.Session_ID]);
        else if (key === 'edit') setDialog({ kind: 'edit', id: row.Session_ID });
        else if (key === 'clone')
          setCloneOf({ id: row.Session_ID, name: row.Session_Name || row.Session_ID });
        else if (key === 'import') setDialog({ kind: 'cookies', id: row.Session_ID });
        else if (key === 'export') setDialog({ kind: 'export', id: row.Session_ID });
      },
    };
  };

  /** A column the service sorts by (listid's Sort_By), showing the current order. */
  const sortable = (by: ListSortField) => ({
    sorter: true,
    sortOrder:
      sort?.by === by ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });

  const columns: TableColumnsType<EnvironmentRow> = [
    {
      key: 'name',
      title: t.name,
      dataIndex: 'Session_Name',
      fixed: 'left',
      // A long name wraps rather than widening the pinned columns.
      width: 200,
      ...sortable('name'),
      render: (name: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{name || row.Session_ID.slice(0, 8)}</Typography.Text>
          {/* The first 8 characters (enough to tell rows apart); the whole id in the tooltip and
              the copy button, so a row stays one line high. */}
          <Tooltip title={row.Session_ID}>
            <Typography.Text
              type="secondary"
              className="env-table__id"
              copyable={{ text: row.Session_ID, tooltips: [t.copyId, t.idCopied] }}
            >
              {row.Session_ID.slice(0, 8)}
            </Typography.Text>
          </Tooltip>
          {row.Session_Recv === 1 && (
            <Tooltip title={fill(t.sharedNote, { owner: row.Session_Owner })}>
              <Tag color="purple" data-testid="shared-with-me">
                {t.sharedWithMe} · {row.Session_Owner}
              </Tag>
            </Tooltip>
          )}
          {row.Session_Recv !== 1 &&
            account &&
            row.Session_Owner &&
            row.Session_Owner !== account && (
              // A team main account sees its sub-accounts' environments.
              <Tag color="blue">{fill(t.teamOwner, { owner: row.Session_Owner })}</Tag>
            )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t.actions,
      // Pinned beside the name, not at the right edge: when the columns are wider than the
      // window, the others scroll out at the right (none half hidden under this one), and Start
      // stays at hand.
      fixed: 'left',
      width: ACTIONS_WIDTH,
      render: (_, row) => {
        const info = stream.running.get(row.Session_ID);
        const pending = busy.has(row.Session_ID);
        return (
          <Space size={4} onClick={(event) => event.stopPropagation()}>
            {info ? (
              <Button
                size="small"
                danger
                icon={<PoweroffOutlined />}
                loading={pending}
                onClick={() => void act('stop', [row.Session_ID])}
              >
                {t.stop}
              </Button>
            ) : (
              <Button
                size="small"
                type="primary"
                icon={<PlayCircleOutlined />}
                loading={pending}
                onClick={() => void act('start', [row.Session_ID])}
              >
                {t.start}
              </Button>
            )}
            {info && (
              <Popover title={t.runningInfo} trigger="click" content={<RunningInfo info={info} />}>
                <Button size="small" icon={<InfoCircleOutlined />} aria-label={t.runningInfo} />
              </Popover>
            )}
            <Dropdown trigger={['click']} menu={rowMenu(row)}>
              <Button size="small" icon={<MoreOutlined />} aria-label={t.more} />
            </Dropdown>
          </Space>
        );
      },
    },
    {
      key: 'group',
      title: t.group,
      dataIndex: 'Group_Name',
      ...sortable('group'),
      render: (group: string) => groupLabel(group, lang),
    },
    {
      key: 'tags',
      title: t.tags,
      render: (_, row) =>
        row.Session_Tags?.length ? (
          <span className="env-table__tags">
            {row.Session_Tags.map((tag) => (
              <Tag key={tag} color="geekblue">
                {tag}
              </Tag>
            ))}
          </span>
        ) : null,
    },
    {
      key: 'system',
      title: t.system,
      dataIndex: 'SystemOS',
      ...sortable('system'),
    },
    {
      key: 'proxy',
      title: t.proxy,
      ...sortable('proxy'),
      render: (_, row) =>
        row.Proxy_Type && row.Proxy_Type !== 'noproxy' ? (
          <span>
            <Tag>{row.Proxy_Type}</Tag>
            {row.Proxy_Ip}
          </span>
        ) : (
          <Typography.Text type="secondary">{t.noProxy}</Typography.Text>
        ),
    },
    {
      key: 'exit',
      title: <ExitColumnTitle />,
      render: (_, row) => <ExitCell exit={exits.get(row.Session_ID)} />,
    },
    {
      key: 'comment',
      title: t.comment,
      dataIndex: 'Session_Desc',
      // Cut short to one line of a set width (the whole text on hover): the table is as wide as
      // its columns, so the text itself has to stop.
      render: (text: string) =>
        text ? (
          <span className="env-table__comment" title={text}>
            {text}
          </span>
        ) : null,
    },
    {
      key: 'state',
      title: t.state,
      render: (_, row) => (
        <StateTag
          running={runningIds.has(row.Session_ID)}
          condition={busy.has(row.Session_ID) ? -8 : (conditions.get(row.Session_ID) ?? 0)}
        />
      ),
    },
    {
      key: 'created',
      title: t.created,
      dataIndex: 'Session_CreateTime',
      ...sortable('created'),
      render: (value: string) => <DateTimeLines value={value} lang={lang} />,
    },
    {
      key: 'updated',
      title: t.updated,
      dataIndex: 'Session_UpdateTime',
      ...sortable('updated'),
      render: (value: string) => <DateTimeLines value={value} lang={lang} />,
    },
  ];
  const shown = columns.filter(
    (column) =>
      !(COLUMN_KEYS as readonly unknown[]).includes(column.key) ||
      visible.includes(column.key as ColumnKey),
  );

  // Keyboard: ↑ ↓ move between rows, Space selects, Enter starts or stops.
  const onTableKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, input, .ant-dropdown')) return;
    const row = rows[focused];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(
        0,
        Math.min(rows.length - 1, focused + (event.key === 'ArrowDown' ? 1 : -1)),
      );
      setFocused(next);
      tableRef.current?.querySelectorAll<HTMLElement>('tr.ant-table-row')[next]?.focus();
    } else if (event.key === ' ' && row) {
      event.preventDefault();
      toggle(row.Session_ID);
    } else if (event.key === 'Enter' && row) {
      event.preventDefault();
      void act(runningIds.has(row.Session_ID) ? 'stop' : 'start', [row.Session_ID]);
    }
  };

  const filterCount = activeFilterCount(filters);
  const selectedRunning = selected.filter((id) => runningIds.has(id));
  const columnPicker = (
    <Checkbox.Group<ColumnKey>
      className="env-table__columns"
      value={visible}
      onChange={(keys) => {
        setVisible(keys);
        remember('columns', keys);
      }}
      options={COLUMN_KEYS.map((key) => ({ value: key, label: t[key] }))}
    />
  );

  return (
    <div className="env-page">
      <div className="env-page__head">
        <Typography.Title level={3} className="env-page__title">
          {t.title}
        </Typography.Title>
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t.create}
          </Button>
          <Button onClick={() => setDialog({ kind: 'batch' })}>{t.batchCreate}</Button>
          <Button icon={<RestOutlined />} onClick={() => setTrashOpen(true)}>
            {o.trash}
          </Button>
          <Tooltip title={selected.length ? t.proxyImportAssign : t.proxyImportCreate}>
            <Button
              icon={<ImportOutlined />}
              onClick={() => setDialog({ kind: 'proxies', ids: selected })}
            >
              {t.proxyImport}
            </Button>
          </Tooltip>
        </Space>
      </div>

      <SkippedCopies onLeft={reload} />

      <div className="env-page__toolbar">
        <Input.Search
          ref={searchRef}
          className="env-page__search"
          placeholder={`${t.search}  /`}
          aria-label={t.search}
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => {
            setSearch(value);
            setFilters((current) => ({ ...current, name: value }));
            setPage(1);
          }}
        />
        <Select
          className="env-page__tag"
          allowClear
          showSearch
          placeholder={o.anyTag}
          aria-label={o.tagFilter}
          value={filters.tag}
          options={knownTags.map((tag) => ({
            value: tag.Tag,
            label: `${tag.Tag} (${tag.Count})`,
          }))}
          onChange={(tag?: string) => applyFilters({ ...filters, tag })}
        />
        <Badge count={filterCount} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)}>
            {t.filters}
          </Button>
        </Badge>
        {filters.owner.trim() && (
          <Tag
            color="blue"
            className="env-page__owner"
            data-testid="owner-filter"
            closable={{ 'aria-label': t.ownerFilterRemove }}
            onClose={(event) => {
              event.preventDefault();
              applyFilters({ ...filters, owner: '' });
            }}
          >
            {fill(t.ownerFilter, { owner: filters.owner.trim() })}
          </Tag>
        )}
        <Tooltip title={t.refresh}>
          <Button icon={<ReloadOutlined />} aria-label={t.refresh} onClick={reload} />
        </Tooltip>
        <Popover trigger="click" title={t.columns} content={columnPicker} placement="bottomRight">
          <Button icon={<SettingOutlined />}>{t.columns}</Button>
        </Popover>
        <span className="env-page__live">
          <Badge status={stream.connected ? 'processing' : 'default'} text={t.liveHint} />
        </span>
      </div>

      {selected.length > 0 && (
        <div
          className="env-page__selection"
          role="toolbar"
          aria-label={fill(t.selected, { count: selected.length })}
        >
          <Typography.Text strong>{fill(t.selected, { count: selected.length })}</Typography.Text>
          <Button
            size="small"
            type="primary"
            icon={<PlayCircleOutlined />}
            onClick={() => void act('start', selected)}
          >
            {t.start}
          </Button>
          <Button
            size="small"
            icon={<PoweroffOutlined />}
            disabled={!selectedRunning.length}
            onClick={() => void act('stop', selectedRunning)}
          >
            {t.stop}
          </Button>
          <Button size="small" icon={<ShareAltOutlined />} onClick={() => askShare(selected)}>
            {t.share}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'kill', label: t.kill, disabled: !selectedRunning.length },
                { key: 'move', label: t.moveToGroup },
                { key: 'tags', label: `${o.tags}…` },
                { key: 'settings', label: b.menu },
                { key: 'proxies', label: t.proxyImport },
              ],
              onClick: ({ key }) => {
                if (key === 'kill') void act('kill', selectedRunning);
                else if (key === 'move') askMove(selected);
                else if (key === 'tags') setTagsFor(selected);
                else if (key === 'settings') {
                  // Those shared with the account are left out (the dialog says how many).
                  if (bulkTargets(selected, rowById).targets.length) setBulkFor(selected);
                  else void message.warning(b.onlyOwn);
                } else if (key === 'proxies') setDialog({ kind: 'proxies', ids: selected });
              },
            }}
          >
            <Button size="small">
              {t.more} <DownOutlined />
            </Button>
          </Dropdown>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmDelete(selected)}
          >
            {t.remove}
          </Button>
          <Button size="small" type="link" onClick={() => setSelected([])}>
            {t.clearSelection}
          </Button>
        </div>
      )}

      {list.error && <Alert type="error" showIcon title={list.error} className="env-page__error" />}

      <div ref={tableRef} onKeyDown={onTableKey}>
        <Table<EnvironmentRow>
          className="env-table"
          rowKey="Session_ID"
          size="middle"
          loading={list.loading}
          dataSource={rows}
          columns={shown}
          // As wide as the columns need; what the window cannot hold scrolls inside the table.
          scroll={{ x: 'max-content' }}
          onChange={(_pagination, _filters, sorter, { action }) => {
            if (action !== 'sort') return;
            const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
            const by = chosen?.columnKey;
            setSort(
              chosen?.order && isSortField(by)
                ? { by, order: chosen.order === 'ascend' ? 'asc' : 'desc' }
                : undefined,
            );
            setPage(1);
          }}
          rowSelection={{
            fixed: true,
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
            // Ant Design's own labels of these checkboxes are English in every locale.
            getTitleCheckboxProps: () => ({ 'aria-label': t.selectPage }),
            getCheckboxProps: (row) => ({
              'aria-label': fill(t.selectOne, { name: row.Session_Name || row.Session_ID }),
            }),
          }}
          onRow={(row, index) => ({
            tabIndex: 0,
            'aria-selected': selected.includes(row.Session_ID),
            onFocus: () => setFocused(index ?? 0),
            'data-testid': `env-row-${row.Session_ID}`,
          })}
          locale={{
            emptyText: (
              <Empty
                description={
                  filterCount || filters.name || filters.tag ? (
                    <Space orientation="vertical">
                      <span>{t.emptyFiltered}</span>
                      <Button
                        size="small"
                        onClick={() => {
                          setSearch('');
                          applyFilters(NO_FILTERS);
                        }}
                      >
                        {t.clearFilters}
                      </Button>
                    </Space>
                  ) : (
                    <Space orientation="vertical">
                      <Typography.Text strong>{t.emptyTitle}</Typography.Text>
                      <span>{t.emptyBody}</span>
                    </Space>
                  )
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => fill(t.total, { total }),
            onChange: (next, size) => {
              if (size !== pageSize) {
                setPageSize(size);
                remember('pageSize', size);
                setPage(1);
              } else setPage(next);
            },
          }}
        />
      </div>
      <Typography.Text type="secondary" className="env-page__keys">
        {t.keyboardHint}
      </Typography.Text>

      <FiltersDrawer
        open={filtersOpen}
        filters={filters}
        groups={groups}
        onClose={() => setFiltersOpen(false)}
        onApply={(next) => {
          applyFilters(next);
          setFiltersOpen(false);
        }}
      />
      <TagsDialog
        ids={tagsFor}
        known={knownTags}
        onClose={() => setTagsFor(undefined)}
        onSaved={reload}
      />
      {bulkFor && (
        <BulkEditDialog
          ids={bulkFor}
          rows={rowById}
          onClose={() => setBulkFor(undefined)}
          onDone={() => {
            setBulkFor(undefined);
            reload();
          }}
        />
      )}
      <CloneDialog source={cloneOf} onClose={() => setCloneOf(undefined)} onCloned={reload} />
      {trashOpen && (
        <TrashDrawer
          open
          onClose={() => setTrashOpen(false)}
          onRestored={() => {
            reload();
            reloadGroups();
          }}
        />
      )}
      <Dialogs
        request={dialog}
        onClose={() => setDialog(undefined)}
        onChanged={() => {
          reload();
          reloadGroups();
        }}
      />
    </div>
  );
}
