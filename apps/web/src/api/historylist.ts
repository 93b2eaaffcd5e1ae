import { HISTORY_LIST_PATH, type HistoryFile } from '@hainiao/contract';
import { cloudGet } from './cloud.ts';

export const historyKey = () => 'history';

/** The previous client versions (GET on the main host). */
export function fetchHistory(signal?: AbortSignal): Promise<HistoryFile[]> {
  return cloudGet<HistoryFile[]>(HISTORY_LIST_PATH, { signal });
}
