/**
 * React 18 and later have useSyncExternalStore built in; wouter imports it through the
 * use-sync-external-store shim for older Reacts, which the build points here (vite.config.ts) so
 * the shim's 2 KB stay out of every page.
 */
export { useSyncExternalStore } from 'react';
