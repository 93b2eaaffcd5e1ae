/** The create/edit form of an environment (create when environmentId is undefined). */
export { EnvironmentFormDrawer } from './EnvironmentFormDrawer.tsx';
export { DisagreementAlert } from './DisagreementAlert.tsx';
export { useDisagreementText } from './disagreement-text.ts';
export { summaryCopy } from './summary-locales.ts';
