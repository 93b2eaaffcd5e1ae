/**
 * The share calls of the local service: whom environments are shared with (id_container type 1,
 * Share_Username), and session/share or session/unshare of one account on several environments,
 * kept inside the calls' per-minute budget so that a large selection waits instead of meeting 429.
 */
import { STATUS_QUERY_MAX } from '@hainiao/contract';
import { call } from '../../shared/api.ts';
import { errorText } from '../../shared/ui/errors.ts';
import { budgetOf, pacer } from '../../shared/batch-run/pacer.ts';

/** The accounts each environment is shared with (an environment shared with you: none). */
export async function sharesOf(ids: readonly string[]): Promise<Map<string, string[]>> {
  const shares = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += STATUS_QUERY_MAX) {
    const answer = await call('/api/v1/session/id_container', {
      Session_ID: ids.slice(i, i + STATUS_QUERY_MAX),
      Session_container_type: 1,
    });
    for (const entry of answer.listcontainer) {
      // Type 1 of a found one: an unknown id answers its id and -22 only.
      if (!('Share_Username' in entry)) continue;
      shares.set(entry.Session_ID, entry.Share_Username);
    }
  }
  return shares;
}

export interface ShareOutcome {
  done: string[];
  /** The environments the service refused, each with its message (in the UI's language). */
  failed: { id: string; reason: string }[];
}

/** Shares with (or unshares from) `account` each of `ids`, one call each, in order. */
export async function changeShare(
  action: 'share' | 'unshare',
  ids: readonly string[],
  account: string,
): Promise<ShareOutcome> {
  const path = action === 'share' ? '/api/v1/session/share' : '/api/v1/session/unshare';
  const pace = pacer(budgetOf(path));
  const outcome: ShareOutcome = { done: [], failed: [] };
  for (const id of ids) {
    await pace.take();
    try {
      await call(path, { Session_ID: id, Share_Username: account });
      outcome.done.push(id);
    } catch (error) {
      outcome.failed.push({ id, reason: errorText(error) });
    }
  }
  return outcome;
}
