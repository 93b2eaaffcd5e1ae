/**
 * Auto-open pages: the pages an environment opens on
 * start, the same list as HomePage_url. An entry shows each page as StartPage1..N in the form
 * flag-url (1 opened on start, 0 kept but not opened). Without Session_ID, list covers every
 * environment of the account that has pages, and update/delete every one of its own holding the
 * page (domain/start-pages.ts).
 */
import type { FastifyInstance } from 'fastify';
import { BrowserCodes, localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { addStartPage, removeStartPage, replaceStartPage } from '../../domain/start-pages.ts';
import { v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';

export function autoOpenRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/session/auto_open/list', ({ body, request, login }) => {
    const ids = body.Session_ID ?? ctx.envs.idsWithStartPages(login.account);
    const found = ctx.envs.visibleMany(login.account, ids);
    const listcontainer = ids.map((id) => {
      const visible = found.get(id);
      if (!visible) return { Session_ID: id, status: BrowserCodes.code.SESSION_NOT_FOUND };
      const pages = ctx.envs.startPages(id);
      return {
        Session_ID: id,
        Session_Name: visible.record.name,
        Group_Name: visible.record.group,
        OpenUrl_Count: pages.length,
        ...Object.fromEntries(pages.map((p, i) => [`StartPage${i + 1}`, `${p.flag}-${p.url}`])),
        status: BrowserCodes.code.SUCCESS,
      };
    });
    return v1(request, localApiMessages.autoOpenListSuccess, {
      listcontainer,
      total: listcontainer.length,
    });
  });

  post(app, ctx, '/api/v1/session/auto_open/add', ({ body, request, login }) => {
    const ids = addStartPage(ctx, login.account, body.Session_ID, body.StartPage);
    return v1(request, localApiMessages.autoOpenAddSuccess, { listid: ids, total: ids.length });
  });

  post(app, ctx, '/api/v1/session/auto_open/update', ({ body, request, login }) => {
    const ids = replaceStartPage(
      ctx,
      login.account,
      body.Session_ID,
      body.OldStartPage,
      body.NewStartPage,
    );
    return v1(request, localApiMessages.autoOpenUpdateSuccess, { listid: ids, total: ids.length });
  });

  post(app, ctx, '/api/v1/session/auto_open/delete', ({ body, request, login }) => {
    const ids = removeStartPage(ctx, login.account, body.Session_ID, body.StartPage);
    return v1(request, localApiMessages.autoOpenDeleteSuccess, { listid: ids, total: ids.length });
  });
}
