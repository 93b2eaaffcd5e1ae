/** Systems an environment can present (../shared/spec/local-api.md appendix "System"), in the spec's order. */
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

/** Mobile systems need a model (MobileModel) on create (../shared/spec/local-api.md §5 "Android or iOS"). */
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
