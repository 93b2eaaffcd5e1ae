/**
 * Creating and deleting groups, and moving environments between them (POST /api/v1/group/create,
 * /api/v1/group/del and /api/v1/group/move_session; AdsPower's group/create). Delete and move are
 * all or nothing: every name and environment is checked before anything changes.
 */
import { DEFAULT_GROUP_NAME, localApiMessages, type Localized } from '@hainiao/contract';
import { DomainError, InvalidRequestError } from '../model/errors.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { GroupStore } from '../store/groups.ts';
import { resolveAll } from './access.ts';

export interface GroupDeps {
  groups: GroupStore;
  envs: EnvironmentStore;
}

function assertGroup(deps: GroupDeps, owner: string, name: string): void {
  if (!deps.groups.exists(owner, name)) {
    throw new DomainError('GROUP_NOT_FOUND', localApiMessages.groupNotFoundNamed, { name });
  }
}

/**
 * Creates the owner's group `name` (surrounding spaces dropped) and answers the name as stored.
 * A name the owner already has is refused; the door says so in its own words (`taken`).
 */
export function createGroup(
  deps: Pick<GroupDeps, 'groups'>,
  owner: string,
  name: string,
  taken: Localized = localApiMessages.groupNameExists,
): string {
  const trimmed = name.trim();
  if (!trimmed) {
    throw new InvalidRequestError(localApiMessages.invalidParameter, { field: 'Group_Name' });
  }
  if (!deps.groups.create(owner, trimmed)) {
    throw new DomainError('UNKNOWN_EXCEPTION', taken, { name: trimmed });
  }
  return trimmed;
}

/** Deletes `names`: each must exist, be empty and not be the default group. */
export function deleteGroups(deps: GroupDeps, owner: string, names: readonly string[]): void {
  for (const name of names) {
    if (name === DEFAULT_GROUP_NAME) {
      throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.defaultGroupKept);
    }
    assertGroup(deps, owner, name);
    if (deps.envs.countInGroup(owner, name) > 0) {
      throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.groupNotEmptyNamed, { name });
    }
  }
  deps.groups.remove(owner, names);
}

/** Moves the owner's environments `ids`, all in group `from`, to group `to`; answers their ids. */
export function moveToGroup(
  deps: GroupDeps,
  owner: string,
  ids: readonly string[],
  from: string,
  to: string,
): string[] {
  assertGroup(deps, owner, from);
  assertGroup(deps, owner, to);
  const targets = resolveAll(deps.envs, owner, ids, 'write');
  const stray = targets.find((t) => t.record.group !== from);
  if (stray) {
    throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.sessionNotInGroup, {
      id: stray.record.id,
      name: from,
    });
  }
  const moved = targets.map((t) => t.record.id);
  deps.envs.moveGroup(moved, to);
  return moved;
}
