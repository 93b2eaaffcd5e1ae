/**
 * Scripts per environment: scripts come from the cloud's library (script/list shows it); an
 * environment holds at most SCRIPTS_PER_SESSION_MAX, one of them active. Assigning downloads the
 * script into the data folder; delete removes inactive scripts only.
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import {
  activateScript,
  addScripts,
  deactivateScript,
  removeScripts,
} from '../../domain/environment-scripts.ts';
import { callerLang, v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';

const encode = (source: string) => Buffer.from(source, 'utf8').toString('base64');

export function scriptRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  // The library as id_script_add reads it (the newest version of each script), without the
  // file's address and hash, which only the download needs.
  post(app, ctx, '/api/v1/script/list', async ({ request, login }) => {
    const list = (await ctx.library.scripts(login, callerLang(request))).map((script) => ({
      Script_ID: script.scriptId,
      Script_Name: script.name,
      Script_Ver: script.version,
      Script_Desc: script.description,
      Script_Size: script.size,
    }));
    return v1(request, localApiMessages.scriptLibrarySuccess, {
      Script_list: list,
      Scripts_Count: list.length,
    });
  });

  post(app, ctx, '/api/v1/session/id_script_list', ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'read');
    const scripts = ctx.envs.scripts(record.id);
    const active = scripts.find((s) => s.active);
    return v1(request, localApiMessages.scriptListSuccess, {
      Session_ID: record.id,
      Script_ID: active?.scriptId ?? '',
      Actived_script_id: active?.scriptId ?? '',
      Actived_script_name: active?.name ?? '',
      Actived_script_encode: active
        ? encode(ctx.envs.scriptSource(record.id, active.scriptId))
        : '',
      Script_Count: scripts.length,
      UnActived_script_list: scripts
        .filter((s) => !s.active)
        .map((s) => ({
          UnActived_script_ID: s.scriptId,
          UnActived_script_Name: s.name,
          UnActived_script_encode: encode(ctx.envs.scriptSource(record.id, s.scriptId)),
        })),
    });
  });

  post(app, ctx, '/api/v1/session/id_script_add', async ({ body, request, login }) => {
    const added = await addScripts(
      ctx,
      login,
      body.Session_ID,
      body.Script_ID,
      callerLang(request),
    );
    return v1(request, localApiMessages.scriptAddSuccess, {
      Session_ID: added.id,
      Script_ID: [...new Set(body.Script_ID)],
      Script_Count: added.count,
    });
  });

  post(app, ctx, '/api/v1/session/id_script_active', ({ body, request, login }) => {
    const id = activateScript(ctx, login.account, body.Session_ID, body.Script_ID);
    return v1(request, localApiMessages.scriptActiveSuccess, {
      Session_ID: id,
      Script_ID: body.Script_ID,
    });
  });

  post(app, ctx, '/api/v1/session/id_script_Deactivate', ({ body, request, login }) => {
    const { id, was } = deactivateScript(ctx, login.account, body.Session_ID, body.Script_ID);
    return v1(request, localApiMessages.scriptDeactivateSuccess, {
      Session_ID: id,
      Script_ID: was,
    });
  });

  post(app, ctx, '/api/v1/session/id_script_Delete', ({ body, request, login }) => {
    const { id, removed, count } = removeScripts(
      ctx,
      login.account,
      body.Session_ID,
      body.Script_ID,
    );
    return v1(request, localApiMessages.scriptDeleteSuccess, {
      Session_ID: id,
      Script_ID: removed,
      Script_Count: count,
    });
  });
}
