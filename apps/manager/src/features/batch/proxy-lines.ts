/**
 * Proxy lines as users paste them from their providers: `type://user:pass@host:port`, one per
 * line (`type://host:port` without credentials). The type is one of the contract's proxy types
 * that has a URL scheme of its own; the host and port are checked with the contract's proxy
 * fields. Empty lines and lines starting with `#` are skipped. Pure: unit-tested beside it.
 */
import { PROXY_TYPES, proxyFields, type ProxyType } from '@hainiao/contract';
import type { UiLang } from '../../shared/lang.tsx';

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

export type LineProblem = 'scheme' | 'type' | 'host' | 'port' | 'encoding';

export type ParsedLine =
  | { line: number; text: string; ok: true; proxy: ProxyLine }
  | { line: number; text: string; ok: false; problem: LineProblem };

const PROBLEMS: Record<LineProblem, { en: string; zh: string }> = {
  scheme: {
    en: 'Expected type://user:password@host:port',
    zh: '格式应为 类型://用户名:密码@主机:端口',
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

/** One line; undefined for a line that holds nothing (empty or a comment). */
export function parseProxyLine(text: string, line: number): ParsedLine | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const fail = (problem: LineProblem): ParsedLine => ({ line, text: trimmed, ok: false, problem });
  const scheme = /^([a-z0-9]+):\/\/(.*)$/i.exec(trimmed);
  if (!scheme) return fail('scheme');
  const type = LINE_TYPES.find((t) => t.toLowerCase() === scheme[1]!.toLowerCase());
  if (!type) return fail('type');
  let rest = scheme[2]!.replace(/\/+$/, '');
  let username = '';
  let password = '';
  // The last @ ends the credentials: a password may hold an @ of its own.
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const credentials = rest.slice(0, at);
    rest = rest.slice(at + 1);
    const colon = credentials.indexOf(':');
    const user = decode(colon >= 0 ? credentials.slice(0, colon) : credentials);
    const pass = decode(colon >= 0 ? credentials.slice(colon + 1) : '');
    if (user === undefined || pass === undefined) return fail('encoding');
    username = user;
    password = pass;
  }
  const colon = rest.lastIndexOf(':');
  if (colon < 0) return fail('port');
  const hostPart = rest.slice(0, colon);
  const bracketed = /^\[([0-9a-f:.]+)\]$/i.exec(hostPart);
  // A name or IPv4 address; an IPv6 address goes in brackets, as in URLs.
  const host = bracketed ? bracketed[1]! : hostPart;
  if (!bracketed && !/^[a-z0-9.-]+$/i.test(host)) return fail('host');
  if (!proxyFields.Proxy_Ip.safeParse(host).success) return fail('host');
  const portText = rest.slice(colon + 1);
  const port = proxyFields.Proxy_Port.safeParse(
    /^\d{1,5}$/.test(portText) ? Number(portText) : NaN,
  );
  if (!port.success || port.data === undefined) return fail('port');
  return {
    line,
    text: trimmed,
    ok: true,
    proxy: {
      Proxy_Type: type,
      Proxy_Ip: host,
      Proxy_Port: port.data,
      Proxy_Username: username,
      Proxy_Password: password,
    },
  };
}

/** Every line of a pasted text that holds something, numbered as the user sees them (from 1). */
export function parseProxyLines(text: string): ParsedLine[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => parseProxyLine(line, index + 1))
    .filter((parsed): parsed is ParsedLine => parsed !== undefined);
}
