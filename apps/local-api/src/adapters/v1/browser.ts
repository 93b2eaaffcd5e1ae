/**
 * Browser control: start, stop, kill and status, with their validation
 * and per-environment results (0, or a code of the start/status table: -22 unknown id, -7 already
 * running, -8 waiting in the start queue, -12 the browser exited by itself, -13 its proxy failed,
 * -20 a headless environment must be killed). The launching itself is the BrowserRuntime's.
 */
import type { FastifyInstance } from 'fastify';
import { ActivedType, BrowserCodes, localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import {
  alreadyStarted,
  endEnvironment,
  startEnvironment,
} from '../../domain/environment-browser.ts';
import { launchPlan } from '../../domain/launch-plan.ts';
import { callerLang, v1 } from '../../http/envelope.ts';
import { toStartFailure } from '../../http/errors.ts';
import { DomainError } from '../../model/errors.ts';
import { assertAllowedArgs } from '../../http/launch-args.ts';
import { post } from '../../http/route.ts';
import { runningView } from './views.ts';

const B = BrowserCodes.code;

export function browserRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  post(app, ctx, '/api/v1/browser/status', ({ body, request, login }) => {
    const type = body.Actived_Type ?? ActivedType.ALL;
    // Without Session_ID: the running environments, or the stopped ones for type 2.
    const ids =
      body.Session_ID ??
      (type === ActivedType.STOPPED
        ? ctx.envs
            .list(login.account, { offset: 0, limit: Number.MAX_SAFE_INTEGER })
            .ids.filter((id) => !ctx.runtime.running(id))
        : ctx.runtime.runningIds());
    const found = ctx.envs.visibleMany(login.account, ids);
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
        ...runningView(running),
      });
    }
    return v1(request, localApiMessages.browserStatusSuccess, {
      listcontainer,
      total: listcontainer.length,
    });
  });

  post(app, ctx, '/api/v1/browser/start', async ({ body, request, login }) => {
    const lang = callerLang(request);
    // `args` outside the allow-list (runtime/profile/profile.ts) fail the whole call, before any lookup,
    // launch or write. Not a -10000 per listid entry: the args are the same for every environment
    // of the call, and a client that checks only `code` must not read a refused start as started.
    assertAllowedArgs(body.args ?? []);
    const ids = [...new Set(body.Session_ID)];
    const found = ctx.envs.visibleMany(login.account, ids);
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
      const started = alreadyStarted(ctx, id);
      if (started) {
        results.set(id, {
          Session_ID: id,
          status: started.status,
          ...runningView(started.running),
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
      // What the call does not give, the environment's own Session_Headless and Session_Args do
      // (stored at create); the call's values win (`args: []` means none).
      const { launchHeadless, launchArgs } = visible.record.settings;
      const options = {
        headless: (body.isHeadless ?? launchHeadless) === 1,
        args: body.args ?? launchArgs,
        rawDevTools: body.Raw_DevTools === 1,
      };
      launches.push(
        (async () => {
          let result;
          try {
            result = await startEnvironment(ctx, login.account, visible.record, (record) =>
              launchPlan(ctx, record, options),
            );
          } catch (error) {
            // Another machine running it, its unfinished upload, or a newer copy the cloud cannot
            // hand over now: this environment does not start (domain/sync.ts).
            if (!(error instanceof DomainError)) throw error;
            const failure = toStartFailure(error);
            results.set(id, {
              Session_ID: id,
              status: failure.status,
              message: failure.message[lang],
            });
            return;
          }
          results.set(id, {
            Session_ID: id,
            status: result.status,
            ...(result.reason ? { message: result.reason } : {}),
            ...runningView(result.running),
          });
        })(),
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
      const found = ctx.envs.visibleMany(login.account, ids);
      const listid = [];
      for (const id of ids) {
        if (!found.has(id)) {
          listid.push({ Session_ID: id, status: B.SESSION_NOT_FOUND });
          continue;
        }
        const result = await endEnvironment(ctx, id, action);
        listid.push({ Session_ID: id, status: result.status });
      }
      return v1(request, message, { listid, total: listid.length });
    });
  }
}
