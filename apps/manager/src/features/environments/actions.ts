/** Start, stop and force-quit, at most STATUS_QUERY_MAX environments a call, with per-environment results. */
import { BrowserCodes, STATUS_QUERY_MAX } from '@hainiao/contract';
import { call } from '../../shared/api.ts';
import { reasonIn } from '../../shared/reason.ts';
import type { UiLang } from '../../shared/lang.tsx';

export type BrowserAction = 'start' | 'stop' | 'kill';

export interface ActionOutcome {
  done: string[];
  /** Environments that failed, with the reason in the UI's language. */
  failed: { id: string; reason: string }[];
}

export async function runBrowserAction(
  action: BrowserAction,
  ids: readonly string[],
  lang: UiLang,
): Promise<ActionOutcome> {
  const outcome: ActionOutcome = { done: [], failed: [] };
  for (let i = 0; i < ids.length; i += STATUS_QUERY_MAX) {
    const chunk = ids.slice(i, i + STATUS_QUERY_MAX);
    const answer = await call(`/api/v1/browser/${action}`, {
      Session_ID: chunk,
    });
    for (const result of answer.listid) {
      // Starting one that already runs is not a failure for the user.
      if (
        result.status === 0 ||
        (action === 'start' && result.status === BrowserCodes.code.ENV_RUNNING)
      ) {
        outcome.done.push(result.Session_ID);
      } else {
        const message = BrowserCodes.message(result.status, lang) ?? String(result.status);
        const why = 'message' in result && result.message ? reasonIn(result.message, lang) : '';
        outcome.failed.push({
          id: result.Session_ID,
          reason: !why ? message : lang === 'zh' ? `${message}（${why}）` : `${message} (${why})`,
        });
      }
    }
  }
  return outcome;
}

/** The last status of each environment that is not running (-8 queued, -12 exited, -13 proxy). */
export async function conditionsOf(ids: readonly string[]): Promise<Map<string, number>> {
  const conditions = new Map<string, number>();
  for (let i = 0; i < ids.length; i += STATUS_QUERY_MAX) {
    const answer = await call('/api/v1/browser/status', {
      Session_ID: ids.slice(i, i + STATUS_QUERY_MAX),
    });
    for (const entry of answer.listcontainer) conditions.set(entry.Session_ID, entry.status);
  }
  return conditions;
}
