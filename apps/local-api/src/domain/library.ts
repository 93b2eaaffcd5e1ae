/**
 * The cloud's script and plugin library, as the local API uses it: the lists (cached briefly), and
 * the files, downloaded on install/assign, checked against their SHA-256 and kept in the data
 * folder for the browser runtime to load:
 *   <data>/library/plugins/<pluginId>/<version>/   the unpacked extension (--load-extension)
 *   <data>/library/scripts/<scriptId>/<version>.js the script
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { localApiMessages, type Lang, type Localized } from '@hainiao/contract';
import type { AccountAuth, Login } from '../account/auth.ts';
import { CloudCallError, LIBRARY_FIELD_NAMES, type CloudClient } from '../cloud/client.ts';
import { DomainError } from '../model/errors.ts';
import type { PluginVersion, ScriptVersion } from '../model/library.ts';

const LIST_CACHE_MS = 30_000;

/*
 * What the cloud hands the service is checked before it touches the disk: ids and versions are
 * plain names (SAFE_NAME, no ".."), their paths stay inside the library folder, files come from
 * the cloud's origin only (cloud/client.ts), and archives are bounded while they unpack.
 */

/** A plugin unpacks to at most this many bytes… */
export const PLUGIN_UNPACKED_MAX_BYTES = 50 * 1024 * 1024;
/** …and at most this many entries. */
export const PLUGIN_MAX_FILES = 2000;
/** A plugin archive is at most this large (the unpacked cap bounds it anyway). */
export const PLUGIN_DOWNLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** A script is at most this large. */
export const SCRIPT_MAX_BYTES = 5 * 1024 * 1024;
/** Compressed bytes fed to the inflater at a time: bounds what one step can expand to (~1000x). */
const UNZIP_STEP_BYTES = 16 * 1024;

/** Ids and versions the cloud sends that may become a path component. */
export const SAFE_NAME = /^[A-Za-z0-9._-]+$/;
export const isSafeName = (value: unknown): value is string =>
  typeof value === 'string' &&
  SAFE_NAME.test(value) &&
  value !== '.' &&
  value !== '..' &&
  !value.includes('..');

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The library-download failure (-5), with the cloud's reason or the rule the answer broke. */
function unavailable(reason: string) {
  return new DomainError('LOGIN_SERVER_ERROR', localApiMessages.libraryUnavailable, { reason });
}
function refused(message: Localized, values: Record<string, string | number>) {
  return new DomainError('LOGIN_SERVER_ERROR', message, values);
}

/** `value` as a path component, or the failure naming the cloud's field and the rule. */
function safeName(field: keyof typeof LIBRARY_FIELD_NAMES, value: unknown): string {
  if (!isSafeName(value)) {
    throw refused(localApiMessages.libraryUnsafeName, {
      field: LIBRARY_FIELD_NAMES[field],
      value: JSON.stringify(value),
    });
  }
  return value;
}

/** A zip entry name that is absolute (/x, \\x, C:x) or has a ".." component (zip-slip). */
export const isUnsafeEntry = (name: string) =>
  name.includes('\0') ||
  /^[/\\]/.test(name) ||
  /^[A-Za-z]:/.test(name) ||
  name.split(/[/\\]/).some((part) => part === '..');

/**
 * The files of a plugin archive, refused when an entry is unsafe, when there are too many, or
 * when they unpack to too much. The central directory is checked first (names, count, declared
 * sizes: nothing is inflated); then the entries are inflated a small step at a time, counting
 * the bytes that actually come out, so a zip bomb stops at the cap whatever its headers claim.
 */
