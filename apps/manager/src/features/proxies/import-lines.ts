/**
 * Vendor lines pasted into the library's import (the formats of shared/proxy/proxy-lines.ts), each with
 * the name it will be saved under or what is wrong with it: a line that is no proxy, a proxy saved
 * already, or the same proxy as an earlier line. Names are the proxy's address (`user@host:port`
 * with a user name), made unique among the saved names and the earlier lines, within the limit of
 * the contract. Pure: unit-tested beside it.
 */
import { SAVED_PROXY_NAME_MAX, type ProxyType } from '@hainiao/contract';
import { fill } from '../../shared/format.ts';
import type { UiLang } from '../../shared/lang.tsx';
import { parseProxyLines, problemText } from '../../shared/proxy/proxy-lines.ts';
import type { SavedProxy, SavedProxyBody } from '../../shared/saved-proxies/proxy-calls.ts';
import { identityOf } from '../../shared/saved-proxies/saved-proxy-fields.ts';
import type { ProxiesCopy } from './locales.ts';

export type ImportLine =
  | { line: number; text: string; ok: true; proxy: SavedProxyBody }
  | { line: number; text: string; ok: false; problem: string };

/** `name` cut to the limit with room for `suffix`. */
const fit = (name: string, suffix = '') =>
  name.slice(0, SAVED_PROXY_NAME_MAX - suffix.length) + suffix;

/** The address a proxy is named after: `user@host:port`, an IPv6 host in brackets. */
function addressName(p: { Proxy_Ip: string; Proxy_Port: number; Proxy_Username: string }) {
  const host = p.Proxy_Ip.includes(':') ? `[${p.Proxy_Ip}]` : p.Proxy_Ip;
  const address = `${host}:${p.Proxy_Port}`;
  return p.Proxy_Username ? `${p.Proxy_Username}@${address}` : address;
}

export function importLines(
  text: string,
  defaultType: ProxyType,
  saved: readonly Pick<
    SavedProxy,
    'Name' | 'Proxy_Type' | 'Proxy_Ip' | 'Proxy_Port' | 'Proxy_Username'
  >[],
  copy: Pick<ProxiesCopy, 'alreadySaved' | 'sameAsLine'>,
  lang: UiLang,
): ImportLine[] {
  const names = new Set(saved.map((p) => p.Name));
  const savedAs = new Map(saved.map((p) => [identityOf(p), p.Name]));
  const lineOf = new Map<string, number>();
  return parseProxyLines(text, defaultType).map((parsed): ImportLine => {
    const { line } = parsed;
    if (!parsed.ok) {
      return { line, text: parsed.text, ok: false, problem: problemText(parsed.problem, lang) };
    }
    const key = identityOf(parsed.proxy);
    const twin = savedAs.get(key);
    if (twin !== undefined) {
      return {
        line,
        text: parsed.text,
        ok: false,
        problem: fill(copy.alreadySaved, { name: twin }),
      };
    }
    const earlier = lineOf.get(key);
    if (earlier !== undefined) {
      return {
        line,
        text: parsed.text,
        ok: false,
        problem: fill(copy.sameAsLine, { line: earlier }),
      };
    }
    lineOf.set(key, line);
    const base = fit(addressName(parsed.proxy));
    let name = base;
    for (let n = 2; names.has(name); n++) name = fit(base, ` (${n})`);
    names.add(name);
    const { Proxy_Username, Proxy_Password } = parsed.proxy;
    return {
      line,
      text: parsed.text,
      ok: true,
      proxy: {
        Name: name,
        Proxy_Type: parsed.proxy.Proxy_Type,
        Proxy_Ip: parsed.proxy.Proxy_Ip,
        Proxy_Port: parsed.proxy.Proxy_Port,
        ...(Proxy_Username ? { Proxy_Username } : {}),
        ...(Proxy_Password ? { Proxy_Password } : {}),
      },
    };
  });
}
