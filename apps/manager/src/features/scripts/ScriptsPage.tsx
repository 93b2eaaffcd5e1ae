/**
 * An environment's scripts: add from the script library (script/list lists it, so no id is typed:
 * id_script_add takes library ids only), then activate, deactivate, delete.
 */
import { Alert, App as AntApp, Button, Card, Form, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../shared/api.ts';
import { useCopy } from '../../shared/lang.tsx';
import { EnvironmentPicker } from '../../shared/ui/EnvironmentPicker.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { fill } from '../../shared/format.ts';
import { scriptsCopy } from './locales.ts';
import { PageFrame } from '../../shared/ui/PageFrame.tsx';
import { ScriptLibrary, type LibraryScript } from './ScriptLibrary.tsx';

interface ScriptRow {
  id: string;
  name: string;
  active: boolean;
}

export default function ScriptsPage() {
  const t = useCopy(scriptsCopy);
  const { message } = AntApp.useApp();
  const [environment, setEnvironment] = useState<string>();
  // The list of the environment it was read for: loading while that is not the chosen one.
  const [loaded, setLoaded] = useState<{ of: string; version: number; rows: ScriptRow[] }>();
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState<string>();
  const current = loaded && loaded.of === environment && loaded.version === version;
  const loading = Boolean(environment) && !current;
  const rows = useMemo(
    () => (loaded && loaded.of === environment ? loaded.rows : []),
    [loaded, environment],
  );
  // What the library marks "Added": only once the chosen environment's list is in.
  const assigned = useMemo(
    () => (current ? new Set(rows.map((row) => row.id)) : undefined),
    [current, rows],
  );

  useEffect(() => {
    if (!environment) return;
    let live = true;
    void call('/api/v1/session/id_script_list', { Session_ID: environment })
      .then((list) => [
        ...(list.Actived_script_id
          ? [{ id: list.Actived_script_id, name: list.Actived_script_name, active: true }]
          : []),
        ...list.UnActived_script_list.map((s) => ({
          id: s.UnActived_script_ID,
          name: s.UnActived_script_Name,
          active: false,
        })),
      ])
      .catch((error: unknown) => {
        if (live) void message.error(errorText(error));
        return [];
      })
      .then((found) => live && setLoaded({ of: environment, version, rows: found }));
    return () => {
      live = false;
    };
  }, [environment, version, message]);

  /** A script call on the chosen environment, then the list again. */
  const run = async (send: (environment: string) => Promise<unknown>, done: string) => {
    if (!environment) return;
    try {
      await send(environment);
      void message.success(done);
      setVersion((v) => v + 1);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const add = async (script: LibraryScript) => {
    setAdding(script.Script_ID);
    try {
      await run(
        (id) =>
          call('/api/v1/session/id_script_add', { Session_ID: id, Script_ID: [script.Script_ID] }),
        fill(t.added, { name: script.Script_Name }),
      );
    } finally {
      setAdding(undefined);
    }
  };

  return (
    <PageFrame title={t.title} lead={t.lead}>
      <Card>
        <Form layout="vertical">
          <Form.Item label={t.environment} style={{ marginBottom: 0 }}>
            <EnvironmentPicker
              value={environment}
              onChange={setEnvironment}
              ariaLabel={t.environment}
            />
          </Form.Item>
        </Form>
      </Card>
      {environment ? (
        <>
          <ScriptLibrary assigned={assigned} adding={adding} onAdd={(s) => void add(s)} />
          <Card title={t.ofEnvironment}>
            <Table<ScriptRow>
              rowKey="id"
              loading={loading}
              dataSource={rows}
              pagination={false}
              locale={{ emptyText: t.empty }}
              columns={[
                { key: 'name', title: t.name, dataIndex: 'name' },
                {
                  key: 'id',
                  title: t.id,
                  dataIndex: 'id',
                  render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
                },
                {
                  key: 'state',
                  title: t.state,
                  render: (_, row) =>
                    row.active ? <Tag color="green">{t.active}</Tag> : <Tag>{t.inactive}</Tag>,
                },
                {
                  key: 'actions',
                  title: t.actions,
                  render: (_, row) => (
                    <Space>
                      {row.active ? (
                        <Button
                          size="small"
                          aria-label={fill(t.deactivateAria, { name: row.name })}
                          onClick={() =>
                            void run(
                              (id) =>
                                call('/api/v1/session/id_script_Deactivate', {
                                  Session_ID: id,
                                  Script_ID: row.id,
                                }),
                              t.deactivated,
                            )
                          }
                        >
                          {t.deactivate}
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          type="primary"
                          aria-label={fill(t.activateAria, { name: row.name })}
                          onClick={() =>
                            void run(
                              (id) =>
                                call('/api/v1/session/id_script_active', {
                                  Session_ID: id,
                                  Script_ID: row.id,
                                }),
                              t.activated,
                            )
                          }
                        >
                          {t.activate}
                        </Button>
                      )}
                      <Button
                        size="small"
                        danger
                        aria-label={fill(t.removeAria, { name: row.name })}
                        onClick={() =>
                          row.active
                            ? void message.warning(t.removeActive)
                            : void run(
                                (id) =>
                                  call('/api/v1/session/id_script_Delete', {
                                    Session_ID: id,
                                    Script_ID: [row.id],
                                  }),
                                t.removed,
                              )
                        }
                      >
                        {t.remove}
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </>
      ) : (
        <Alert type="info" showIcon title={t.pick} />
      )}
    </PageFrame>
  );
}
