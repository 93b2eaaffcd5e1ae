/**
 * A saved proxy as the proxy fields of a create or update call, and the one the n-th of a batch
 * gets when several are chosen (in turn: the first, the second, … then the first again), and what
 * makes two proxies the same one. Pure.
 */
import type { SavedProxy } from './proxy-calls.ts';

/** The call's proxy fields of a saved proxy read with its password (getProxy). */
export function proxyFieldsOf(
  p: Pick<
    SavedProxy,
    'Proxy_Type' | 'Proxy_Ip' | 'Proxy_Port' | 'Proxy_Username' | 'Proxy_Password'
  >,
) {
  return {
    Proxy_Type: p.Proxy_Type,
    Proxy_Ip: p.Proxy_Ip,
    Proxy_Port: p.Proxy_Port,
    Proxy_Username: p.Proxy_Username,
    Proxy_Password: p.Proxy_Password,
  };
}

/** The item of `list` the `index`-th of a batch gets (round-robin). */
export function inTurn<T>(list: readonly T[], index: number): T {
  if (list.length === 0) throw new Error('nothing to hand out');
  return list[index % list.length]!;
}

/** What makes two proxies the same one, as the service compares them. */
export const identityOf = (p: {
  Proxy_Type?: unknown;
  Proxy_Ip?: unknown;
  Proxy_Port?: unknown;
  Proxy_Username?: unknown;
}) =>
  [
    String(p.Proxy_Type ?? ''),
    String(p.Proxy_Ip ?? '').trim(),
    String(p.Proxy_Port ?? ''),
    String(p.Proxy_Username ?? ''),
  ].join('\n');
