/**
 * The root's view of the workspace: where it is, and where `npm run build` puts the site. The
 * whole-system starter (`startSystem`, `startProgram`) is shared with the end-to-end tests, so it
 * lives in the testkit.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The site `npm run build` makes (apps/web's dist folder), which `npm start` serves. */
export const WEB_DIST = path.join(repoRoot, 'apps/web/dist');

export {
  startProgram,
  startSystem,
  type RunningProgram,
  type SystemOptions,
} from '@hainiao/testkit/run-system';
