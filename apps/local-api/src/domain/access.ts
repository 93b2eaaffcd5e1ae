/**
 * Which environments an account may use: its own and those shared with it for reading; only its
 * own for changing. A Session_ID it cannot see is "not found" (-22).
 */
import { localApiMessages } from '@hainiao/contract';
import type { Visible } from '../model/environment.ts';
import { DomainError } from '../model/errors.ts';
import type { EnvironmentStore } from '../store/environments.ts';

export type Access = 'read' | 'write';

/** Environments the account cannot see. */
export function notFound(ids: readonly string[]): DomainError {
  return new DomainError('SESSION_NOT_FOUND', localApiMessages.unknownSessionIds, {
    ids: ids.join(', '),
  });
}

/** Changing what was only shared with one is a missing right: -11, no write permission. */
const notOwner = (id: string) =>
  new DomainError('NO_WRITE_PERMISSION', localApiMessages.sessionNotOwner, { id });

/** One environment of the account; `write` needs it to be the account's own. */
export function resolve(
  envs: EnvironmentStore,
  owner: string,
  id: string,
  access: Access,
): Visible {
  const visible = envs.visible(owner, id);
  if (!visible) throw notFound([id]);
  if (access === 'write' && !visible.owned) throw notOwner(id);
  return visible;
}

/** Several environments, all of them visible (and owned for `write`), in the order asked. */
export function resolveAll(
  envs: EnvironmentStore,
  owner: string,
  ids: readonly string[],
  access: Access,
): Visible[] {
  const unique = [...new Set(ids)];
  const found = envs.visibleMany(owner, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw notFound(missing);
  const list = unique.map((id) => found.get(id) as Visible);
  const foreign = list.find((v) => access === 'write' && !v.owned);
  if (foreign) throw notOwner(foreign.record.id);
  return list;
}
