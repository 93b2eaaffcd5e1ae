/** Answers (`data` on code 0) of the plugin calls: the library and an environment's plugins. */
import { z } from 'zod';
import { titled } from './answer-common.ts';

const installed = z.strictObject({
  Plugin_Id: z.string(),
  Plugin_Name: z.string(),
  Plugin_Ver: z.string(),
});

/** POST /api/v1/plugin/list: the library, one entry per plugin, its versions newest first. */
export const pluginListAnswer = titled(
  z.strictObject({
    Plugin_list: z.array(
      z.strictObject({
        Plugin_Id: z.string(),
        Plugin_Name: z.string(),
        Plugin_Ver: z.string(),
        Plugin_Desc: z.string(),
        Plugin_Ver_List: z.array(z.string()),
      }),
    ),
    Plugins_Count: z.int(),
  }),
  'The plugin library, each plugin with its versions (newest first)',
  '插件库，每个插件附其全部版本（最新在前）',
);

/** The environment's plugins after the call. */
const sessionPlugins = z.strictObject({
  Session_ID: z.string(),
  Plugin_list: z.array(installed),
  Plugins_Count: z.int(),
});

/** POST /api/v1/session/id_plugin_list. */
export const sessionPluginListAnswer = titled(
  sessionPlugins,
  'The environment’s plugins',
  '环境已安装的插件',
);

/** POST /api/v1/session/plugin_install. */
export const pluginInstallAnswer = titled(
  sessionPlugins,
  'The environment’s plugins after the install',
  '安装后环境的插件',
);

/** POST /api/v1/session/plugin_delete. */
export const pluginDeleteAnswer = titled(
  sessionPlugins,
  'The environment’s plugins after the removal',
  '移除后环境的插件',
);
