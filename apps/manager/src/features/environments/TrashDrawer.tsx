/**
 * The recycle bin: what the account deleted in the last TRASH_KEEP_DAYS days, restored or deleted
 * for good one by one or together, or emptied.
 */
import { TRASH_KEEP_DAYS } from '@hainiao/contract';
import { App as AntApp, Button, Drawer, Empty, Space, Table, Typography } from 'antd';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { formatDateTime, fill } from '../../shared/format.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { deleteFromTrash, listTrash, restoreFromTrash, type TrashEntry } from './organize-calls.ts';
import { organizeCopy } from './organize-locales.ts';

export function TrashDrawer(props: { open: boolean; onClose(): void; onRestored(): void }) {
  const { open, onClose, onRestored } = props;
  const t = useCopy(organizeCopy);
  const lang = useLang();
  const { message, modal } = AntApp.useApp();
  const [entries, setEntries] = useState<TrashEntry[]>([]);
  // Mounted when the drawer opens (EnvironmentsPage), so the first read starts out loading.
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    listTrash()
      .then((list) => live && setEntries(list))
      .catch((error: unknown) => live && void message.error(errorText(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [version, message]);

  const load = () => {
    setLoading(true);
    setVersion((current) => current + 1);
  };

  const restore = async (ids: string[]) => {
    try {
      await restoreFromTrash(ids);
      void message.success(fill(t.restored, { count: ids.length }));
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      onRestored();
    } catch (error) {
      void message.error(errorText(error));
    }
    load();
  };

  const purge = (ids: string[] | 'all') =>
    modal.confirm({
      title: ids === 'all' ? t.emptyTrashTitle : fill(t.deleteForeverTitle, { count: ids.length }),
      content: t.deleteForeverBody,
      okText: t.deleteForever,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = (await deleteFromTrash(ids)) as { Deleted_Session_ID: string[] };
          void message.success(fill(t.deletedForever, { count: answer.Deleted_Session_ID.length }));
          setSelected([]);
        } catch (error) {
          void message.error(errorText(error));
        }
        load();
      },
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t.trashTitle}
      size="large"
      extra={
        <Button danger disabled={!entries.length} onClick={() => purge('all')}>
          {t.emptyTrash}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {fill(t.trashHint, { days: TRASH_KEEP_DAYS })}
      </Typography.Paragraph>
      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => void restore(selected)}>
            {t.restore} ({selected.length})
          </Button>
          <Button danger onClick={() => purge(selected)}>
            {t.deleteForever} ({selected.length})
          </Button>
        </Space>
      )}
      <Table<TrashEntry>
        rowKey="Session_ID"
        size="small"
        loading={loading}
        dataSource={entries}
        pagination={false}
        locale={{ emptyText: <Empty description={t.trashEmpty} /> }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          // Ant Design's own labels of these checkboxes are English in every locale.
          getTitleCheckboxProps: () => ({ 'aria-label': t.trashSelectAll }),
          getCheckboxProps: (row) => ({
            'aria-label': fill(t.trashSelectOne, { name: row.Session_Name || row.Session_ID }),
          }),
        }}
        onRow={(row) =>
          ({ 'data-testid': `trash-row-${row.Session_ID}` }) as HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            key: 'name',
            title: t.trashName,
            render: (_, row) => row.Session_Name || row.Session_ID.slice(0, 8),
          },
          { key: 'group', title: t.trashGroup, dataIndex: 'Session_Group' },
          {
            key: 'deleted',
            title: t.trashDeleted,
            render: (_, row) => formatDateTime(row.Deleted_Time, lang),
          },
          {
            key: 'purge',
            title: t.trashPurge,
            render: (_, row) => formatDateTime(row.Purge_Time, lang),
          },
          {
            key: 'actions',
            title: '',
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" onClick={() => void restore([row.Session_ID])}>
                  {t.restore}
                </Button>
                <Button size="small" danger type="text" onClick={() => purge([row.Session_ID])}>
                  {t.deleteForever}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
