/**
 * The script and plugin library the cloud keeps for the local API (docs/local-api.md, "Scripts and
 * plugins"). The local API lists it with the lease token its login returned and
 * downloads the files from `LIBRARY_FILES_PREFIX`, where the cloud serves them (public, immutable
 * names that carry the version).
 */
import { z } from 'zod';
import { ValidationKey, commonFields } from './content.ts';

/** Where the cloud serves the library's files: `GET /library/<file>`. */
export const LIBRARY_FILES_PREFIX = '/library/';

/** File names of the library: no folders, no dot files. */
export const LIBRARY_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

const leaseToken = z
  .string({ error: ValidationKey.tokenRequired })
  .min(1, { error: ValidationKey.tokenRequired })
  .describe('Lease token returned by apilogin')
  .meta({ zh: 'apilogin 返回的租约 Token', example: 'lt_3f9a0c7e5b2d4f18a6c1e9b7d3f0a2c4' });

/** POST /api/hainiao/pluginlist: every version of every plugin of the library. */
export const pluginLibraryFields = commonFields.extend({ token: leaseToken });
export type PluginLibraryFields = z.infer<typeof pluginLibraryFields>;

/** POST /api/hainiao/scriptlist: every script of the library. */
export const scriptLibraryFields = commonFields.extend({ token: leaseToken });
export type ScriptLibraryFields = z.infer<typeof scriptLibraryFields>;

/** One version of a plugin (a browser extension packaged as a zip of its unpacked folder). */
export const libraryPluginVersion = z.strictObject({
  /** Chrome's extension id (32 letters a–p), derived from the manifest's public key. */
  Plugin_Id: z.string(),
  Plugin_Name: z.string(),
  Plugin_Ver: z.string(),
  /** One-line description in the caller's language. */
  Plugin_Desc: z.string(),
  /** Path of the zip on the cloud (under LIBRARY_FILES_PREFIX). */
  url: z.string(),
  sha256: z.string(),
  size: z.number(),
});
export type LibraryPluginVersion = z.infer<typeof libraryPluginVersion>;

/** One script: JavaScript the browser runs in the environment's pages. */
export const libraryScript = z.strictObject({
  Script_ID: z.string(),
  Script_Name: z.string(),
  Script_Ver: z.string(),
  Script_Desc: z.string(),
  url: z.string(),
  sha256: z.string(),
  size: z.number(),
});
export type LibraryScript = z.infer<typeof libraryScript>;

/** `data` of pluginlist: plugins in library order, newest version of each first. */
export const pluginLibraryAnswer = z.strictObject({ list: z.array(libraryPluginVersion) });
export type PluginLibraryAnswer = z.infer<typeof pluginLibraryAnswer>;

/** `data` of scriptlist: the newest version of every script, in library order. */
export const scriptLibraryAnswer = z.strictObject({ list: z.array(libraryScript) });
export type ScriptLibraryAnswer = z.infer<typeof scriptLibraryAnswer>;
