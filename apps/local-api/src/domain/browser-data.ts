/**
 * Clearing what an environment's browser keeps in its profile folder: v1
 * session/BrowserCache-clean (cache, and with Is_Clean_Cookies the cookies too, stored copy
 * included) and AdsPower's clear_cache_after_closing (the cache once that browser has ended). The
 * folder lists are the runtime's own (runtime/profile/profile.ts), so every door clears the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserRuntime } from '../runtime/browser.ts';
import { CACHE_PATHS, COOKIE_PATHS, removePaths } from '../runtime/profile/profile.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import { environmentFolder } from './environment.ts';

export interface BrowserDataDeps {
  dataDir: string;
  envs: Pick<EnvironmentStore, 'visible' | 'save'>;
  runtime: Pick<BrowserRuntime, 'running'>;
}

/** The browser profile folder of environment `id`. */
function profileOf(deps: Pick<BrowserDataDeps, 'dataDir'>, id: string): string {
  return path.join(environmentFolder(deps.dataDir, id), 'profile');
}

/**
 * Clears the cache of each of `ids` the account can see and that is not running (a running
 * browser holds its files); with `cookies`, its cookies too, in the profile and in the stored copy.
 * Answers which were cleared and which were not.
 */
export async function clearBrowserData(
  deps: BrowserDataDeps,
  account: string,
  ids: readonly string[],
  options: { cookies: boolean },
): Promise<{ cleared: string[]; failed: string[] }> {
  const cleared: string[] = [];
  const failed: string[] = [];
  for (const id of new Set(ids)) {
    const visible = deps.envs.visible(account, id);
    if (!visible || deps.runtime.running(id)) {
      failed.push(id);
      continue;
    }
    try {
      const profile = profileOf(deps, id);
      const targets = options.cookies ? [...CACHE_PATHS, ...COOKIE_PATHS] : CACHE_PATHS;
      for (const target of targets) {
        await fs.promises.rm(path.join(profile, target), { recursive: true, force: true });
      }
      if (options.cookies) {
        visible.record.cookies = [];
        deps.envs.save(visible.record);
      }
      cleared.push(id);
    } catch {
      failed.push(id);
    }
  }
  return { cleared, failed };
}

/** Browser processes whose ending is watched, by environment: one watch per run. */
const cacheWatches = new Map<string, number>();

/** Clears environment `id`'s cache once its browser `processId` has ended (and none runs). */
export function clearCacheAfterExit(
  deps: Pick<BrowserDataDeps, 'dataDir' | 'runtime'>,
  id: string,
  processId: number,
): void {
  if (cacheWatches.get(id) === processId) return;
  cacheWatches.set(id, processId);
  const timer = setInterval(() => {
    const now = deps.runtime.running(id);
    if (now?.processId === processId) return;
    clearInterval(timer);
    if (cacheWatches.get(id) === processId) cacheWatches.delete(id);
    if (!now) removePaths(profileOf(deps, id), CACHE_PATHS);
  }, 250);
  timer.unref();
}
