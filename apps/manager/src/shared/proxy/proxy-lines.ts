/**
 * Proxy lines as users paste them from their providers, one per line, in the formats vendors
 * use: `host:port`, `host:port:user:pass`, `user:pass@host:port`, `type://user:pass@host:port`
 * and `type://host:port` (an IPv6 host in brackets, `[2001:db8::1]:8080`). The type is one of
 * the contract's proxy types that has a URL scheme of its own; a line without one has the
 * caller's default type (HTTP unless chosen). The host and port are checked with the contract's
 * proxy fields. Credentials in the `@` forms may be %-escaped; in `host:port:user:pass` they are
 * taken as written. Empty lines and lines starting with `#` are skipped. Pure: unit-tested beside it.
 */
import { PROXY_TYPES, proxyFields, type ProxyType } from '@hainiao/contract';
import type { UiLang } from '../lang.tsx';

/** Schemes a line may start with: the contract's generic proxy types, in lower case. */
export const LINE_TYPES = (['HTTP', 'HTTPS', 'SOCKS4', 'SOCKS4A', 'SOCKS5', 'SSH'] as const).filter(
  (type) => (PROXY_TYPES as readonly string[]).includes(type),
) as ProxyType[];

export interface ProxyLine {
  Proxy_Type: ProxyType;
  Proxy_Ip: string;
  Proxy_Port: number;
  Proxy_Username: string;
  Proxy_Password: string;
}

export type LineProblem = 'format' | 'type' | 'host' | 'port' | 'encoding';

export type ParsedLine =
  | { line: number; text: string; ok: true; proxy: ProxyLine }
  | { line: number; text: string; ok: false; problem: LineProblem };

const PROBLEMS: Record<LineProblem, { en: string; zh: string }> = {
  format: {
    en: 'Not a proxy line: use host:port, host:port:user:password, user:password@host:port or type://user:password@host:port',
    zh: '不是代理行：请使用 主机:端口、主机:端口:用户名:密码、用户名:密码@主机:端口 或 类型://用户名:密码@主机:端口',
  },
  type: {
    en: `Unknown proxy type: use ${LINE_TYPES.map((t) => t.toLowerCase()).join(', ')}`,
    zh: `未知的代理类型：请使用 ${LINE_TYPES.map((t) => t.toLowerCase()).join('、')}`,
  },
  host: { en: 'Missing or invalid host', zh: '主机缺失或无效' },
  port: { en: 'The port must be a number from 1 to 65535', zh: '端口必须是 1 到 65535 之间的数字' },
  encoding: {
    en: 'Invalid %-escape in the user name or password',
    zh: '用户名或密码中的 % 转义无效',
  },
};

export function problemText(problem: LineProblem, lang: UiLang): string {
  return PROBLEMS[problem][lang];
}

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The host and port of `text` (`host:port`, `[v6]:port`), or what is wrong with them. */
function hostAndPort(
  text: string,
  loose: boolean,
): { host: string; port: number } | { problem: LineProblem } {
  const colon = text.lastIndexOf(':');
  if (colon < 0) return { problem: loose ? 'format' : 'port' };
  const hostPart = text.slice(0, colon);
  const bracketed = /^\[([0-9a-f:.]+)\]$/i.exec(hostPart);
  // A name or IPv4 address; an IPv6 address goes in brackets, as in URLs.
  const host = bracketed ? bracketed[1]! : hostPart;
  const portText = text.slice(colon + 1);
  // Without a scheme or an @, a line whose "port" is no number is none of the formats.
  if (loose && !/^\d+$/.test(portText)) return { problem: 'format' };
  if (!bracketed && !/^[a-z0-9.-]+$/i.test(host)) return { problem: 'host' };
  if (!proxyFields.Proxy_Ip.safeParse(host).success) return { problem: 'host' };
  const port = proxyFields.Proxy_Port.safeParse(
    /^\d{1,5}$/.test(portText) ? Number(portText) : NaN,
  );
  if (!port.success || port.data === undefined) return { problem: 'port' };
  return { host, port: port.data };
}

/**
 * One line; undefined for a line that holds nothing (empty or a comment). A line without a
 * scheme has `defaultType` (the dialog's choice; HTTP when there is none).
 */
export function parseProxyLine(
  text: string,
  line: number,
  defaultType: ProxyType = 'HTTP',
): ParsedLine | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const fail = (problem: LineProblem): ParsedLine => ({ line, text: trimmed, ok: false, problem });
  const scheme = /^([a-z0-9]+):\/\/(.*)$/i.exec(trimmed);
  let type = defaultType;
  let rest = trimmed;
  if (scheme) {
    const named = LINE_TYPES.find((t) => t.toLowerCase() === scheme[1]!.toLowerCase());
    if (!named) return fail('type');
    type = named;
    rest = scheme[2]!.replace(/\/+$/, '');
  }
  let username = '';
  let password = '';
  let address = rest;
  // The last @ ends the credentials: a password may hold an @ of its own.
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const credentials = rest.slice(0, at);
    address = rest.slice(at + 1);
    const colon = credentials.indexOf(':');
    const user = decode(colon >= 0 ? credentials.slice(0, colon) : credentials);
    const pass = decode(colon >= 0 ? credentials.slice(colon + 1) : '');
    if (user === undefined || pass === undefined) return fail('encoding');
    username = user;
    password = pass;
  } else {
    // host:port:user:pass, as providers list them (credentials as given, not %-escaped).
    const split = /^(\[[^\]]*\]|[^:[\]]*):([^:]*):([^:]*):(.*)$/.exec(rest);
    if (split) {
      address = `${split[1]}:${split[2]}`;
      username = split[3]!;
      password = split[4]!;
    }
  }
  const found = hostAndPort(address, !scheme && at < 0);
  if ('problem' in found) return fail(found.problem);
  return {
    line,
    text: trimmed,
    ok: true,
    proxy: {
      Proxy_Type: type,
      Proxy_Ip: found.host,
      Proxy_Port: found.port,
      Proxy_Username: username,
      Proxy_Password: password,
    },
  };
}

/**
 * Every line of a pasted text that holds something, numbered as the user sees them (from 1);
 * lines without a scheme have `defaultType`.
 */
export function parseProxyLines(text: string, defaultType: ProxyType = 'HTTP'): ParsedLine[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => parseProxyLine(line, index + 1, defaultType))
    .filter((parsed): parsed is ParsedLine => parsed !== undefined);
}
