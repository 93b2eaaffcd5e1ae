/**
 * The answer checks of the cloud client, by the contract's zod schemas: loaded only outside
 * production (tests, `vite dev`), so the built site's pages carry no schema code. An
 * answer its schema refuses is reported like a failed call.
 */
import {
  HISTORY_LIST_CALL,
  documentAnswers,
  isCloudAnswer,
  type CloudPath,
} from '@hainiao/contract';

/** Whether `data` is what `path` answers (for `document`, what its `mod` answers). */
export function isExpectedAnswer(path: CloudPath, data: unknown, mod?: unknown): boolean {
  if (!isCloudAnswer(path, data)) return false;
  if (path !== '/api/hainiao/document') return true;
  const answer = documentAnswers[mod as keyof typeof documentAnswers] as
    (typeof documentAnswers)[keyof typeof documentAnswers] | undefined;
  return answer?.safeParse(data).success ?? false;
}

/** Whether `data` is a previous-versions list. */
export function isHistoryList(data: unknown): boolean {
  return HISTORY_LIST_CALL.answer.safeParse(data).success;
}
