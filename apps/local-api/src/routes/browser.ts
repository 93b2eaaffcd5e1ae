/**
 * Browser control (local-api.md §4, §7, §8): start, stop, kill and status, with their validation
 * and per-environment results (0, or a code of the start/status table: -22 unknown id, -7 already
 * running, -20 a headless environment must be killed). The launching itself is the BrowserRuntime's.
 */
import type { FastifyInstance } from 'fastify';
import { ActivedType, BrowserCodes, localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../context.ts';
import { v1 } from '../http/envelope.ts';
import { post } from '../http/route.ts';
import type { RunningBrowser } from '../runtime/browser.ts';

const B = BrowserCodes.code;

function runningFields(running: RunningBrowser | undefined) {
  return {
    Session_Actived: running ? 1 : 0,
    Session_ProcessID: running?.Session_ProcessID ?? 0,
    Session_StartTime: running?.Session_StartTime ?? '',
    Session_Args: running?.Session_Args ?? [],
    isHeadless: running?.Session_Headless ?? 0,
    browser_CDP_Port: running?.browser_CDP_Port ?? 0,
    browser_Path: running?.browser_Path ?? '',
    webdriver: running?.webdriver ?? '',
  };
}

export function browserRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/browser/status', ({ body, request, login }) => {
    const type = body.Actived_Type ?? ActivedType.ALL;
    // Without Session_ID: the running environments (§5), or the stopped ones for type 2.
    const ids =
      body.Session_ID ??
      (type === ActivedType.STOPPED
        ? ctx.envs
            .list(login.Account, { offset: 0, limit: Number.MAX_SAFE_INTEGER })
            .ids.filter((id) => !ctx.runtime.running(id))
        : ctx.runtime.runningIds());
    const found = ctx.envs.visibleMany(login.Account, ids);
    const listcontainer = [];
    for (const id of new Set(ids)) {
      const visible = found.get(id);
      if (!visible) {
        listcontainer.push({ Session_ID: id, status: B.SESSION_NOT_FOUND });
        continue;
      }
      const running = ctx.runtime.running(id);
      if (type === ActivedType.RUNNING && !running) continue;
      if (type === ActivedType.STOPPED && running) continue;
      listcontainer.push({
        Session_ID: id,
        Session_Name: visible.record.name,
        Group_Name: visible.record.group,
        status: B.SUCCESS,
        ...runningFields(running),
      });
    }
    return v1(request, localApiMessages.browserStatusSuccess, {
      listcontainer,
      total: listcontainer.length,
    });
  });

  post(app, ctx, '/api/v1/browser/start', async ({ body, request, login }) => {
    const ids = [...new Set(body.Session_ID)];
    const found = ctx.envs.visibleMany(login.Account, ids);
    const listid = [];
    let started = 0;
    for (const id of ids) {
      const visible = found.get(id);
      if (!visible) {
        listid.push({ Session_ID: id, status: B.SESSION_NOT_FOUND });
        continue;
      }
      if (ctx.runtime.running(id)) {
        listid.push({
          Session_ID: id,
          status: B.ENV_RUNNING,
          ...runningFields(ctx.runtime.running(id)),
        });
        continue;
      }
      if (started > 0 && body.Start_Interval) {
        await new Promise((resolve) => setTimeout(resolve, (body.Start_Interval ?? 0) * 1000));
      }
      started += 1;
      const result = await ctx.runtime.start(visible.record, {
        headless: body.isHeadless === 1,
        args: body.args ?? [],
      });
      listid.push({ Session_ID: id, status: result.status, ...runningFields(result.running) });
    }
    return v1(request, localApiMessages.browserStartFinished, { listid, total: listid.length });
  });

  for (const [path, action, message] of [
    ['/api/v1/browser/stop', 'stop', localApiMessages.browserStopFinished],
    ['/api/v1/browser/kill', 'kill', localApiMessages.browserKillFinished],
  ] as const) {
    post(app, ctx, path, async ({ body, request, login }) => {
      const ids = [...new Set(body.Session_ID)];
      const found = ctx.envs.visibleMany(login.Account, ids);
      const listid = [];
      for (const id of ids) {
        if (!found.has(id)) {
          listid.push({ Session_ID: id, status: B.SESSION_NOT_FOUND });
          continue;
        }
        const running = ctx.runtime.running(id);
        if (action === 'stop' && running?.Session_Headless === 1) {
          listid.push({ Session_ID: id, status: B.HEADLESS_MUST_KILL });
          continue;
        }
        const result = await ctx.runtime[action](id);
        listid.push({ Session_ID: id, status: result.status });
      }
      return v1(request, message, { listid, total: listid.length });
    });
  }
}
