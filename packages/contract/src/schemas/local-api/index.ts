/** Request bodies of every call of the local API (LOCAL_API_ROUTES of ../routes.ts). */
export * from './auto-open.ts';
export * from './browser.ts';
export * from './compat.ts';
export * from './group.ts';
export * from './login.ts';
export * from './organize.ts';
export * from './plugin.ts';
export * from './proxy-library.ts';
export * from './script.ts';
export * from './self-check.ts';
export * from './session.ts';
