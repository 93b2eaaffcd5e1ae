/**
 * The proxy library's calls (the contract's /manager/proxies/*) as the manager makes them: the
 * saved proxies (passwords masked), one with its password when a form fills a proxy from it,
 * create, update, delete, check, and the environments' saved proxies and last exits.
 */
import type { LocalApiDataOf, ProxyType } from '@hainiao/contract';
import { call } from '../api.ts';

/** A saved proxy as the service answers it (its password masked, except in get's answer). */
export type SavedProxy = LocalApiDataOf<'/manager/proxies/get'>;

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
export type EnvironmentExit = LocalApiDataOf<'/manager/proxies/exits'>['Session_Exits'][number];

export async function listProxies(): Promise<SavedProxy[]> {
  return (await call('/manager/proxies/list')).Proxies;
}

/** One saved proxy with its password. */
export function getProxy(id: string): Promise<SavedProxy> {
  return call('/manager/proxies/get', { Proxy_ID: id });
}

export async function createProxies(proxies: SavedProxyBody[]): Promise<SavedProxy[]> {
  return (await call('/manager/proxies/create', { Proxies: proxies })).Proxies;
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
  return (await call('/manager/proxies/check', { Proxy_ID: ids })).Proxies;
}

export async function environmentExits(ids: string[]): Promise<EnvironmentExit[]> {
  return (await call('/manager/proxies/exits', { Session_ID: ids })).Session_Exits;
}
