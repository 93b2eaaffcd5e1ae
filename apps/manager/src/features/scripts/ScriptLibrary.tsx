/**
 * The cloud's script library (script/list) as a table to add from: name, what it does, version,
 * searchable by name, with an Add button per script ("Added" when the environment has it).
 */
import { MainCodes } from '@hainiao/contract';
import { Alert, Button, Card, Input, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, call } from '../../shared/api.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { fill } from '../../shared/format.ts';
import { scriptsCopy } from './locales.ts';

export interface LibraryScript {
  Script_ID: string;
  Script_Name: string;
  Script_Ver: string;
  Script_Desc: string;
}

/** Why the library could not be listed: the cloud is out of reach, or what the service said. */
type Failure = { unreachable: true } | { unreachable: false; reason: string };

export function ScriptLibrary(props: {
  /** Ids the environment already has (undefined while its list loads). */
  assigned: ReadonlySet<string> | undefined;
  /** The id being added, if any. */
  adding: string | undefined;
  onAdd(script: LibraryScript): void;
}) {
  const t = useCopy(scriptsCopy);
  // The library answers in the caller's language: read it again when the language changes.
  const lang = useLang();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; list: LibraryScript[]; failure?: Failure }>();
  const [search, setSearch] = useState('');
  const key = `${lang}:${attempt}`;
  const loading = loaded?.key !== key;

  useEffect(() => {
    let live = true;
    call('/api/v1/script/list')
      .then((answer) => live && setLoaded({ key, list: answer.Script_list }))
      .catch((error: unknown) => {
        if (!live) return;
        const unreachable =
          error instanceof ApiError && error.code === MainCodes.code.LOGIN_SERVER_ERROR;
        setLoaded({
          key,
          list: [],
          failure: unreachable ? { unreachable } : { unreachable, reason: errorText(error) },
        });
      });
    return () => {
      live = false;
    };
  }, [key]);

  const list = useMemo(() => loaded?.list ?? [], [loaded]);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () => (needle ? list.filter((s) => s.Script_Name.toLowerCase().includes(needle)) : list),
    [list, needle],
  );
  const failure = loading ? undefined : loaded?.failure;

  return (
    <Card
      title={t.library}
      extra={
        !loading && !failure ? (
          <Typography.Text type="secondary">
            {fill(t.libraryCount, { count: list.length })}
          </Typography.Text>
        ) : null
      }
    >
      {failure ? (
        <Alert
          type="warning"
          showIcon
          title={t.libraryUnavailable}
          description={failure.unreachable ? t.libraryUnreachable : failure.reason}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t.retry}
            </Button>
          }
        />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Input.Search
            placeholder={t.search}
            aria-label={t.search}
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Table<LibraryScript>
            rowKey="Script_ID"
            loading={loading}
            dataSource={shown}
            pagination={false}
            locale={{
              emptyText: needle ? fill(t.libraryNoMatch, { query: search.trim() }) : t.libraryEmpty,
            }}
            columns={[
              {
                key: 'name',
                title: t.name,
                dataIndex: 'Script_Name',
                render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
              },
              { key: 'description', title: t.description, dataIndex: 'Script_Desc' },
              { key: 'version', title: t.version, dataIndex: 'Script_Ver', width: 100 },
              {
                key: 'actions',
                title: t.actions,
                width: 120,
                render: (_, script) => {
                  const has = props.assigned?.has(script.Script_ID) ?? false;
                  return (
                    <Button
                      size="small"
                      type={has ? 'default' : 'primary'}
                      disabled={has || !props.assigned || props.adding !== undefined}
                      loading={props.adding === script.Script_ID}
                      aria-label={fill(has ? t.alreadyAddedAria : t.addAria, {
                        name: script.Script_Name,
                      })}
                      onClick={() => props.onAdd(script)}
                    >
                      {has ? t.alreadyAdded : t.add}
                    </Button>
                  );
                },
              },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
