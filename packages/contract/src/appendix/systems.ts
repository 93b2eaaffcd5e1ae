/** Systems an environment can present, in the spec's order. */
export const SYSTEMS = [
  'Windows',
  'iPhone',
  'iPad',
  'MacIntel',
  'Android',
  'Linux aarch64',
  'Linux armv7l',
  'Linux armv8l',
  'Linux i686',
  'Linux x86_64',
] as const;
export type SystemName = (typeof SYSTEMS)[number];

/** Mobile systems (Android, iOS) need a model (MobileModel) on create. */
export const MOBILE_SYSTEMS = [
  'Android',
  'iPhone',
  'iPad',
] as const satisfies readonly SystemName[];

export function isSystem(value: string): value is SystemName {
  return (SYSTEMS as readonly string[]).includes(value);
}

export function isMobileSystem(value: string): boolean {
  return (MOBILE_SYSTEMS as readonly string[]).includes(value);
}

/**
 * What an environment of a system other than the machine's shows in pages but not in workers
 * (measured on Chromium 156; the local service's runtime/fingerprint/host.ts): the create and start answers
 * list them in Fingerprint_PageOnly, and the manager before the user saves.
 */
export const PAGE_ONLY_VALUES = [
  'navigator.platform',
  'navigator.userAgentData.platform',
  'navigator.userAgentData.mobile',
  'navigator.userAgentData high-entropy values (platformVersion, architecture, bitness, model, fullVersionList)',
  'Sec-CH-UA-Platform of worker requests',
] as const;
