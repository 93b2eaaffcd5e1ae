/** Batch work on environments: create from a template, import proxy lines. */
export { BatchCreateDialog } from './BatchCreateDialog.tsx';
export { ProxyImportDialog } from './ProxyImportDialog.tsx';
