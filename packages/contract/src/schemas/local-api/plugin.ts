/**
 * Request bodies of the plugin calls of the local API. As the spec does, requests spell the id
 * field Plugin_ID and the version Plugin_ver, answers Plugin_Id and Plugin_Ver.
 */
import { z } from 'zod';
import { emptyBody } from './login.ts';
import { sessionId } from './session.ts';

const pluginIds = z
  .array(z.string().min(1))
  .min(1)
  .describe('Plugin ids (from /api/v1/plugin/list)')
  .meta({
    zh: '插件 ID 数组（来自 /api/v1/plugin/list）',
    example: ['cjpalhdlnbpafiamejdnhcphjbkeiagm'],
  });

const pluginVer = z
  .string()
  .min(1)
  .optional()
  .describe('Plugin version; omitted, the latest')
  .meta({ zh: '插件版本；不提供时使用最新版本', example: '1.52.2' });

/** POST /api/v1/plugin/list: the global plugin library, no parameters. */
export const pluginListBody = emptyBody;
export type PluginListBody = z.infer<typeof pluginListBody>;

/** POST /api/v1/session/id_plugin_list: plugins of one environment. */
export const sessionPluginListBody = z
  .strictObject({ Session_ID: sessionId() })
  .describe('Plugins of an environment')
  .meta({ zh: '查询环境已安装的插件' });
export type SessionPluginListBody = z.infer<typeof sessionPluginListBody>;

/** POST /api/v1/session/plugin_install. */
export const pluginInstallBody = z
  .strictObject({ Session_ID: sessionId(), Plugin_ID: pluginIds, Plugin_ver: pluginVer })
  .describe('Install plugins in an environment')
  .meta({ zh: '为环境安装插件' });
export type PluginInstallBody = z.infer<typeof pluginInstallBody>;

/** POST /api/v1/session/plugin_delete. */
export const pluginDeleteBody = z
  .strictObject({ Session_ID: sessionId(), Plugin_ID: pluginIds, Plugin_ver: pluginVer })
  .describe('Remove plugins from an environment')
  .meta({ zh: '删除环境中的插件' });
export type PluginDeleteBody = z.infer<typeof pluginDeleteBody>;
