/** The addresses of the manager's pages (app/paths.ts hands them to the build), and their parameters. */
export const PATHS = {
  environments: '/environments',
  proxies: '/proxies',
  groups: '/groups',
  scripts: '/scripts',
  plugins: '/plugins',
  team: '/team',
  signIn: '/sign-in',
} as const;

/** The address's parameter of the owner filter: `/environments?owner=NAME` (the Team page's links). */
export const OWNER_PARAM = 'owner';
