import { CloudCodes, format, SyncCodes, localApiMessages, type Localized } from '@hainiao/contract';
import { CloudCallError } from '../cloud/client.ts';

/**
 * Why a cloud call failed, in both languages, for the messages with a `{reason}` (a share that
 * needs the cloud, a start that timed out): the catalogue text of the cloud's code when it
 * answered one, the client's own bilingual refusal, else the kind of failure. Never the English
 * text of an exception inside a Chinese answer.
 */
export function cloudReason(error: unknown): Localized {
  if (error instanceof CloudCallError) {
    if (error.localized) return error.localized;
    if (error.kind === 'answer' && error.code !== undefined) {
      const known = SyncCodes.get(error.code) ?? CloudCodes.get(error.code);
      return known ? { en: known.en, zh: known.zh } : localApiMessages.reasonCloudFailed;
    }
    if (error.kind === 'timeout') return localApiMessages.reasonCloudTimeout;
    if (error.kind === 'unreachable') return localApiMessages.reasonCloudUnreachable;
  }
  return localApiMessages.reasonCloudFailed;
}

/** `message` with its `{reason}` filled in each language from `reason`. */
export function withReason(message: Localized, reason: Localized): Localized {
  return {
    en: format(message.en, { reason: reason.en }),
    zh: format(message.zh, { reason: reason.zh }),
  };
}
