/**
 * Starting and ending an environment's browser: the commands behind v1 browser/start, stop and
 * kill, AdsPower's browser/start and stop, and the MCP tools start_environment and
 * stop_environment. Each door checks who may see the environment and shapes its own answer; what
 * a start or an end does is decided here once.
 */
import { BrowserCodes } from '@hainiao/contract';
import type { EnvironmentRecord } from '../model/environment.ts';
import type { BrowserResult, BrowserRuntime, LaunchPlan } from '../runtime/browser.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { SyncEngine } from './sync.ts';

const B = BrowserCodes.code;

/** What the commands use of the service. */
export interface EnvironmentBrowserDeps {
  runtime: Pick<BrowserRuntime, 'running' | 'condition' | 'start' | 'stop' | 'kill'>;
  sync: Pick<SyncEngine, 'beforeStart' | 'release'>;
  envs: Pick<EnvironmentStore, 'visible'>;
}

/** What a start answers without launching: -7 running (with the browser), -8 queued, else none. */
export function alreadyStarted(
  deps: Pick<EnvironmentBrowserDeps, 'runtime'>,
  id: string,
): BrowserResult | undefined {
  const running = deps.runtime.running(id);
  if (running) return { status: B.ENV_RUNNING, running };
  if (deps.runtime.condition(id) === B.ENV_QUEUED) return { status: B.ENV_QUEUED };
  return undefined;
}

/**
 * Starts `record`'s browser for `account` with the launch plan `plan` makes of it. Already running
 * answers -7 with the running browser, waiting in the start queue -8: no second start. Otherwise
 * the run lease and a newer cloud copy come first (domain/sync.ts: another machine running it, its
 * unfinished upload, a newer copy the cloud cannot hand over now; that DomainError is the door's
 * answer), then the environment is launched as it is now (the start may have pulled a newer
 * copy); a launch that failed gives the lease back.
 */
export async function startEnvironment(
  deps: EnvironmentBrowserDeps,
  account: string,
  record: EnvironmentRecord,
  plan: (record: EnvironmentRecord) => LaunchPlan,
): Promise<BrowserResult> {
  const started = alreadyStarted(deps, record.id);
  if (started) return started;
  await deps.sync.beforeStart(record.id);
  const current = deps.envs.visible(account, record.id)?.record ?? record;
  const result = await deps.runtime.start(plan(current));
  if (!result.running) await deps.sync.release(record.id);
  return result;
}

/**
 * How a browser ends: `stop` closes a windowed one, saving what it keeps (a headless one answers
 * -20, it must be killed); `kill` ends any; `close` stops a windowed one and kills a headless one
 * (what a caller that just wants it gone means).
 */
export type EndMode = 'stop' | 'kill' | 'close';

/** Ends environment `id`'s browser (not running: nothing to do, 0). */
export async function endEnvironment(
  deps: EnvironmentBrowserDeps,
  id: string,
  mode: EndMode,
): Promise<BrowserResult> {
  const headless = deps.runtime.running(id)?.headless === true;
  if (mode === 'stop' && headless) return { status: B.HEADLESS_MUST_KILL };
  return mode === 'kill' || headless ? deps.runtime.kill(id) : deps.runtime.stop(id);
}
