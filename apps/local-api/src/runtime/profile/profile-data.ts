/**
 * What of a Chromium profile (the environment's user-data-dir) is the profile's data and travels
 * in a profile snapshot, in both directions: upload (runtime/profile/profile-snapshot.ts snapshotProfile)
 * and restore (restoreProfile). An allow-list: a restored profile is untrusted input (another
 * account may have shared it, and even the account's own copy comes from the cloud), so only what
 * sites and extensions store travels. Never `Preferences`, `Secure Preferences` or `Local State`:
 * they are this machine's (download folder, file types opened by themselves, startup pages,
 * extension settings) and the service writes its own before every launch.
 */

/**
 * Files of `Default/` that travel, each with its SQLite journal (a hot journal is what makes the
 * database whole again): cookies (Chromium has kept them under Network/ in some versions),
 * history, favicons and the omnibox's shortcuts, saved logins and form data, bookmarks, and the
 * tabs of the last session in the layout older versions use.
 */
const DATA_FILES = [
  'Cookies',
  'Network/Cookies',
  'History',
  'Favicons',
  'Top Sites',
  'Shortcuts',
  'Visited Links',
  'Network Action Predictor',
  'Login Data',
  'Login Data For Account',
  'Affiliation Database',
  'Web Data',
  'Account Web Data',
  'Bookmarks',
  'Current Session',
  'Current Tabs',
  'Last Session',
  'Last Tabs',
].flatMap((name) => [name, `${name}-journal`]);

/**
 * Folders of `Default/` that travel with what they hold: sites' storage (local and session
 * storage, IndexedDB, the origin-private file system, WebSQL, storage buckets and their quota
 * database, isolated storage partitions), the tabs of the last session, and extensions' own
 * storage. Not `Extensions` (the code of installed extensions: the service loads its plugins from
 * its library), `Extension Scripts` (scripts extensions registered to run in pages) or `Extension
 * Rules` (rules that rewrite requests): code and behaviour, not data.
 */
const DATA_FOLDERS = [
  'Local Storage',
  'Session Storage',
  'IndexedDB',
  'File System',
  'databases',
  'WebStorage',
  'Storage',
  'Sessions',
  'Sessions_Encrypted',
  'Local Extension Settings',
  'Sync Extension Settings',
  'Extension State',
];

/** The one profile the service runs: `--profile-directory` is never given. */
const PROFILE = 'Default';

/**
 * State of one browser run on one machine, at any depth, never kept: Singleton* (the running
 * browser's lock, socket and cookie), LevelDB's LOCK and Chromium's `lockfile` (re-created on
 * open), LevelDB's LOG/LOG.old (text logs nobody reads back), DevToolsActivePort (the last run's
 * port), *.tmp (half-written files), *.pma (metrics memory), crash dumps and metrics.
 */
const TRANSIENT_NAMES = new Set([
  'SingletonLock',
  'SingletonSocket',
  'SingletonCookie',
  'LOCK',
  'lockfile',
  'LOG',
  'LOG.old',
  'DevToolsActivePort',
  'chrome_debug.log',
  'Crashpad',
  'Crash Reports',
  'BrowserMetrics',
]);
const TRANSIENT_SUFFIXES = ['.tmp', '.pma'];

/**
 * Caches inside the data folders (a storage partition has its own): rebuilt by the browser when
 * missing, large, and partly bound to this machine's GPU and driver. Service Worker as a whole:
 * its CacheStorage and ScriptCache are caches, and its registrations without the scripts they
 * point to would be broken; sites register their workers again on the next visit.
 */
const CACHE_NAMES = new Set([
  'Cache',
  'Code Cache',
  'GPUCache',
  'GPUPersistentCache',
  'DawnCache',
  'DawnGraphiteCache',
  'DawnWebGPUCache',
  'GraphiteDawnCache',
  'ShaderCache',
  'GrShaderCache',
  'Shared Dictionary',
  'Service Worker',
  'Application Cache',
  'blob_storage',
]);

/**
 * Why a path does not travel: `transient` (dropped everywhere), `cache` (a cache inside the data)
 * or `machine` (not on the data list: preferences, Local State, the component updater's
 * downloads, the machine's caches…). Transient files are never kept; a restore keeps this
 * machine's caches and machine files where they are.
 */
export type Exclusion = 'transient' | 'cache' | 'machine';

/** Whether `rest` (a path under `Default/`) is listed data, a folder on the way to some, or neither. */
function listing(rest: string): 'data' | 'container' | undefined {
  if (DATA_FILES.includes(rest)) return 'data';
  if (DATA_FOLDERS.some((folder) => rest === folder || rest.startsWith(`${folder}/`)))
    return 'data';
  const prefix = `${rest}/`;
  return DATA_FILES.some((file) => file.startsWith(prefix)) ? 'container' : undefined;
}

/**
 * Why `relative` (a `/`-separated path in the profile, a file or a folder) does not travel, or
 * undefined when it is data or a folder that holds some (`Default`, `Default/Network`).
 */
export function excluded(relative: string): Exclusion | undefined {
  const segments = relative.split('/');
  for (const name of segments) {
    if (TRANSIENT_NAMES.has(name) || TRANSIENT_SUFFIXES.some((s) => name.endsWith(s))) {
      return 'transient';
    }
  }
  if (segments[0] !== PROFILE) return 'machine';
  if (segments.length === 1) return undefined;
  if (!listing(segments.slice(1).join('/'))) return 'machine';
  return segments.some((name) => CACHE_NAMES.has(name)) ? 'cache' : undefined;
}

/** Whether the file at `relative` travels (upload) and may be written (restore). */
export function travels(relative: string): boolean {
  if (excluded(relative) !== undefined) return false;
  const segments = relative.split('/');
  return segments.length > 1 && listing(segments.slice(1).join('/')) === 'data';
}
