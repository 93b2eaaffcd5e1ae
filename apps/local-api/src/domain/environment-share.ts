/**
 * Sharing an environment with another account and taking the share back (POST
 * /api/v1/session/share and unshare). Shares go through the cloud first (domain/sync.ts): an
 * unknown account, or an environment one does not manage, fails there and nothing changes here;
 * the receiver's machines pull it.
 */
import { localApiMessages } from '@hainiao/contract';
import { DomainError } from '../model/errors.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import { resolve } from './access.ts';
import type { SyncEngine } from './sync.ts';

export interface ShareDeps {
  envs: EnvironmentStore;
  sync: Pick<SyncEngine, 'share' | 'unshare'>;
}

/** Who asks, about which environment, for which account (`to`, trimmed). */
export interface ShareRequest {
  account: string;
  id: string;
  to: string;
}

function target(deps: ShareDeps, request: ShareRequest) {
  const { record } = resolve(deps.envs, request.account, request.id, 'write');
  return { record, receiver: request.to.trim() };
}

/** Shares the environment with the account; answers the id and the account. */
export async function shareEnvironment(
  deps: ShareDeps,
  request: ShareRequest,
): Promise<{ id: string; to: string }> {
  const { record, receiver } = target(deps, request);
  if (receiver === request.account || receiver === record.owner) {
    throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.shareToSelf);
  }
  await deps.sync.share(record.id, receiver);
  deps.envs.share(record.id, receiver);
  return { id: record.id, to: receiver };
}

/** Takes back the environment's share with the account, which must hold it. */
export async function unshareEnvironment(
  deps: ShareDeps,
  request: ShareRequest,
): Promise<{ id: string; to: string }> {
  const { record, receiver } = target(deps, request);
  if (!deps.envs.shares(record.id).includes(receiver)) {
    throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.unshareNotShared, {
      account: receiver,
    });
  }
  await deps.sync.unshare(record.id, receiver);
  deps.envs.unshare(record.id, receiver);
  return { id: record.id, to: receiver };
}
