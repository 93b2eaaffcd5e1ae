/**
 * The cloud's script and plugin library, as the local API uses it: the lists (cached briefly), and
 * the files, downloaded on install/assign, checked against their SHA-256 and kept in the data
 * folder for the browser runtime to load:
 *   <data>/library/plugins/<Plugin_Id>/<version>/   the unpacked extension (--load-extension)
 *   <data>/library/scripts/<Script_ID>/<version>.js the script
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import {
  localApiMessages,
  MainCodes,
  type Lang,
  type LibraryPluginVersion,
  type LibraryScript,
} from '@hainiao/contract';
import { cloudFailure, type AccountSession, type Login } from '../account/session.ts';
import type { CloudClient } from '../cloud/client.ts';
import { fail } from '../http/envelope.ts';

const LIST_CACHE_MS = 30_000;

function unavailable(reason: string) {
  return fail(MainCodes.code.LOGIN_SERVER_ERROR, localApiMessages.libraryUnavailable, { reason });
}

export function library(options: { cloud: CloudClient; session: AccountSession; dataDir: string }) {
  const { cloud, session } = options;
  const root = path.join(options.dataDir, 'library');
  const cache = new Map<string, { at: number; list: unknown[] }>();

  /** A library list; a -4 answer means the lease is gone, and logs the service out. */
  async function list<T>(
    kind: 'plugins' | 'scripts',
    login: Login,
    lang: Lang,
    load: () => Promise<{ list: T[] }>,
  ): Promise<T[]> {
    const key = `${kind}:${lang}:${login.token}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < LIST_CACHE_MS) return hit.list as T[];
    try {
      const { list: items } = await load();
      cache.set(key, { at: Date.now(), list: items });
      return items;
    } catch (error) {
      const failure = cloudFailure(error, 'call');
      if (failure.code === MainCodes.code.LOGIN_EXPIRE) session.expired();
      throw failure;
    }
  }

  async function download(url: string, sha256: string): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = await cloud.download(url);
    } catch (error) {
      throw unavailable((error as Error).message);
    }
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha256) throw unavailable(`${url}: SHA-256 mismatch`);
    return bytes;
  }

  /** Writes a folder or file next to its final place, then renames it there (all or nothing). */
  function place(target: string, write: (temporary: string) => void): void {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      write(temporary);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(temporary, target);
    } finally {
      fs.rmSync(temporary, { recursive: true, force: true });
    }
  }

  return {
    root,
    plugins: (login: Login, lang: Lang) =>
      list<LibraryPluginVersion>('plugins', login, lang, () => cloud.pluginList(login.token, lang)),
    scripts: (login: Login, lang: Lang) =>
      list<LibraryScript>('scripts', login, lang, () => cloud.scriptList(login.token, lang)),

    pluginDir(pluginId: string, version: string): string {
      return path.join(root, 'plugins', pluginId, version);
    },

    /** Downloads and unpacks a plugin version unless it is already there; answers its folder. */
    async ensurePlugin(plugin: LibraryPluginVersion): Promise<string> {
      const dir = this.pluginDir(plugin.Plugin_Id, plugin.Plugin_Ver);
      if (fs.existsSync(path.join(dir, 'manifest.json'))) return dir;
      const bytes = await download(plugin.url, plugin.sha256);
      let files: Record<string, Uint8Array>;
      try {
        files = unzipSync(bytes);
      } catch {
        throw unavailable(`${plugin.url}: not a zip archive`);
      }
      if (!files['manifest.json']) throw unavailable(`${plugin.url}: no manifest.json`);
      place(dir, (temporary) => {
        for (const [name, content] of Object.entries(files)) {
          if (name.endsWith('/')) continue;
          const target = path.resolve(temporary, name);
          // Entries may not leave the folder (zip-slip).
          if (!target.startsWith(`${path.resolve(temporary)}${path.sep}`)) {
            throw unavailable(`${plugin.url}: unsafe path ${name}`);
          }
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, content);
        }
      });
      return dir;
    },

    scriptFile(scriptId: string, version: string): string {
      return path.join(root, 'scripts', scriptId, `${version}.js`);
    },

    /** Downloads a script unless it is already there; answers its source. */
    async ensureScript(script: LibraryScript): Promise<string> {
      const file = this.scriptFile(script.Script_ID, script.Script_Ver);
      if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
      const bytes = await download(script.url, script.sha256);
      place(file, (temporary) => fs.writeFileSync(temporary, bytes));
      return bytes.toString('utf8');
    },
  };
}
export type Library = ReturnType<typeof library>;
