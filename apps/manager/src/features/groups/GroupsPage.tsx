/** Groups: create, rename, delete (empty ones), move environments between them, with their sizes. */
import { DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import {
  DEFAULT_GROUP_NAME,
  GROUP_NAME_MAX,
  LIST_NUM_MAX,
  STATUS_QUERY_MAX,
} from '@hainiao/contract';
import {
  App as AntApp,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../shared/api.ts';
import {
  createGroup,
  groupLabel,
  groupOptions,
  renameGroup,
  useGroups,
} from '../../shared/groups.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { fill, groupsCopy } from './locales.ts';
import { PageFrame } from '../../shared/ui/PageFrame.tsx';

interface Brief {
  Session_ID: string;
  Session_Name: string;
  Group_Name: string;
  status: number;
}

/** The environments of a group (its first LIST_NUM_MAX), with their names. */
async function environmentsOf(group: string): Promise<Brief[]> {
  const { listid } = await call('/api/v1/session/listid', {
    Session_GroupName: group,
    ListNum: LIST_NUM_MAX,
  });
  const found: Brief[] = [];
  for (let i = 0; i < listid.length; i += STATUS_QUERY_MAX) {
    const { listcontainer } = await call('/api/v1/session/id_container', {
      Session_ID: listid.slice(i, i + STATUS_QUERY_MAX),
      Session_container_type: 2,
    });
    // Found ones: an unknown id answers its id and -22 only.
    found.push(...listcontainer.filter((entry) => 'Session_Name' in entry));
  }
  return found;
}

export default function GroupsPage() {
  const t = useCopy(groupsCopy);
  const lang = useLang();
  /** A group's name as shown (the default group's in the reader's language). */
  const shown = (name: string) => groupLabel(name, lang);
  const { message, modal } = AntApp.useApp();
  const { groups, reload } = useGroups();
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const [moving, setMoving] = useState<{ from: string; envs: Brief[] }>();
  const [moveIds, setMoveIds] = useState<string[]>([]);
  const [moveTarget, setMoveTarget] = useState<string>();
  const [renaming, setRenaming] = useState<string>();
  const [renameForm] = Form.useForm<{ name: string }>();
  const [savingName, setSavingName] = useState(false);

  // Each group's size: one listid (ListNum 1) per group, one after the other (rate-limited).
  useEffect(() => {
    let live = true;
    (async () => {
      for (const group of groups) {
        const { total } = await call('/api/v1/session/listid', {
          Session_GroupName: group,
          ListNum: 1,
        });
        if (!live) return;
        setCounts((current) => new Map(current).set(group, total));
      }
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [groups]);

  const create = async ({ name }: { name: string }) => {
    setCreating(true);
    try {
      const created = await createGroup(name);
      void message.success(fill(t.created, { name: created }));
      form.resetFields();
      reload();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setCreating(false);
    }
  };

  const openRename = (name: string) => setRenaming(name);

  const rename = async ({ name }: { name: string }) => {
    if (!renaming) return;
    setSavingName(true);
    try {
      const to = await renameGroup(renaming, name);
      void message.success(fill(t.renamed, { from: renaming, to }));
      setRenaming(undefined);
      setCounts(new Map());
      reload();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setSavingName(false);
    }
  };

  const remove = (name: string) =>
    modal.confirm({
      title: fill(t.removeTitle, { name: shown(name) }),
      content: t.removeBody,
      okText: t.removeOk,
      cancelText: t.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call('/api/v1/group/del', { Group_Name: [name] });
          void message.success(fill(t.removed, { name: shown(name) }));
          reload();
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });

  const openMove = async (from: string) => {
    try {
      setMoveIds([]);
      setMoveTarget(undefined);
      setMoving({ from, envs: await environmentsOf(from) });
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const move = async () => {
    if (!moving || !moveTarget || !moveIds.length) {
      void message.warning(t.chooseBoth);
      return;
    }
    try {
      await call('/api/v1/group/move_session', {
        Session_ID: moveIds,
        Orgin_Group_Name: moving.from,
        Target_Group_Name: moveTarget,
      });
      void message.success(fill(t.moved, { count: moveIds.length, group: shown(moveTarget) }));
      setMoving(undefined);
      setCounts(new Map());
      reload();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <PageFrame title={t.title} lead={t.lead}>
      <Card>
        <Form form={form} layout="inline" onFinish={create}>
          <Form.Item
            name="name"
            rules={[
              { required: true, whitespace: true, message: t.newGroup },
              { max: GROUP_NAME_MAX },
            ]}
          >
            <Input
              placeholder={t.newGroup}
              aria-label={t.newGroup}
              maxLength={GROUP_NAME_MAX}
              style={{ width: 280 }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={creating}>
            {t.create}
          </Button>
        </Form>
      </Card>
      <Table<string>
        rowKey={(name) => name}
        dataSource={groups}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t.name,
            render: (_, name) => <Typography.Text strong>{shown(name)}</Typography.Text>,
          },
          {
            key: 'count',
            title: t.count,
            render: (_, name) => counts.get(name) ?? t.unknown,
          },
          {
            key: 'actions',
            title: t.actions,
            render: (_, name) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  disabled={name === DEFAULT_GROUP_NAME}
                  title={name === DEFAULT_GROUP_NAME ? t.defaultKept : undefined}
                  aria-label={fill(t.renameTitle, { name: shown(name) })}
                  onClick={() => openRename(name)}
                >
                  {t.rename}
                </Button>
                <Button
                  size="small"
                  icon={<SwapOutlined />}
                  disabled={counts.get(name) === 0}
                  onClick={() => void openMove(name)}
                >
                  {t.move}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    counts.get(name) ? void message.warning(t.notEmpty) : remove(name)
                  }
                >
                  {t.remove}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={renaming !== undefined}
        title={renaming ? fill(t.renameTitle, { name: shown(renaming) }) : ''}
        okText={t.renameOk}
        cancelText={t.cancel}
        okButtonProps={{ loading: savingName }}
        onOk={() => renameForm.submit()}
        onCancel={() => setRenaming(undefined)}
        // Made afresh for each group: a closed dialog keeps no state of the last one (its OK
        // button's loading icon, caught mid-animation when the dialog hid, kept the name
        // "loading Rename" for screen readers).
        destroyOnHidden
      >
        <p>{t.renameBody}</p>
        <Form
          form={renameForm}
          name="group-rename"
          layout="vertical"
          initialValues={{ name: renaming }}
          onFinish={(values) => void rename(values)}
        >
          <Form.Item
            name="name"
            label={t.renameNew}
            rules={[
              { required: true, whitespace: true, message: t.renameNew },
              { max: GROUP_NAME_MAX },
            ]}
          >
            <Input aria-label={t.renameNew} maxLength={GROUP_NAME_MAX} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={Boolean(moving)}
        title={moving ? fill(t.moveTitle, { name: shown(moving.from) }) : ''}
        okText={t.moveOk}
        cancelText={t.cancel}
        onOk={() => void move()}
        onCancel={() => setMoving(undefined)}
      >
        <Form layout="vertical">
          <Form.Item label={t.moveWhich}>
            <Select
              mode="multiple"
              aria-label={t.moveWhich}
              value={moveIds}
              onChange={setMoveIds}
              options={(moving?.envs ?? []).map((env) => ({
                value: env.Session_ID,
                label: env.Session_Name || env.Session_ID,
              }))}
            />
          </Form.Item>
          <Form.Item label={t.moveTarget}>
            <Select
              aria-label={t.moveTarget}
              value={moveTarget}
              onChange={setMoveTarget}
              options={groupOptions(
                groups.filter((g) => g !== moving?.from),
                lang,
              )}
            />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
