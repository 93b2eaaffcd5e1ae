/**
 * The call bodies of the batch dialogs: creates from one template, and the proxy lines as
 * creates or proxy updates. Pure: unit-tested beside it; each body passes the contract's schema.
 */
import {
  isMobileSystem,
  LIST_NUM_MAX,
  NO_PROXY,
  SESSION_NAME_MAX,
  type ProxyType,
} from '@hainiao/contract';
import type { ProxyLine } from '../../shared/proxy/proxy-lines.ts';

/**
 * The most environments one batch creates. The spec has no batch call and so no limit of its
 * own; one table page holds at most LIST_NUM_MAX, so a batch can always be seen (and selected)
 * at once.
 */
export const BATCH_CREATE_MAX = LIST_NUM_MAX;

export interface BatchTemplate {
  count: number;
  prefix: string;
  group: string;
  system: string;
  model: string;
  proxyType: ProxyType;
  host: string;
  port: number | null;
  username: string;
  password: string;
  checkProxy: boolean;
}

/** The n-th name (from 0): the prefix and a number padded to the batch's width (Shop-01 … Shop-20). */
export function batchName(prefix: string, index: number, count: number): string {
  const width = String(count).length;
  return `${prefix}${String(index + 1).padStart(width, '0')}`;
}

/** The longest prefix the names of a batch of `count` leave room for. */
export const prefixMax = (count: number) => SESSION_NAME_MAX - String(Math.max(1, count)).length;

/** A 0/1 flag as the bodies take it. */
export const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

function proxyOf(t: Pick<BatchTemplate, 'proxyType' | 'host' | 'port' | 'username' | 'password'>) {
  if (t.proxyType === NO_PROXY) return { Proxy_Type: NO_PROXY };
  return {
    Proxy_Type: t.proxyType,
    Proxy_Ip: t.host.trim(),
    Proxy_Port: t.port ?? undefined,
    Proxy_Username: t.username,
    Proxy_Password: t.password,
  };
}

export function batchCreateBody(t: BatchTemplate, index: number) {
  const system = t.system.trim();
  return {
    Automatic_Configure: 0 as const,
    Session_Name: batchName(t.prefix.trim(), index, t.count),
    ...(t.group.trim() ? { Session_Group: t.group.trim() } : {}),
    ...(system ? { SystemOS: system } : {}),
    ...(isMobileSystem(system) && t.model.trim() ? { MobileModel: t.model.trim() } : {}),
    ...proxyOf(t),
    ...(t.proxyType === NO_PROXY ? {} : { Is_CheckProxy: flag(t.checkProxy) }),
  };
}

const lineProxy = (line: ProxyLine) =>
  proxyOf({
    proxyType: line.Proxy_Type,
    host: line.Proxy_Ip,
    port: line.Proxy_Port,
    username: line.Proxy_Username,
    password: line.Proxy_Password,
  });

/** A new environment for a proxy line, named after the proxy's host and port. */
export function lineCreateBody(line: ProxyLine, checkProxy: boolean) {
  const host = line.Proxy_Ip.includes(':') ? `[${line.Proxy_Ip}]` : line.Proxy_Ip;
  return {
    Automatic_Configure: 0 as const,
    Session_Name: `${host}:${line.Proxy_Port}`.slice(0, SESSION_NAME_MAX),
    ...lineProxy(line),
    Is_CheckProxy: flag(checkProxy),
  };
}

/** A proxy line onto an existing environment (proxy/update). */
export function lineAssignBody(id: string, line: ProxyLine, checkProxy: boolean) {
  return { Session_ID: id, ...lineProxy(line), Is_CheckProxy: flag(checkProxy) };
}

/** Which environment each line goes to (in order, one each); lines beyond the selection get none. */
export function pairLines<T>(ids: readonly string[], lines: readonly T[]) {
  const pairs = lines.slice(0, ids.length).map((line, i) => ({ id: ids[i]!, line }));
  return {
    pairs,
    surplus: Math.max(0, lines.length - ids.length),
    shortfall: Math.max(0, ids.length - lines.length),
  };
}
