/** The create/edit form of an environment (create when environmentId is undefined). */
export { EnvironmentFormDrawer } from './EnvironmentFormDrawer.tsx';
