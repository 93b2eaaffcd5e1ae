/**
 * Plugins: the global library comes from the cloud; installing and removing are
 * domain/environment-plugins.ts. Plugin_ver picks a version; without it, the newest.
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import { installPlugins, removePlugins } from '../../domain/environment-plugins.ts';
import { callerLang, v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';
import type { PluginVersion } from '../../model/library.ts';

export function pluginRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const installed = (id: string) =>
    ctx.envs
      .plugins(id)
      .map((p) => ({ Plugin_Id: p.pluginId, Plugin_Name: p.name, Plugin_Ver: p.version }));

  post(app, ctx, '/api/v1/plugin/list', async ({ request, login }) => {
    const versions = await ctx.library.plugins(login, callerLang(request));
    const plugins = new Map<string, { newest: PluginVersion; all: string[] }>();
    for (const version of versions) {
      const seen = plugins.get(version.pluginId);
      // The cloud lists each plugin's newest version first.
      if (seen) seen.all.push(version.version);
      else plugins.set(version.pluginId, { newest: version, all: [version.version] });
    }
    const list = [...plugins.values()].map(({ newest, all }) => ({
      Plugin_Id: newest.pluginId,
      Plugin_Name: newest.name,
      Plugin_Ver: newest.version,
      Plugin_Desc: newest.description,
      Plugin_Ver_List: all,
    }));
    return v1(request, localApiMessages.pluginListSuccess, {
      Plugin_list: list,
      Plugins_Count: list.length,
    });
  });

  post(app, ctx, '/api/v1/session/id_plugin_list', ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'read');
    const list = installed(record.id);
    return v1(request, localApiMessages.pluginListSuccess, {
      Session_ID: record.id,
      Plugin_list: list,
      Plugins_Count: list.length,
    });
  });

  post(app, ctx, '/api/v1/session/plugin_install', async ({ body, request, login }) => {
    const id = await installPlugins(
      ctx,
      { login, id: body.Session_ID, pluginIds: body.Plugin_ID, version: body.Plugin_ver },
      callerLang(request),
    );
    const list = installed(id);
    return v1(request, localApiMessages.pluginInstallSuccess, {
      Session_ID: id,
      Plugin_list: list,
      Plugins_Count: list.length,
    });
  });

  post(app, ctx, '/api/v1/session/plugin_delete', ({ body, request, login }) => {
    const id = removePlugins(ctx, {
      login,
      id: body.Session_ID,
      pluginIds: body.Plugin_ID,
      version: body.Plugin_ver,
    });
    const list = installed(id);
    return v1(request, localApiMessages.pluginDeleteSuccess, {
      Session_ID: id,
      Plugin_list: list,
      Plugins_Count: list.length,
    });
  });
}
