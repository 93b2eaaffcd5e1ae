/** The proxy types of the contract as a select offers them: "no proxy" first, then as spelled. */
import { NO_PROXY, PROXY_TYPES } from '@hainiao/contract';

export function proxyTypeOptions(noProxyLabel: string) {
  return [NO_PROXY, ...PROXY_TYPES.filter((t) => t !== NO_PROXY)].map((t) => ({
    value: t,
    label: t === NO_PROXY ? noProxyLabel : t,
  }));
}
