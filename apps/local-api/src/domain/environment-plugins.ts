/**
 * An environment's plugins (POST /api/v1/session/plugin_install and plugin_delete): installing
 * downloads and unpacks each chosen version from the cloud's library into the data folder (shared
 * by the environments that use it), then records them on the environment; every id is checked
 * before anything is downloaded or recorded. A version picks it; without one, the newest.
 */
import { localApiMessages, type Lang } from '@hainiao/contract';
import type { Login } from '../account/auth.ts';
import { DomainError } from '../model/errors.ts';
import type { PluginVersion } from '../model/library.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import { resolve } from './access.ts';
import type { Library } from './library.ts';

export interface PluginDeps {
  envs: EnvironmentStore;
  library: Pick<Library, 'plugins' | 'ensurePlugin'>;
}

export interface PluginRequest {
  login: Login;
  /** The environment. */
  id: string;
  pluginIds: readonly string[];
  /** One version for every id; none: the newest (install) or any (delete). */
  version?: string | undefined;
}

/** Installs the plugins on the environment; answers its id. */
export async function installPlugins(
  deps: PluginDeps,
  request: PluginRequest,
  lang: Lang,
): Promise<string> {
  const { record } = resolve(deps.envs, request.login.account, request.id, 'write');
  const versions = await deps.library.plugins(request.login, lang);
  const chosen: PluginVersion[] = [];
  for (const id of new Set(request.pluginIds)) {
    const candidates = versions.filter((v) => v.pluginId === id);
    if (!candidates.length) {
      throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.pluginNotInLibrary, { id });
    }
    // The cloud lists each plugin's newest version first.
    const version = request.version
      ? candidates.find((v) => v.version === request.version)
      : candidates[0];
    if (!version) {
      throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.pluginVersionNotFound, {
        id,
        version: request.version ?? '',
      });
    }
    chosen.push(version);
  }
  for (const version of chosen) await deps.library.ensurePlugin(version);
  deps.envs.installPlugins(
    record.id,
    chosen.map((v) => ({ pluginId: v.pluginId, name: v.name, version: v.version })),
  );
  return record.id;
}

/** Removes the plugins, each of which must be installed (in that version, when one is given). */
export function removePlugins(deps: Pick<PluginDeps, 'envs'>, request: PluginRequest): string {
  const { record } = resolve(deps.envs, request.login.account, request.id, 'write');
  const present = new Map(deps.envs.plugins(record.id).map((p) => [p.pluginId, p]));
  const ids = [...new Set(request.pluginIds)];
  for (const id of ids) {
    const plugin = present.get(id);
    if (!plugin || (request.version !== undefined && plugin.version !== request.version)) {
      throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.pluginNotInstalled, {
        id: request.version ? `${id} ${request.version}` : id,
      });
    }
  }
  deps.envs.removePlugins(record.id, ids);
  return record.id;
}
