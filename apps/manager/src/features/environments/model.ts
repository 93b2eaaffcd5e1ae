/** The table's rows and filters, and how they become listid bodies. */
import {
  LIST_SORT_FIELDS,
  type ListSessionIdsBody,
  type ListSortField,
  type ProxyType,
} from '@hainiao/contract';

/** One environment as id_container answers it with Session_container_type 2 (a brief line). */
export interface EnvironmentRow {
  Session_ID: string;
  Session_Name: string;
  Session_Desc: string;
  Group_Name: string;
  SystemOS: string;
  Proxy_Type: string;
  Proxy_Ip: string;
  Session_Actived: number;
  Session_CreateTime: string;
  Session_UpdateTime: string;
  /** 1 when someone shared it with this account. */
  Session_Recv: number;
  Session_Owner: string;
  /** Our extension: the environment's tags. */
  Session_Tags?: string[];
  /** -22 when the id is unknown (deleted meanwhile). */
  status: number;
}

export type RunFilter = 'all' | 'running' | 'stopped';

/** Every listid filter of the spec, plus the running state (not a listid filter: see useEnvironments). */
export interface Filters {
  name: string;
  group?: string;
  proxyType?: ProxyType;
  proxyIp: string;
  comment: string;
  userAgent: string;
  /** Only this account's environments (a team's main account sees its members' too). */
  owner: string;
  webAccount?: { site: string };
  created?: [string, string];
  updated?: [string, string];
  received?: { from: string };
  sent?: { to: string };
  plugin?: { id: string };
  script?: { id: string };
  /** Only environments with this tag. */
  tag?: string;
  run: RunFilter;
}

export const NO_FILTERS: Filters = {
  name: '',
  proxyIp: '',
  comment: '',
  userAgent: '',
  owner: '',
  run: 'all',
};

const text = (value: string) => (value.trim() ? value.trim() : undefined);

/** The listid body of `filters` (without the page). */
/** The table's order, as listid's Sort_By and Sort_Order take it. */
export interface ListSort {
  by: ListSortField;
  order: 'asc' | 'desc';
}

export const isSortField = (value: unknown): value is ListSortField =>
  (LIST_SORT_FIELDS as readonly unknown[]).includes(value);

export function listBody(filters: Filters, sort?: ListSort): ListSessionIdsBody {
  const body: ListSessionIdsBody = {};
  if (sort) {
    body.Sort_By = sort.by;
    body.Sort_Order = sort.order;
  }
  if (text(filters.name)) body.Session_Name = text(filters.name);
  if (filters.group) body.Session_GroupName = filters.group;
  if (filters.proxyType) body.Proxy_Type = filters.proxyType;
  if (text(filters.proxyIp)) body.Proxy_Ip = text(filters.proxyIp);
  if (text(filters.comment)) body.Comment = text(filters.comment);
  if (filters.tag) body.Session_Tag = filters.tag;
  if (text(filters.userAgent)) body.Session_User_Agent = text(filters.userAgent);
  if (text(filters.owner)) body.Session_Owner = text(filters.owner);
  if (filters.webAccount) {
    body.Session_ISWebAccount = 1;
    if (text(filters.webAccount.site)) body.Session_WebAccounts = text(filters.webAccount.site);
  }
  if (filters.created) {
    body.Session_CreateTime_Start = filters.created[0];
    body.Session_CreateTime_End = filters.created[1];
  }
  if (filters.updated) {
    body.Session_UpdateTime_Start = filters.updated[0];
    body.Session_UpdateTime_End = filters.updated[1];
  }
  if (filters.received) {
    body.Session_Recv = 1;
    if (text(filters.received.from)) body.Session_Recv_Account = text(filters.received.from);
  }
  if (filters.sent) {
    body.Session_Sent = 1;
    if (text(filters.sent.to)) body.Session_Sent_Account = text(filters.sent.to);
  }
  if (filters.plugin) {
    body.Session_ISPlugins = 1;
    if (text(filters.plugin.id)) body.Session_Plugins_id = text(filters.plugin.id);
  }
  if (filters.script) {
    body.Session_ISAutoScript = 1;
    if (text(filters.script.id)) body.Session_AutoScript_id = text(filters.script.id);
  }
  return body;
}

/** How many filters of the panel are set (shown on the Filters button). */
export function activeFilterCount(filters: Filters): number {
  // The search box and the tag picker sit in the toolbar, not in the panel.
  const { name: _name, tag: _tag, ...rest } = filters;
  return Object.entries(rest).filter(([key, value]) =>
    key === 'run'
      ? value !== 'all'
      : typeof value === 'string'
        ? value.trim() !== ''
        : value !== undefined,
  ).length;
}
