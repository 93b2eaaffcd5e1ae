/**
 * Renaming a group (POST /api/v1/group/update, beyond the spec). Group names travel with the
 * environments (their `group`, in each synced snapshot), so the rename moves every environment
 * of the account in the group to the new name, and renames the group's row, in one transaction:
 * the environment rows' updates queue them for sync as any change does, and a failure leaves
 * nothing half-renamed. "default" keeps its name; the new name must be free.
 */
import type SQLite from 'better-sqlite3';
import { DEFAULT_GROUP_NAME, localApiMessages } from '@hainiao/contract';
import { DomainError, InvalidRequestError } from '../model/errors.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { GroupStore } from '../store/groups.ts';

export interface GroupRenameDeps {
  db: SQLite.Database;
  groups: GroupStore;
  envs: Pick<EnvironmentStore, 'renameGroup'>;
}

export interface GroupRenameResult {
  from: string;
  to: string;
  /** The environments that moved to the new name. */
  moved: string[];
}

export function renameGroup(
  deps: GroupRenameDeps,
  owner: string,
  from: string,
  newName: string,
): GroupRenameResult {
  const to = newName.trim();
  if (!to) {
    throw new InvalidRequestError(localApiMessages.invalidParameter, { field: 'New_Group_Name' });
  }
  if (from === DEFAULT_GROUP_NAME) {
    throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.defaultGroupNotRenamed);
  }
  return deps.db.transaction(() => {
    if (!deps.groups.exists(owner, from)) {
      throw new DomainError('GROUP_NOT_FOUND', localApiMessages.groupNotFoundNamed, {
        name: from,
      });
    }
    if (deps.groups.exists(owner, to)) {
      throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.groupNameExistsNamed, {
        name: to,
      });
    }
    deps.groups.rename(owner, from, to);
    const moved = deps.envs.renameGroup(owner, from, to);
    return { from, to, moved };
  })();
}
