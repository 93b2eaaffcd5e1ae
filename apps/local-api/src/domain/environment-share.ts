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

/** Shares environment `id` with account `to` (trimmed); answers the id and the account. */
export async function shareEnvironment(
  deps: ShareDeps,
  account: string,
  id: string,
  to: string,
): Promise<{ id: string; to: string }> {
  const { record } = resolve(deps.envs, account, id, 'write');
  const receiver = to.trim();
  if (receiver === account || receiver === record.owner) {
    throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.shareToSelf);
  }
  await deps.sync.share(record.id, receiver);
  deps.envs.share(record.id, receiver);
  return { id: record.id, to: receiver };
}

/** Takes back the share of environment `id` with account `to`, which must hold it. */
export async function unshareEnvironment(
  deps: ShareDeps,
  account: string,
  id: string,
  to: string,
): Promise<{ id: string; to: string }> {
  const { record } = resolve(deps.envs, account, id, 'write');
  const receiver = to.trim();
  if (!deps.envs.shares(record.id).includes(receiver)) {
    throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.unshareNotShared, {
      account: receiver,
    });
  }
  await deps.sync.unshare(record.id, receiver);
  deps.envs.unshare(record.id, receiver);
  return { id: record.id, to: receiver };
}