export function unpackPlugin(bytes: Uint8Array, url: string): Record<string, Uint8Array> {
  const tooMany = () =>
    refused(localApiMessages.libraryTooManyFiles, { url, limit: PLUGIN_MAX_FILES });
  const tooLarge = () =>
    refused(localApiMessages.libraryUnpackedTooLarge, {
      url,
      limit: megabytes(PLUGIN_UNPACKED_MAX_BYTES),
    });
  const unsafe = (name: string) =>
    refused(localApiMessages.libraryUnsafeEntry, { url, name: JSON.stringify(name) });

  const listed = new Set<string>();
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        if (isUnsafeEntry(file.name)) throw unsafe(file.name);
        listed.add(file.name);
        if (listed.size > PLUGIN_MAX_FILES) throw tooMany();
        declared += file.originalSize;
        if (declared > PLUGIN_UNPACKED_MAX_BYTES) throw tooLarge();
        return false;
      },
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unavailable(`${url}: not a zip archive`);
  }

  const files: Record<string, Uint8Array> = {};
  let total = 0;
  let count = 0;
  let failure: DomainError | undefined;
  const unzip = new Unzip((file) => {
    if (failure) return;
    count += 1;
    if (isUnsafeEntry(file.name)) failure = unsafe(file.name);
    else if (!listed.has(file.name)) failure = unavailable(`${url}: entry ${file.name} not listed`);
    else if (count > PLUGIN_MAX_FILES) failure = tooMany();
    if (failure) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = unavailable(`${url}: ${file.name}: ${error.message}`);
        return;
      }
      total += chunk.length;
      if (total > PLUGIN_UNPACKED_MAX_BYTES) {
        failure = tooLarge();
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files[file.name] = Buffer.concat(chunks);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += UNZIP_STEP_BYTES) {
      const end = Math.min(offset + UNZIP_STEP_BYTES, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    failure ??= unavailable(`${url}: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  return files;
}

export function library(options: { cloud: CloudClient; auth: AccountAuth; dataDir: string }) {
  const { cloud, auth } = options;
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
    const { list: items } = await auth.call(load);
    cache.set(key, { at: Date.now(), list: items });
    return items;
  }

  async function download(url: string, sha256: string, maxBytes: number): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = await cloud.download(url, maxBytes);
    } catch (error) {
      if (error instanceof CloudCallError && error.localized) {
        throw new DomainError('LOGIN_SERVER_ERROR', error.localized);
      }
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

  /** `parts` under the library folder, refused if it would resolve anywhere else. */
  function inside(...parts: string[]): string {
    const base = path.resolve(root);
    const target = path.resolve(base, ...parts);
    if (!target.startsWith(`${base}${path.sep}`)) {
      throw refused(localApiMessages.libraryOutsideFolder, { path: target });
    }
    return target;
  }

  return {
    root,
    plugins: (login: Login, lang: Lang) =>
      list<PluginVersion>('plugins', login, lang, () => cloud.pluginList(login.token, lang)),
    scripts: (login: Login, lang: Lang) =>
      list<ScriptVersion>('scripts', login, lang, () => cloud.scriptList(login.token, lang)),

    /** The folder of a plugin version (the id and version checked: they come from the cloud). */
    pluginDir(pluginId: string, version: string): string {
      return inside('plugins', safeName('pluginId', pluginId), safeName('pluginVersion', version));
    },

    /** Downloads and unpacks a plugin version unless it is already there; answers its folder. */
    async ensurePlugin(plugin: PluginVersion): Promise<string> {
      const dir = this.pluginDir(plugin.pluginId, plugin.version);
      if (fs.existsSync(path.join(dir, 'manifest.json'))) return dir;
      const bytes = await download(plugin.url, plugin.sha256, PLUGIN_DOWNLOAD_MAX_BYTES);
      const files = unpackPlugin(bytes, plugin.url);
      if (!files['manifest.json']) throw unavailable(`${plugin.url}: no manifest.json`);
      place(dir, (temporary) => {
        const folder = `${path.resolve(temporary)}${path.sep}`;
        for (const [name, content] of Object.entries(files)) {
          if (name.endsWith('/') || name.endsWith('\\')) continue;
          const target = path.resolve(temporary, name);
          // Entries may not leave the folder (zip-slip), whatever unpackPlugin let through.
          if (!target.startsWith(folder)) {
            throw refused(localApiMessages.libraryUnsafeEntry, {
              url: plugin.url,
              name: JSON.stringify(name),
            });
          }
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, content);
        }
      });
      return dir;
    },

    /** The file of a script version (the id and version checked: they come from the cloud). */
    scriptFile(scriptId: string, version: string): string {
      return inside(
        'scripts',
        safeName('scriptId', scriptId),
        `${safeName('scriptVersion', version)}.js`,
      );
    },

    /** Downloads a script unless it is already there; answers its source. */
    async ensureScript(script: ScriptVersion): Promise<string> {
      const file = this.scriptFile(script.scriptId, script.version);
      if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
      const bytes = await download(script.url, script.sha256, SCRIPT_MAX_BYTES);
      place(file, (temporary) => fs.writeFileSync(temporary, bytes));
      return bytes.toString('utf8');
    },
  };
}
export type Library = ReturnType<typeof library>;
