import type { Localized } from '../i18n.ts';

/**
 * Why a proxy check or a start through a proxy failed, in plain words: the `{reason}` of
 * proxyCheckFailed and of a start's -13 (apps/local-api/src/runtime/proxy/proxy-check.ts,
 * proxy-launch.ts). The codes of the libraries underneath (proxy-chain's 590–599 statuses,
 * Node's ECONNREFUSED, …) are turned into these; none of them reaches the reader.
 */
export const proxyCheckMessages = {
  proxyCredentialsRefused: {
    en: 'the proxy refused the user name or password',
    zh: '代理拒绝了用户名或密码',
  },
  proxyCredentialsRequired: {
    en: 'the proxy requires a user name and password',
    zh: '代理要求填写用户名和密码',
  },
  proxyNotSocks5: {
    en: 'the server at this address is not a SOCKS5 proxy',
    zh: '该地址上的服务器不是 SOCKS5 代理',
  },
  proxyNoCommonMethod: {
    en: 'the proxy accepts none of the sign-in methods offered (none, or user name and password)',
    zh: '代理不接受所提供的任何登录方式（无认证，或用户名和密码）',
  },
  proxyUnknownMethod: {
    en: 'the proxy asked for a sign-in method that is not supported ({method})',
    zh: '代理要求使用不受支持的登录方式（{method}）',
  },
  proxyClosedConnection: {
    en: 'the proxy closed the connection',
    zh: '代理关闭了连接',
  },
  proxyHostNotFound: {
    en: 'the proxy host {host} could not be found',
    zh: '找不到代理主机 {host}',
  },
  proxyNotAccepting: {
    en: 'the proxy {host}:{port} does not accept connections',
    zh: '代理 {host}（端口 {port}）不接受连接',
  },
  proxyNoAnswer: {
    en: 'no answer within {seconds} seconds',
    zh: '{seconds} 秒内没有响应',
  },
  proxyTargetNotFound: {
    en: 'the address {host} could not be found',
    zh: '找不到地址 {host}',
  },
  proxyTargetRefused: {
    en: '{host} refused the connection',
    zh: '{host} 拒绝了连接',
  },
  proxyUpstreamRefused: {
    en: 'the proxy refused to carry the request',
    zh: '代理拒绝转发该请求',
  },
  proxyConnectionBroken: {
    en: 'the connection through the proxy broke off',
    zh: '经由代理的连接中断了',
  },
  proxyAnsweredStatus: {
    en: 'the proxy answered with HTTP status {status}',
    zh: '代理返回了 HTTP 状态 {status}',
  },
  proxyLookupStatus: {
    en: 'the IP lookup service answered with HTTP status {status}',
    zh: 'IP 查询服务返回了 HTTP 状态 {status}',
  },
  proxyLookupNoIp: {
    en: 'the IP lookup service gave no IP address',
    zh: 'IP 查询服务没有返回 IP 地址',
  },
  proxySshLoginRefused: {
    en: 'the SSH server refused the user name or password',
    zh: 'SSH 服务器拒绝了用户名或密码',
  },
  proxySshFailed: {
    en: 'the SSH connection failed ({detail})',
    zh: 'SSH 连接失败（{detail}）',
  },
  proxyOtherFailure: {
    en: 'the connection through the proxy failed ({detail})',
    zh: '经由代理的连接失败（{detail}）',
  },
  // The {reason} of proxyFieldsInvalid ("Proxy is invalid: …"): {field} as the call spells it.
  proxyFieldRequired: { en: '{field} is required', zh: '必须填写 {field}' },
  proxyFieldRequiredWith: {
    en: '{field} is required with {other}',
    zh: '填写 {other} 时必须同时填写 {field}',
  },
  proxyFieldRequiredFor: {
    en: '{field} is required for {type}',
    zh: '{type} 代理必须填写 {field}',
  },
  proxyHostInvalid: {
    en: '"{host}" is not a host name or IP address',
    zh: '“{host}” 不是有效的主机名或 IP 地址',
  },
  proxyNothingToCheck: {
    en: 'Proxy_Type noproxy has nothing to check',
    zh: 'Proxy_Type 为 noproxy 时没有可检测的代理',
  },
  /** A start's -13 when the proxy could not be set up ({reason}: one of the above). */
  proxyStartFailed: {
    en: 'The proxy could not be used: {reason}',
    zh: '无法使用代理：{reason}',
  },
} as const satisfies Record<string, Localized>;
