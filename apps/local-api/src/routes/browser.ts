/**
 * Browser control (local-api.md §4, §7, §8): start, stop, kill and status, with their validation
 * and per-environment results (0, or a code of the start/status table: -22 unknown id, -7 already
 * running, -8 waiting in the start queue, -12 the browser exited by itself, -13 its proxy failed,
 * -20 a headless environment must be killed). The launching itself is the BrowserRuntime's.
 */
import type { FastifyInstance } from 'fastify';
import { ActivedType, BrowserCodes, isStartPageUrl, localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../context.ts';
import { fail, UNKNOWN_EXCEPTION, v1 } from '../http/envelope.ts';
import { post } from '../http/route.ts';
import type { LaunchPlan, RunningBrowser } from '../runtime/browser.ts';
import { ALLOWED_ARG_LIST, refuseArgs } from '../runtime/profile.ts';
import type { EnvironmentRecord } from '../store/environments.ts';

const B = BrowserCodes.code;

function runningFields(running: RunningBrowser | undefined) {
  const { Session_ID: _id, Session_Headless, ...rest } = running ?? ({} as Partial<RunningBrowser>);
  void _id;
  return {
    Session_Actived: running ? 1 : 0,
    Session_ProcessID: running?.Session_ProcessID ?? 0,
    Session_StartTime: running?.Session_StartTime ?? '',
    Session_Args: running?.Session_Args ?? [],
    isHeadless: Session_Headless ?? 0,
    browser_CDP_Port: running?.browser_CDP_Port ?? 0,
    browser_Path: running?.browser_Path ?? '',
    webdriver: running?.webdriver ?? '',
    ...(running ? rest : {}),
  };
}

/** What a start needs from the store: start pages, plugins, the active script, cookie saving. */
function launchPlan(
  ctx: ServiceContext,
  record: EnvironmentRecord,
  options: { headless: boolean; args: string[] },
): LaunchPlan {
  const active = ctx.envs.scripts(record.id).find((script) => script.active === 1);
  return {
    environment: record,
    headless: options.headless,
    args: options.args,
    // Only http(s) pages open. The create, update and auto-open calls accept no other, but a page
    // stored before that rule (file:, javascript:, chrome:, …) must not open either.
    startPages: ctx.envs
      .startPages(record.id)
      .filter((page) => page.flag === 1 && isStartPageUrl(page.url))
      .map((page) => page.url),
    plugins: ctx.envs.plugins(record.id).map((plugin) => ({
      Plugin_Id: plugin.plugin_id,
      dir: ctx.library.pluginDir(plugin.plugin_id, plugin.version),
    })),
    ...(active
      ? {
          script: {
            Script_ID: active.script_id,
            name: active.name,
            source: ctx.envs.scriptSource(active.script_id, active.version),
          },
        }
      : {}),
    saveCookies(cookies) {
      // Re-read the environment: it may have been changed while the browser ran.
      const current = ctx.envs.visible(record.owner, record.id);
      if (!current) return;
      current.record.cookies = cookies;
      ctx.envs.save(current.record);
    },
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
        status: running ? B.SUCCESS : (ctx.runtime.condition(id) ?? B.SUCCESS),
        ...runningFields(running),
      });
    }
    return v1(request, localApiMessages.browserStatusSuccess, {
      listcontainer,
      total: listcontainer.length,
    });
  });

  post(app, ctx, '/api/v1/browser/start', async ({ body, request, login }) => {
    // `args` outside the allow-list (runtime/profile.ts) fail the whole call, before any lookup,
    // launch or write: -10000 naming the refused flags, HTTP 400, as every other bad field of the
    // body is answered. Not a -10000 per listid entry: the args are the same for every environment
    // of the call, and a client that checks only `code` must not read a refused start as started.
    const refusal = refuseArgs(body.args ?? []);
    if (refusal?.refused.length) {
      throw fail(
        UNKNOWN_EXCEPTION,
        localApiMessages.browserArgsNotAllowed,
        { flags: refusal.refused.join(', '), allowed: ALLOWED_ARG_LIST },
        400,
      );
    }
    if (refusal) {
      throw fail(
        UNKNOWN_EXCEPTION,
        localApiMessages.browserArgsRepeated,
        { flags: refusal.repeated.join(', ') },
        400,
      );
    }
    const ids = [...new Set(body.Session_ID)];
    const found = ctx.envs.visibleMany(login.Account, ids);
    const options = { headless: body.isHeadless === 1, args: body.args ?? [] };
    const interval = (body.Start_Interval ?? 0) * 1000;
    const results = new Map<string, Record<string, unknown>>();
    const launches: Promise<void>[] = [];
    let launched = 0;
    for (const id of ids) {
      const visible = found.get(id);
      if (!visible) {
        results.set(id, { Session_ID: id, status: B.SESSION_NOT_FOUND });
        continue;
      }
      const running = ctx.runtime.running(id);
      if (running || ctx.runtime.condition(id) === B.ENV_QUEUED) {
        results.set(id, {
          Session_ID: id,
          status: running ? B.ENV_RUNNING : B.ENV_QUEUED,
          ...runningFields(running),
        });
        continue;
      }
      // With Start_Interval, one launch after the other with the pause between them; without,
      // all at once (the runtime launches as many at a time as the machine has cores).
      if (launched > 0 && interval > 0) {
        await Promise.all(launches.splice(0));
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
      launched += 1;
      launches.push(
        ctx.runtime.start(launchPlan(ctx, visible.record, options)).then((result) => {
          results.set(id, {
            Session_ID: id,
            status: result.status,
            ...(result.reason ? { message: result.reason } : {}),
            ...runningFields(result.running),
          });
        }),
      );
    }
    await Promise.all(launches);
    const listid = ids.map((id) => results.get(id)!);
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
