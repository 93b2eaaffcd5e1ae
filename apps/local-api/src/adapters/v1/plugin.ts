/**
 * Plugins: the global library comes from the cloud; installing downloads
 * and unpacks the extension into the data folder (shared by the environments that use it) and
 * records it on the environment. Plugin_ver picks a version; without it, the newest.
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import { callerLang, fail, UNKNOWN_EXCEPTION, v1 } from '../../http/envelope.ts';
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
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const versions = await ctx.library.plugins(login, callerLang(request));
    const chosen: PluginVersion[] = [];
    for (const id of new Set(body.Plugin_ID)) {
      const candidates = versions.filter((v) => v.pluginId === id);
      if (!candidates.length)
        throw fail(UNKNOWN_EXCEPTION, localApiMessages.pluginNotInLibrary, { id });
      const version = body.Plugin_ver
        ? candidates.find((v) => v.version === body.Plugin_ver)
        : candidates[0];
      if (!version) {
        throw fail(UNKNOWN_EXCEPTION, localApiMessages.pluginVersionNotFound, {
          id,
          version: body.Plugin_ver ?? '',
        });
      }
      chosen.push(version);
    }
    for (const version of chosen) await ctx.library.ensurePlugin(version);
    ctx.envs.installPlugins(
      record.id,
      chosen.map((v) => ({ pluginId: v.pluginId, name: v.name, version: v.version })),
    );
    const list = installed(record.id);
    return v1(request, localApiMessages.pluginInstallSuccess, {
      Session_ID: record.id,
      Plugin_list: list,
      Plugins_Count: list.length,
    });
  });

  post(app, ctx, '/api/v1/session/plugin_delete', ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const present = new Map(ctx.envs.plugins(record.id).map((p) => [p.pluginId, p]));
    const ids = [...new Set(body.Plugin_ID)];
    for (const id of ids) {
      const plugin = present.get(id);
      if (!plugin || (body.Plugin_ver !== undefined && plugin.version !== body.Plugin_ver)) {
        throw fail(UNKNOWN_EXCEPTION, localApiMessages.pluginNotInstalled, {
          id: body.Plugin_ver ? `${id} ${body.Plugin_ver}` : id,
        });
      }
    }
    ctx.envs.removePlugins(record.id, ids);
    const list = installed(record.id);
    return v1(request, localApiMessages.pluginDeleteSuccess, {
      Session_ID: record.id,
      Plugin_list: list,
      Plugins_Count: list.length,
    });
  });
}
