/** The create/edit form of an environment (create when environmentId is undefined), and its cookies. */
export { EnvironmentFormDrawer } from './EnvironmentFormDrawer.tsx';
export { CookieImportDialog } from './CookieImportDialog.tsx';
export { exportCookies } from './cookie-calls.ts';
