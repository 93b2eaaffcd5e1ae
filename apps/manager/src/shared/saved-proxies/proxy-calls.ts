/**
 * The proxy library's calls (the contract's /manager/proxies/*) as the manager makes them: the
 * saved proxies (passwords masked), one with its password when a form fills a proxy from it,
 * create, update, delete, check, and the environments' saved proxies and last exits.
 */
import type { ProxyType } from '@hainiao/contract';
import { call } from '../api.ts';

/** A saved proxy as the service answers it. */
export interface SavedProxy {
  Proxy_ID: string;
  Name: string;
  Proxy_Type: ProxyType;
  Proxy_Ip: string;
  Proxy_Port: number;
  Proxy_Username: string;
  /** Masked (or '' when there is none), except in get's answer. */
  Proxy_Password: string;
  Note: string;
  /** How many of the account's environments use it. */
  Session_Count: number;
  Create_Time: string;
  Update_Time: string;
  Check_Status: 'ok' | 'failed' | 'unchecked';
  Check_Time: string;
  Public_ip: string;
  CountryCode: string;
  Latency_ms: number;
  Proxy_Check_Code: number;
  Proxy_Check_Name: string;
  /** Why the last check failed, in the UI's language. */
  Check_Message: string;
}

/** The fields of a proxy to save, as the calls name them. */
export interface SavedProxyBody {
  Name: string;
  Proxy_Type: ProxyType;
  Proxy_Ip: string;
  Proxy_Port: number;
  Proxy_Username?: string;
  Proxy_Password?: string;
  Note?: string;
}

/** An environment's saved proxy and last known exit. */
export interface SessionExit {
  Session_ID: string;
  Proxy_ID: string;
  Proxy_Name: string;
  Public_ip: string;
  CountryCode: string;
  Exit_Time: string;
  Exit_From: 'check' | 'start' | '';
}

export async function listProxies(): Promise<SavedProxy[]> {
  return (await call<{ Proxies: SavedProxy[] }>('/manager/proxies/list')).Proxies;
}

/** One saved proxy with its password. */
export function getProxy(id: string): Promise<SavedProxy> {
  return call<SavedProxy>('/manager/proxies/get', { Proxy_ID: id });
}

export async function createProxies(proxies: SavedProxyBody[]): Promise<SavedProxy[]> {
  return (await call<{ Proxies: SavedProxy[] }>('/manager/proxies/create', { Proxies: proxies }))
    .Proxies;
}

/** The proxy after the change, and the environments that got its new values. */
export function updateProxy(
  id: string,
  changes: Partial<SavedProxyBody>,
): Promise<SavedProxy & { Session_ID: string[] }> {
  return call('/manager/proxies/update', { Proxy_ID: id, ...changes });
}

export async function deleteProxies(ids: string[]): Promise<void> {
  await call('/manager/proxies/delete', { Proxy_ID: ids });
}

/** Checks the proxies (the service runs a few at a time); answers them with their new results. */
export async function checkProxies(ids: string[]): Promise<SavedProxy[]> {
  return (await call<{ Proxies: SavedProxy[] }>('/manager/proxies/check', { Proxy_ID: ids }))
    .Proxies;
}

export async function sessionExits(ids: string[]): Promise<SessionExit[]> {
  return (
    await call<{ Session_Exits: SessionExit[] }>('/manager/proxies/exits', { Session_ID: ids })
  ).Session_Exits;
}
