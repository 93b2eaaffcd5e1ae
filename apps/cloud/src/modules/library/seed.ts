/**
 * The library a fresh cloud offers the local API: small, real, open-source MV3 browser extensions
 * and page scripts whose sources live beside this file (seed/plugins, seed/scripts). The seed
 * packages each plugin version as a zip of its unpacked folder (with the manifest's `key`, so
 * Chrome gives it the same id everywhere) and each script as a .js file, writes the files that
 * are missing into the library folder, and records them. They are what they say they are: the
 * extensions were written for Hainiao's demo library, not copies of store extensions.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { scriptId } from '@hainiao/content';
import type { CloudDatabase } from '../../db/database.ts';

export const SEED_DIR = path.join(import.meta.dirname, 'seed');

// A fixed time stamp inside the archives keeps them byte-identical from run to run.
const ARCHIVE_TIME = new Date('2026-01-01T00:00:00Z');

export interface SeedArtifact {
  file: string;
  bytes: Uint8Array;
}

export interface SeedPlugin {
  plugin_id: string;
  slug: string;
  version: string;
  name: string;
  name_zh: string;
  description: string;
  description_zh: string;
  file: string;
  bytes: Uint8Array;
}

export interface SeedScript {
  script_id: string;
  slug: string;
  version: string;
  name: string;
  name_zh: string;
  description: string;
  description_zh: string;
  file: string;
  bytes: Uint8Array;
}

interface PluginMeta {
  key: string;
  name: { en: string; zh: string };
  description: { en: string; zh: string };
}

interface ScriptMeta {
  file: string;
  version: string;
  name: { en: string; zh: string };
  description: { en: string; zh: string };
}

/** Chrome's extension id: the first 128 bits of SHA-256 of the public key, written with a–p. */
export function extensionId(publicKeyBase64: string): string {
  const hex = createHash('sha256')
    .update(Buffer.from(publicKeyBase64, 'base64'))
    .digest('hex')
    .slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

// A script's id comes from its slug (@hainiao/content), so others can name a seeded script.
export { scriptId };

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Numeric comparison of dotted versions ('1.10.0' after '1.9.2'). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function readFolder(dir: string, prefix = ''): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(files, readFolder(full, `${prefix}${entry.name}/`));
    else files[`${prefix}${entry.name}`] = fs.readFileSync(full);
  }
  return files;
}

/** Builds every plugin version and script of the seed folder (pure: reads, never writes). */
export function buildSeedLibrary(seedDir = SEED_DIR): {
  plugins: SeedPlugin[];
  scripts: SeedScript[];
} {
  const plugins: SeedPlugin[] = [];
  const pluginsDir = path.join(seedDir, 'plugins');
  for (const slug of fs.readdirSync(pluginsDir).sort()) {
    const meta = JSON.parse(
      fs.readFileSync(path.join(pluginsDir, slug, 'plugin.json'), 'utf8'),
    ) as PluginMeta;
    const versions = fs
      .readdirSync(path.join(pluginsDir, slug), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort(compareVersions);
    for (const version of versions) {
      const files = readFolder(path.join(pluginsDir, slug, version));
      const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? '').toString('utf8')) as {
        version: string;
      };
      if (manifest.version !== version) {
        throw new Error(`${slug}/${version}: manifest version ${manifest.version}`);
      }
      files['manifest.json'] = strToU8(
        `${JSON.stringify({ ...manifest, key: meta.key }, null, 2)}\n`,
      );
      const zippable: Zippable = {};
      for (const name of Object.keys(files).sort()) {
        zippable[name] = [files[name] as Uint8Array, { mtime: ARCHIVE_TIME }];
      }
      plugins.push({
        plugin_id: extensionId(meta.key),
        slug,
        version,
        name: meta.name.en,
        name_zh: meta.name.zh,
        description: meta.description.en,
        description_zh: meta.description.zh,
        file: `${slug}-${version}.zip`,
        bytes: zipSync(zippable, { level: 9 }),
      });
    }
  }

  const scriptsDir = path.join(seedDir, 'scripts');
  const scriptMeta = JSON.parse(
    fs.readFileSync(path.join(scriptsDir, 'scripts.json'), 'utf8'),
  ) as ScriptMeta[];
  const scripts = scriptMeta.map((meta): SeedScript => {
    const slug = meta.file.replace(/\.js$/, '');
    return {
      script_id: scriptId(slug),
      slug,
      version: meta.version,
      name: meta.name.en,
      name_zh: meta.name.zh,
      description: meta.description.en,
      description_zh: meta.description.zh,
      file: `${slug}-${meta.version}.js`,
      bytes: fs.readFileSync(path.join(scriptsDir, meta.file)),
    };
  });
  return { plugins, scripts };
}

/**
 * Writes the library files that are missing into `dir` (an operator's file of the same name is
 * kept) and records every plugin version and script, with the hash and size of the file that is
 * served. Safe to run at every start and from several instances at once.
 */
let built: ReturnType<typeof buildSeedLibrary> | undefined;

export async function seedLibrary(
  database: CloudDatabase,
  dir: string | undefined,
  library = (built ??= buildSeedLibrary()),
): Promise<Map<string, Uint8Array>> {
  const served = new Map<string, Uint8Array>();
  if (dir) fs.mkdirSync(dir, { recursive: true });
  for (const artifact of [...library.plugins, ...library.scripts]) {
    let bytes = artifact.bytes;
    if (dir) {
      const target = path.join(dir, artifact.file);
      if (!fs.existsSync(target)) {
        const temporary = `${target}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, bytes);
        fs.renameSync(temporary, target);
      }
      bytes = fs.readFileSync(target);
    }
    served.set(artifact.file, bytes);
  }

  const { db } = database;
  const now = new Date().toISOString();
  for (const [sort, plugin] of library.plugins.entries()) {
    const bytes = served.get(plugin.file) ?? plugin.bytes;
    const row = {
      plugin_id: plugin.plugin_id,
      slug: plugin.slug,
      version: plugin.version,
      name: plugin.name,
      name_zh: plugin.name_zh,
      description: plugin.description,
      description_zh: plugin.description_zh,
      file: plugin.file,
      sha256: sha256(bytes),
      size: bytes.length,
      sort,
    };
    await db
      .insertInto('library_plugin')
      .values({ ...row, created_at: now })
      .onConflict((oc) => oc.columns(['plugin_id', 'version']).doUpdateSet(row))
      .execute();
  }
  for (const [sort, script] of library.scripts.entries()) {
    const bytes = served.get(script.file) ?? script.bytes;
    const row = {
      script_id: script.script_id,
      slug: script.slug,
      version: script.version,
      name: script.name,
      name_zh: script.name_zh,
      description: script.description,
      description_zh: script.description_zh,
      file: script.file,
      sha256: sha256(bytes),
      size: bytes.length,
      sort,
    };
    await db
      .insertInto('library_script')
      .values({ ...row, created_at: now })
      .onConflict((oc) => oc.columns(['script_id', 'version']).doUpdateSet(row))
      .execute();
  }
  return served;
}
