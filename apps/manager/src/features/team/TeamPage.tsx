/**
 * The team of the signed-in account (/api/v1/team/list, as the web console's Team tab has it): its
 * main account and members with their type, the API credentials each holds, whether a local
 * service is signed in as them, their dates, and how many environments of each this computer shows
 * (listid by Session_Owner), with a link to the environments page filtered to that member. The
 * quota is shown as the limit of what the main account holds ("2 of 5"), never as a count held. A sub-account sees its main account and
 * itself; members are added and removed by the main account in the web console.
 */
import { ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { OWNER_PARAM, PATHS } from '../../shared/paths.ts';
import { call } from '../../shared/api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { useAuth } from '../../shared/auth.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { fill, teamCopy } from './locales.ts';
import './team.css';

/** One member as /api/v1/team/list answers it. */
export interface TeamMember {
  Account: string;
  /** 0 main account, 1 sub-account. */
  type: number;
  /** A local service is signed in as this member now. */
  online: boolean;
  /** API credentials this member holds (a sub-account none: it uses its main account's). */
  credentials: number;
  account_reg_date: string;
  account_expire_date: string;
}

export interface Team {
  self: string;
  type: number;
  main: string;
  /** API credentials the main account may hold (one per member) and holds now. */
  quota: number;
  held: number;
  members: TeamMember[];
}

/** The last load of the team: the team or why not, and which load it was. */
interface Loaded {
  team?: Team;
  error?: string;
  version: number;
}

export default function TeamPage() {
  const t = useCopy(teamCopy);
  const lang = useLang();
  const navigate = useNavigate();
  const cloud = useAuth().state?.cloud ?? null;
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>();
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  const [countError, setCountError] = useState<string>();

  // The team, then each member's environments here: one listid (ListNum 1, its total) per
  // member, one after the other (listid is rate-limited).
  useEffect(() => {
    let live = true;
    void (async () => {
      let team: Team;
      try {
        team = await call('/api/v1/team/list');
      } catch (error) {
        if (live) setLoaded({ error: errorText(error), version });
        return;
      }
      if (!live) return;
      setLoaded({ team, version });
      setCounts(new Map());
      setCountError(undefined);
      try {
        for (const member of team.members) {
          const { total } = await call('/api/v1/session/listid', {
            Session_Owner: member.Account,
            ListNum: 1,
          });
          if (!live) return;
          setCounts((current) => new Map(current).set(member.Account, total));
        }
      } catch (error) {
        if (live) setCountError(errorText(error));
      }
    })();
    return () => {
      live = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const loading = !loaded || loaded.version !== version;
  const team = loaded?.team;

  const consoleUrl = cloud ? `${cloud}${lang === 'zh' ? '/zh' : ''}/api` : null;
  const consoleLink = consoleUrl ? (
    <a href={consoleUrl} target="_blank" rel="noreferrer">
      {t.console}
    </a>
  ) : (
    t.consoleUnknown
  );

  const typeTag = (type: number) => (
    <Tag color={type === 0 ? 'blue' : 'purple'} data-testid="member-type">
      {type === 0 ? t.typeMain : t.typeSub}
    </Tag>
  );

  const columns: TableColumnsType<TeamMember> = [
    {
      key: 'member',
      title: t.member,
      // A long name may wrap (the "You" tag below it) so that Actions stays in view at 1024 px.
      render: (_, member) => (
        <Space size={[6, 2]} wrap>
          <Typography.Text strong className="team-table__name">
            {member.Account}
          </Typography.Text>
          {member.Account === team?.self && <Tag>{t.you}</Tag>}
        </Space>
      ),
    },
    { key: 'type', title: t.type, render: (_, member) => typeTag(member.type) },
    {
      key: 'credentials',
      title: <Tooltip title={t.credentialsHint}>{t.credentials}</Tooltip>,
      align: 'right',
      render: (_, member) => <span data-testid="member-credentials">{member.credentials}</span>,
    },
    {
      key: 'status',
      title: <Tooltip title={t.onlineHint}>{t.status}</Tooltip>,
      className: 'team-table__nowrap',
      render: (_, member) => (
        <Badge
          status={member.online ? 'success' : 'default'}
          text={member.online ? t.online : t.offline}
        />
      ),
    },
    {
      key: 'registered',
      title: t.registered,
      className: 'team-table__nowrap',
      render: (_, member) => formatDateTime(member.account_reg_date, lang),
    },
    {
      key: 'expires',
      title: t.expires,
      className: 'team-table__nowrap',
      render: (_, member) => formatDateTime(member.account_expire_date, lang),
    },
    {
      key: 'environments',
      title: <Tooltip title={t.environmentsHint}>{t.environments}</Tooltip>,
      align: 'right',
      render: (_, member) => {
        const count = counts.get(member.Account);
        if (count !== undefined) return <span data-testid="member-count">{count}</span>;
        return countError ? t.unknown : <Spin size="small" />;
      },
    },
    {
      key: 'actions',
      title: t.actions,
      render: (_, member) => (
        <Button
          size="small"
          icon={<UnorderedListOutlined />}
          disabled={counts.get(member.Account) === 0}
          onClick={() =>
            void navigate(
              `${PATHS.environments}?${new URLSearchParams({ [OWNER_PARAM]: member.Account })}`,
            )
          }
        >
          {t.show}
        </Button>
      ),
    },
  ];

  const sub = team?.type === 1;
  return (
    <Space orientation="vertical" size="large" className="team-page">
      <div className="team-page__head">
        <div>
          <Typography.Title level={3} className="team-page__title">
            {t.title}
          </Typography.Title>
          <Typography.Text type="secondary">{t.lead}</Typography.Text>
        </div>
        <Tooltip title={t.refresh}>
          <Button icon={<ReloadOutlined />} aria-label={t.refresh} onClick={reload} />
        </Tooltip>
      </div>

      {loaded?.error && <Alert type="error" showIcon title={loaded.error} />}

      {team && (
        <>
          {sub ? (
            <Alert
              type="info"
              showIcon
              data-testid="team-note"
              title={fill(t.subTitle, { main: team.main })}
              description={
                <span>
                  {t.subNote} {consoleLink}
                </span>
              }
            />
          ) : (
            <Alert
              type="info"
              showIcon
              data-testid="team-note"
              title={
                <span>
                  {t.mainNote} {consoleLink}
                </span>
              }
            />
          )}
          <Card>
            <Descriptions column={{ xs: 1, md: 3 }} data-testid="team-summary">
              <Descriptions.Item label={t.mainAccount}>
                <Typography.Text strong data-testid="team-main">
                  {team.main}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t.signedInAs}>
                <Space size={6}>
                  {team.self}
                  {typeTag(team.type)}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t.quota}>
                <span data-testid="team-credentials">
                  {fill(t.quotaValue, { held: team.held, quota: team.quota })}
                </span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </>
      )}

      {countError && (
        <Alert type="warning" showIcon title={fill(t.countFailed, { reason: countError })} />
      )}

      <Table<TeamMember>
        className="team-table"
        // The manager's other tables' padding: the eight columns fit at 1024 px, Actions included.
        size="middle"
        rowKey="Account"
        loading={loading}
        dataSource={team?.members ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
        title={() => <Typography.Text strong>{t.members}</Typography.Text>}
        // The row's test id (a data-* attribute, which the row props' type does not list).
        onRow={(member) =>
          ({ 'data-testid': `member-row-${member.Account}` }) as HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: t.empty }}
      />
    </Space>
  );
}
