/** Batch work on environments: create from a template, import proxy lines, import/export cookies. */
export { BatchCreateDialog } from './BatchCreateDialog.tsx';
export { ProxyImportDialog } from './ProxyImportDialog.tsx';
export { CookieImportDialog } from './CookieImportDialog.tsx';
export { exportCookies } from './cookie-calls.ts';
export { CookieFileError, parseCookieText, type CookieItem } from './cookies.ts';
