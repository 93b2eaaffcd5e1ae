/**
 * What a browser start needs from the store: the environment as
 * it is now, its start pages, plugins, active script, and where its cookies go at the end. One
 * plan for every way in: browser/start, the MCP tools and the AdsPower-compatible calls.
 */
import { isStartPageUrl } from '@hainiao/contract';
import type { EnvironmentRecord } from '../model/environment.ts';
import type { LaunchPlan } from '../runtime/browser.ts';
import { LEGACY_HEADLESS_ARG } from '../runtime/launch/launch.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import { saveCookiesAtStop } from './cookies.ts';
import type { Library } from './library.ts';
import type { SyncEngine } from './sync.ts';

export function launchPlan(
  deps: { envs: EnvironmentStore; library: Library; sync?: SyncEngine },
  record: EnvironmentRecord,
  options: { headless: boolean; args: string[]; rawDevTools?: boolean },
): LaunchPlan {
  const { envs, library } = deps;
  // A library script runs only with the library's own source (store: runnableScript).
  const script = envs.runnableScript(record.id);
  return {
    // A copy, read now (the store loads settings and cookies when first used): the start takes
    // the environment as it was when called, even if it waits in the launch queue.
    environment: { ...record },
    // `--headless=new` asks for Chromium's own headless mode, so it is a headless start whatever
    // isHeadless says (runtime/launch/launch.ts displayMode).
    headless: options.headless || options.args.includes(LEGACY_HEADLESS_ARG),
    rawDevTools: options.rawDevTools === true,
    args: options.args,
    // Only http(s) pages open. The create, update and auto-open calls accept no other, but a page
    // stored before that rule (file:, javascript:, chrome:, …) must not open either.
    startPages: envs
      .startPages(record.id)
      .filter((page) => page.flag === 1 && isStartPageUrl(page.url))
      .map((page) => page.url),
    plugins: envs.plugins(record.id).map((plugin) => ({
      pluginId: plugin.pluginId,
      dir: library.pluginDir(plugin.pluginId, plugin.version),
    })),
    ...(script?.verdict === 'runs'
      ? { script: { scriptId: script.scriptId, name: script.name, source: script.source } }
      : {}),
    // The cloud gets what the run changed, then the run lease is released (domain/sync.ts).
    ...(deps.sync ? { onEnded: () => void deps.sync!.ended(record.id) } : {}),
    saveCookies: (jar, base) => saveCookiesAtStop(envs, record, jar, base),
  };
}
