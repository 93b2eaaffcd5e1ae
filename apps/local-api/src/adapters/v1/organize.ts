/**
 * Beyond the spec (issue 27): tags in bulk, clones and the recycle bin. The door translates
 * fields; the commands are in domain/tags.ts, environment-clone.ts and environment-trash.ts.
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { cloneEnvironment } from '../../domain/environment-clone.ts';
import { retagEnvironments } from '../../domain/tags.ts';
import { callerLang, v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';
import { formatTime } from '../../util/time.ts';

export function organizeRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/session/tags', ({ body, request, login }) => {
    const tags = retagEnvironments(
      ctx,
      login.account,
      body.Session_ID,
      body.Add_Tags ?? [],
      body.Remove_Tags ?? [],
    );
    return v1(request, localApiMessages.sessionTagsSuccess, {
      Session_Tags: Object.fromEntries(tags),
    });
  });

  post(app, ctx, '/api/v1/session/tag/list', ({ request, login }) =>
    v1(request, localApiMessages.tagListSuccess, {
      Tag_List: ctx.envs.tags(login.account).map(({ tag, count }) => ({ Tag: tag, Count: count })),
    }),
  );

  post(app, ctx, '/api/v1/session/clone', ({ body, request, login }) => {
    const copies = cloneEnvironment(ctx, login.account, body.Session_ID, {
      lang: callerLang(request),
      name: body.Session_Name?.trim() || undefined,
      count: body.Clone_Count ?? 1,
      copyCookies: body.Copy_Cookies === 1,
    });
    return v1(request, localApiMessages.sessionCloneSuccess, {
      Session_Clones: copies.map((copy) => ({ Session_Id: copy.id, Session_Name: copy.name })),
    });
  });

  post(app, ctx, '/api/v1/session/trash/list', ({ request, login }) => {
    const entries = ctx.bin.list(login.account);
    return v1(request, localApiMessages.trashListSuccess, {
      Trash_List: entries.map((entry) => ({
        Session_ID: entry.envId,
        Session_Name: entry.name,
        Session_Group: entry.group,
        Deleted_Time: formatTime(entry.deletedAt),
        Purge_Time: formatTime(entry.purgeAt),
      })),
      total: entries.length,
    });
  });

  post(app, ctx, '/api/v1/session/trash/restore', async ({ body, request, login }) => {
    const restored = await ctx.bin.restore(login.account, body.Session_ID);
    return v1(request, localApiMessages.trashRestoreSuccess, { Restored_Session_ID: restored });
  });

  post(app, ctx, '/api/v1/session/trash/delete', async ({ body, request, login }) => {
    const ids = body.Is_Delete_All === 1 ? 'all' : (body.Session_ID ?? []);
    const gone = await ctx.bin.remove(login.account, ids);
    return v1(request, localApiMessages.trashDeleteSuccess, { Deleted_Session_ID: gone });
  });
}
