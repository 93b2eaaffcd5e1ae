/**
 * An environment's scripts (POST /api/v1/session/id_script_add, id_script_active,
 * id_script_Deactivate, id_script_Delete): at most SCRIPTS_PER_SESSION_MAX each, one of them
 * active. Assigning downloads each script from the cloud's library (checked by its SHA-256);
 * every id is checked before anything is downloaded or recorded.
 */
import { localApiMessages, SCRIPTS_PER_SESSION_MAX, type Lang } from '@hainiao/contract';
import type { Login } from '../account/auth.ts';
import type { EnvironmentRecord } from '../model/environment.ts';
import { DomainError } from '../model/errors.ts';
import type { ScriptVersion } from '../model/library.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import { resolve } from './access.ts';
import type { Library } from './library.ts';

export interface ScriptDeps {
  envs: EnvironmentStore;
  library: Pick<Library, 'scripts' | 'ensureScript'>;
}

const refuse = (
  message: (typeof localApiMessages)[keyof typeof localApiMessages],
  values: Record<string, string | number>,
) => new DomainError('UNKNOWN_EXCEPTION', message, values);

function writable(deps: Pick<ScriptDeps, 'envs'>, account: string, id: string): EnvironmentRecord {
  return resolve(deps.envs, account, id, 'write').record;
}

/** Assigns library scripts to environment `id`; answers its id and how many it holds. */
export async function addScripts(
  deps: ScriptDeps,
  login: Login,
  id: string,
  scriptIds: readonly string[],
  lang: Lang,
): Promise<{ id: string; count: number }> {
  const record = writable(deps, login.account, id);
  const wanted = [...new Set(scriptIds)];
  const assigned = new Set(deps.envs.scripts(record.id).map((s) => s.scriptId));
  const fresh = wanted.filter((scriptId) => !assigned.has(scriptId));
  if (assigned.size + fresh.length > SCRIPTS_PER_SESSION_MAX) {
    throw refuse(localApiMessages.scriptsTooMany, { max: SCRIPTS_PER_SESSION_MAX });
  }
  const byId = new Map((await deps.library.scripts(login, lang)).map((s) => [s.scriptId, s]));
  const entries: ScriptVersion[] = [];
  for (const scriptId of wanted) {
    const entry = byId.get(scriptId);
    if (!entry) throw refuse(localApiMessages.scriptNotInLibrary, { id: scriptId });
    entries.push(entry);
  }
  const downloaded = [];
  for (const entry of entries) {
    downloaded.push({
      scriptId: entry.scriptId,
      name: entry.name,
      version: entry.version,
      source: await deps.library.ensureScript(entry),
      librarySha256: entry.sha256,
    });
  }
  deps.envs.addScripts(record.id, downloaded);
  return { id: record.id, count: deps.envs.scripts(record.id).length };
}

/** Makes an assigned script the active one; answers the environment's id. */
export function activateScript(
  deps: Pick<ScriptDeps, 'envs'>,
  account: string,
  id: string,
  scriptId: string,
): string {
  const record = writable(deps, account, id);
  if (!deps.envs.scripts(record.id).some((s) => s.scriptId === scriptId)) {
    throw refuse(localApiMessages.scriptNotAssigned, { id: scriptId });
  }
  deps.envs.activateScript(record.id, scriptId);
  return record.id;
}

/**
 * Leaves no script active (with `scriptId`, only if that one is active); answers the
 * environment's id and the script that was active ('' for none).
 */
export function deactivateScript(
  deps: Pick<ScriptDeps, 'envs'>,
  account: string,
  id: string,
  scriptId: string | undefined,
): { id: string; was: string } {
  const record = writable(deps, account, id);
  const active = deps.envs.scripts(record.id).find((s) => s.active);
  if (scriptId !== undefined && active?.scriptId !== scriptId) {
    throw refuse(localApiMessages.scriptNotActive, { id: scriptId });
  }
  if (active) deps.envs.deactivateScripts(record.id);
  return { id: record.id, was: active?.scriptId ?? '' };
}

/** Removes assigned scripts, none of them active; answers the id, the ids and how many are left. */
export function removeScripts(
  deps: Pick<ScriptDeps, 'envs'>,
  account: string,
  id: string,
  scriptIds: readonly string[],
): { id: string; removed: string[]; count: number } {
  const record = writable(deps, account, id);
  const scripts = new Map(deps.envs.scripts(record.id).map((s) => [s.scriptId, s]));
  const removed = [...new Set(scriptIds)];
  for (const scriptId of removed) {
    const script = scripts.get(scriptId);
    if (!script) throw refuse(localApiMessages.scriptNotAssigned, { id: scriptId });
    if (script.active) throw refuse(localApiMessages.scriptIsActive, { id: scriptId });
  }
  deps.envs.removeScripts(record.id, removed);
  return { id: record.id, removed, count: scripts.size - removed.length };
}
