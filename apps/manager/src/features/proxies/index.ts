/** The proxy library: the batch dialog's saved proxies and the environments list's exit column. */
export { SavedProxiesField } from './SavedProxiesField.tsx';
export { ExitCell, ExitColumnTitle, useSessionExits } from './SessionExits.tsx';
export { getProxy } from './proxy-calls.ts';
export { inTurn, proxyFieldsOf } from './saved-proxy-fields.ts';
