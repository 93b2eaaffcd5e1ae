/**
 * The cloud's plugin and script library as the service works on it, in our own names: the cloud
 * spells these fields its way (`Plugin_Name`, `Script_Ver`…), and cloud/client.ts maps its answers
 * to these at the edge.
 */

/** One version of a plugin (a browser extension packaged as a zip of its unpacked folder). */
export interface PluginVersion {
  /** Chrome's extension id. */
  pluginId: string;
  name: string;
  version: string;
  /** One line, in the caller's language. */
  description: string;
  /** Path of the zip on the cloud. */
  url: string;
  sha256: string;
  size: number;
}

/** One version of a script (JavaScript run in the environment's pages). */
export interface ScriptVersion {
  scriptId: string;
  name: string;
  version: string;
  description: string;
  url: string;
  sha256: string;
  size: number;
}
