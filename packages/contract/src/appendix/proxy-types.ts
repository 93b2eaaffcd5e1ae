/** Proxy types of an environment (Proxy_Type), spelled as the spec spells them. */
export const PROXY_TYPES = [
  'HTTP',
  'HTTPS',
  'SSH',
  'SOCKS4',
  'SOCKS4A',
  'SOCKS5',
  'Oxylabsauto',
  'Lumauto',
  'Luminati_HTTP',
  'Luminati_HTTPS',
  'smartproxy',
  'noproxy',
] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];

export const NO_PROXY: ProxyType = 'noproxy';
