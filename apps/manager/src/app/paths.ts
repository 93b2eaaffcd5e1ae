/**
 * The manager's pages. The build writes them to dist/routes.json: the local API serves
 * index.html for exactly these paths (and `/`), so its GET guard stays closed elsewhere.
 */
export const PATHS = {
  environments: '/environments',
  proxies: '/proxies',
  groups: '/groups',
  scripts: '/scripts',
  plugins: '/plugins',
  team: '/team',
  signIn: '/sign-in',
} as const;

export const APP_PATHS: readonly string[] = Object.values(PATHS);
