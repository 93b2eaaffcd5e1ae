/**
 * Auto-open pages: the pages an environment opens on
 * start, the same list as HomePage_url. An entry shows each page as StartPage1..N in the form
 * flag-url (1 opened on start, 0 kept but not opened). Without Session_ID, list covers every
 * environment of the account that has pages, and update/delete every one of its own holding the
 * page.
 */
import type { FastifyInstance } from 'fastify';
import { BrowserCodes, localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolveAll } from '../../domain/access.ts';
import { fail, UNKNOWN_EXCEPTION, v1 } from '../../http/envelope.ts';
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
    const targets = resolveAll(ctx.envs, login.account, body.Session_ID, 'write');
    ctx.db.transaction(() => {
      for (const { record } of targets) {
        const pages = ctx.envs.startPages(record.id);
        if (!pages.some((p) => p.url === body.StartPage)) {
          ctx.envs.setStartPages(record.id, [...pages, { url: body.StartPage, flag: 1 }]);
        }
      }
    })();
    const ids = targets.map((t) => t.record.id);
    return v1(request, localApiMessages.autoOpenAddSuccess, { listid: ids, total: ids.length });
  });

  /** The owner's environments among `ids` (or all of them) that hold `url`. */
  function holding(owner: string, ids: readonly string[] | undefined, url: string): string[] {
    const candidates = ids
      ? resolveAll(ctx.envs, owner, ids, 'write').map((v) => v.record.id)
      : ctx.envs.idsWithStartPage(owner, url);
    const matching = candidates.filter((id) => ctx.envs.startPages(id).some((p) => p.url === url));
    if (!matching.length)
      throw fail(UNKNOWN_EXCEPTION, localApiMessages.startPageNotFound, { url });
    return matching;
  }

  post(app, ctx, '/api/v1/session/auto_open/update', ({ body, request, login }) => {
    const ids = holding(login.account, body.Session_ID, body.OldStartPage);
    ctx.db.transaction(() => {
      for (const id of ids) {
        const pages = ctx.envs.startPages(id);
        const replaced = pages.map((p) =>
          p.url === body.OldStartPage ? { ...p, url: body.NewStartPage } : p,
        );
        // The new page may already be there: keep its first place only.
        const seen = new Set<string>();
        ctx.envs.setStartPages(
          id,
          replaced.filter((p) => !seen.has(p.url) && seen.add(p.url)),
        );
      }
    })();
    return v1(request, localApiMessages.autoOpenUpdateSuccess, { listid: ids, total: ids.length });
  });

  post(app, ctx, '/api/v1/session/auto_open/delete', ({ body, request, login }) => {
    const ids = holding(login.account, body.Session_ID, body.StartPage);
    ctx.db.transaction(() => {
      for (const id of ids) {
        ctx.envs.setStartPages(
          id,
          ctx.envs.startPages(id).filter((p) => p.url !== body.StartPage),
        );
      }
    })();
    return v1(request, localApiMessages.autoOpenDeleteSuccess, { listid: ids, total: ids.length });
  });
}
