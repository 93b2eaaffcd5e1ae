/**
 * A built single-page app served from one folder (the environment manager's dist). Request paths
 * never reach the file system: the folder is listed once (again when its index.html changes) and
 * only the files of that list, each checked to resolve inside the folder, are ever read.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface StaticFile {
  /** The real path, inside the folder. */
  file: string;
  type: string;
  /** Vite's hashed assets never change under their name: they may be cached for a year. */
  immutable: boolean;
}

export interface StaticFolder {
  /** The file a URL path names (`/assets/index-abc.js`), if the folder has it. */
  file(urlPath: string): StaticFile | undefined;
  /** The app's index.html, or undefined when the folder is missing or not built. */
  index(): StaticFile | undefined;
  /** The app's own routes (`routes.json` of the build), served as index.html. */
  routes(): ReadonlySet<string>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** What a build's routes.json may list: plain lower-case paths, nothing else. */
const ROUTE = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

interface Listing {
  stamp: number;
  files: Map<string, StaticFile>;
  routes: Set<string>;
}

function list(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        // Symbolic links and anything else that is not a plain file are left out; a plain file
        // still has to resolve inside the folder.
        const real = fs.realpathSync(full);
        if (!real.startsWith(root + path.sep)) continue;
        const type = TYPES[path.extname(entry.name).toLowerCase()];
        if (!type) continue;
        const rel = path.relative(root, real).split(path.sep).join('/');
        files.set(`/${rel}`, { file: real, type, immutable: rel.startsWith('assets/') });
      }
    }
  };
  walk(root);
  return files;
}

function readRoutes(files: Map<string, StaticFile>): Set<string> {
  const routes = new Set<string>();
  const entry = files.get('/routes.json');
  if (!entry) return routes;
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(entry.file, 'utf8'));
    if (Array.isArray(parsed)) {
      for (const route of parsed)
        if (typeof route === 'string' && ROUTE.test(route)) routes.add(route);
    }
  } catch {
    // A broken routes.json serves the app at / only.
  }
  return routes;
}

/** The folder `dir` (null: none configured). */
export function staticFolder(dir: string | null): StaticFolder {
  let listing: Listing | undefined;
  const current = (): Listing | undefined => {
    if (!dir) return undefined;
    let root: string;
    let stamp: number;
    try {
      root = fs.realpathSync(dir);
      stamp = fs.statSync(path.join(root, 'index.html')).mtimeMs;
    } catch {
      listing = undefined;
      return undefined;
    }
    if (listing?.stamp !== stamp) {
      const files = list(root);
      listing = { stamp, files, routes: readRoutes(files) };
    }
    return listing;
  };
  return {
    file: (urlPath) => {
      // routes.json and index.html are served by their meaning, not as files.
      if (urlPath === '/routes.json' || urlPath === '/index.html') return undefined;
      return current()?.files.get(urlPath);
    },
    index: () => current()?.files.get('/index.html'),
    routes: () => current()?.routes ?? new Set(),
  };
}
