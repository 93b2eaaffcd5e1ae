/**
 * Request bodies and answers of every call of the local API (LOCAL_API_ROUTES of ../routes.ts): the
 * bodies in `<area>.ts`, the answers in `<area>-answers.ts`.
 */
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
export * from './auto-open-answers.ts';
export * from './browser-answers.ts';
export * from './group-answers.ts';
export * from './login-answers.ts';
export * from './organize-answers.ts';
export * from './plugin-answers.ts';
export * from './proxy-library-answers.ts';
export * from './script-answers.ts';
export * from './self-check-answers.ts';
export * from './session-answers.ts';
