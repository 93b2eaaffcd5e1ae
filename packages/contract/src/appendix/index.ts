export * from './countries.ts';
export * from './fingerprint-agreement.ts';
export * from './languages.ts';
export * from './proxy-types.ts';
export * from './resolutions.ts';
export * from './systems.ts';
export * from './timezones.ts';
