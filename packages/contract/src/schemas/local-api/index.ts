/** Request bodies of every call of the local API (../shared/spec/local-api.md §7). */
export * from './auto-open.ts';
export * from './browser.ts';
export * from './compat.ts';
export * from './group.ts';
export * from './login.ts';
export * from './plugin.ts';
export * from './script.ts';
export * from './self-check.ts';
export * from './session.ts';
