/**
 * The manager's pages (shared/paths.ts). The build writes them to dist/routes.json: the local API
 * serves index.html for exactly these paths (and `/`), so its GET guard stays closed elsewhere.
 */
import { PATHS } from '../shared/paths.ts';

export const APP_PATHS: readonly string[] = Object.values(PATHS);
