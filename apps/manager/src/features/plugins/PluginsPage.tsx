/** The cloud's plugin library, installing into environments, and an environment's plugins. */
import { Alert, App as AntApp, Button, Card, Form, Modal, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../shared/api.ts';
import { useCopy } from '../../shared/lang.tsx';
import { EnvironmentPicker } from '../../shared/ui/EnvironmentPicker.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { fill, pluginsCopy } from './locales.ts';
import { PageFrame } from '../../shared/ui/PageFrame.tsx';

interface LibraryPlugin {
  Plugin_Id: string;
  Plugin_Name: string;
  Plugin_Ver: string;
  Plugin_Desc: string;
  Plugin_Ver_List: string[];
}

interface Installed {
  Plugin_Id: string;
  Plugin_Name: string;
  Plugin_Ver: string;
}

export default function PluginsPage() {
  const t = useCopy(pluginsCopy);
  const { message } = AntApp.useApp();
  const [library, setLibrary] = useState<LibraryPlugin[]>([]);
  const [libraryLoading, setLibraryLoading] = useState(true);
  const [libraryError, setLibraryError] = useState<string>();
  const [installing, setInstalling] = useState<LibraryPlugin>();
  const [targets, setTargets] = useState<string[]>([]);
  const [version, setVersion] = useState<string>();
  const [environment, setEnvironment] = useState<string>();
  const [loaded, setLoaded] = useState<{ of: string; list: Installed[] }>();
  const [installedVersion, setInstalledVersion] = useState(0);
  const installed = loaded && loaded.of === environment ? loaded.list : [];

  useEffect(() => {
    call('/api/v1/plugin/list')
      .then((answer) => setLibrary(answer.Plugin_list))
      .catch((error: unknown) => setLibraryError(errorText(error)))
      .finally(() => setLibraryLoading(false));
  }, []);

  useEffect(() => {
    if (!environment) return;
    let live = true;
    void call('/api/v1/session/id_plugin_list', {
      Session_ID: environment,
    })
      .then((answer) => answer.Plugin_list)
      .catch((error: unknown) => {
        if (live) void message.error(errorText(error));
        return [];
      })
      .then((list) => live && setLoaded({ of: environment, list }));
    return () => {
      live = false;
    };
  }, [environment, installedVersion, message]);
  const loadInstalled = () => setInstalledVersion((v) => v + 1);

  const install = async () => {
    if (!installing) return;
    if (!targets.length) {
      void message.warning(t.chooseEnvironments);
      return;
    }
    let done = 0;
    for (const id of targets) {
      try {
        await call('/api/v1/session/plugin_install', {
          Session_ID: id,
          Plugin_ID: [installing.Plugin_Id],
          ...(version ? { Plugin_ver: version } : {}),
        });
        done++;
      } catch (error) {
        void message.error(fill(t.installFailed, { name: id, reason: errorText(error) }), 6);
      }
    }
    if (done) void message.success(fill(t.installed, { count: done }));
    setInstalling(undefined);
    loadInstalled();
  };

  const remove = async (plugin: Installed) => {
    if (!environment) return;
    try {
      await call('/api/v1/session/plugin_delete', {
        Session_ID: environment,
        Plugin_ID: [plugin.Plugin_Id],
      });
      void message.success(t.removed);
      loadInstalled();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <PageFrame title={t.title} lead={t.lead}>
      <Card title={t.library}>
        {libraryError && <Alert type="error" showIcon title={libraryError} />}
        <Table<LibraryPlugin>
          rowKey="Plugin_Id"
          loading={libraryLoading}
          dataSource={library}
          pagination={false}
          locale={{ emptyText: t.libraryEmpty }}
          columns={[
            {
              key: 'name',
              title: t.name,
              dataIndex: 'Plugin_Name',
              render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
            },
            { key: 'version', title: t.version, dataIndex: 'Plugin_Ver' },
            { key: 'description', title: t.description, dataIndex: 'Plugin_Desc', ellipsis: true },
            {
              key: 'actions',
              title: t.actions,
              render: (_, plugin) => (
                <Button
                  size="small"
                  type="primary"
                  onClick={() => {
                    setTargets(environment ? [environment] : []);
                    setVersion(undefined);
                    setInstalling(plugin);
                  }}
                >
                  {t.install}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t.ofEnvironment}>
        <Form layout="vertical">
          <Form.Item label={t.environment}>
            <EnvironmentPicker
              value={environment}
              onChange={setEnvironment}
              ariaLabel={t.environment}
            />
          </Form.Item>
        </Form>
        {environment ? (
          <Table<Installed>
            rowKey="Plugin_Id"
            dataSource={installed}
            pagination={false}
            locale={{ emptyText: t.empty }}
            columns={[
              { key: 'name', title: t.name, dataIndex: 'Plugin_Name' },
              { key: 'version', title: t.installVersion, dataIndex: 'Plugin_Ver' },
              {
                key: 'actions',
                title: t.actions,
                render: (_, plugin) => (
                  <Button size="small" danger onClick={() => void remove(plugin)}>
                    {t.remove}
                  </Button>
                ),
              },
            ]}
          />
        ) : (
          <Alert type="info" showIcon title={t.pick} />
        )}
      </Card>
      <Modal
        open={Boolean(installing)}
        title={installing ? fill(t.installTitle, { name: installing.Plugin_Name }) : ''}
        okText={t.installOk}
        cancelText={t.cancel}
        onOk={() => void install()}
        onCancel={() => setInstalling(undefined)}
      >
        <Form layout="vertical">
          <Form.Item label={t.installIn}>
            <EnvironmentPicker
              multiple
              value={targets}
              onChange={setTargets}
              ariaLabel={t.installIn}
            />
          </Form.Item>
          <Form.Item label={t.installVersion}>
            <Select
              aria-label={t.installVersion}
              allowClear
              placeholder={installing?.Plugin_Ver}
              value={version}
              onChange={setVersion}
              options={(installing?.Plugin_Ver_List ?? []).map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
