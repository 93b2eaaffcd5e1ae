/**
 * Scripts per environment: scripts come from the cloud's library (script/list shows it); an
 * environment holds at most SCRIPTS_PER_SESSION_MAX, one of them active. Assigning downloads the
 * script into the data folder; delete removes inactive scripts only.
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages, SCRIPTS_PER_SESSION_MAX } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import { callerLang, fail, UNKNOWN_EXCEPTION, v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';
import type { ScriptVersion } from '../../model/library.ts';

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
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const wanted = [...new Set(body.Script_ID)];
    const assigned = new Set(ctx.envs.scripts(record.id).map((s) => s.scriptId));
    const fresh = wanted.filter((id) => !assigned.has(id));
    if (assigned.size + fresh.length > SCRIPTS_PER_SESSION_MAX) {
      throw fail(UNKNOWN_EXCEPTION, localApiMessages.scriptsTooMany, {
        max: SCRIPTS_PER_SESSION_MAX,
      });
    }
    const libraryList = await ctx.library.scripts(login, callerLang(request));
    const byId = new Map(libraryList.map((s) => [s.scriptId, s]));
    const entries: ScriptVersion[] = [];
    for (const id of wanted) {
      const entry = byId.get(id);
      if (!entry) throw fail(UNKNOWN_EXCEPTION, localApiMessages.scriptNotInLibrary, { id });
      entries.push(entry);
    }
    const downloaded = [];
    for (const entry of entries) {
      downloaded.push({
        scriptId: entry.scriptId,
        name: entry.name,
        version: entry.version,
        source: await ctx.library.ensureScript(entry),
        librarySha256: entry.sha256,
      });
    }
    ctx.envs.addScripts(record.id, downloaded);
    return v1(request, localApiMessages.scriptAddSuccess, {
      Session_ID: record.id,
      Script_ID: wanted,
      Script_Count: ctx.envs.scripts(record.id).length,
    });
  });

  post(app, ctx, '/api/v1/session/id_script_active', ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    if (!ctx.envs.scripts(record.id).some((s) => s.scriptId === body.Script_ID)) {
      throw fail(UNKNOWN_EXCEPTION, localApiMessages.scriptNotAssigned, { id: body.Script_ID });
    }
    ctx.envs.activateScript(record.id, body.Script_ID);
    return v1(request, localApiMessages.scriptActiveSuccess, {
      Session_ID: record.id,
      Script_ID: body.Script_ID,
    });
  });

  post(app, ctx, '/api/v1/session/id_script_Deactivate', ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const active = ctx.envs.scripts(record.id).find((s) => s.active);
    if (body.Script_ID !== undefined && active?.scriptId !== body.Script_ID) {
      throw fail(UNKNOWN_EXCEPTION, localApiMessages.scriptNotActive, { id: body.Script_ID });
    }
    if (active) ctx.envs.deactivateScripts(record.id);
    return v1(request, localApiMessages.scriptDeactivateSuccess, {
      Session_ID: record.id,
      Script_ID: active?.scriptId ?? '',
    });
  });

  post(app, ctx, '/api/v1/session/id_script_Delete', ({ body, request, login }) => {
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'write');
    const scripts = new Map(ctx.envs.scripts(record.id).map((s) => [s.scriptId, s]));
    const ids = [...new Set(body.Script_ID)];
    for (const id of ids) {
      const script = scripts.get(id);
      if (!script) throw fail(UNKNOWN_EXCEPTION, localApiMessages.scriptNotAssigned, { id });
      if (script.active) throw fail(UNKNOWN_EXCEPTION, localApiMessages.scriptIsActive, { id });
    }
    ctx.envs.removeScripts(record.id, ids);
    return v1(request, localApiMessages.scriptDeleteSuccess, {
      Session_ID: record.id,
      Script_ID: ids,
      Script_Count: scripts.size - ids.length,
    });
  });
}
