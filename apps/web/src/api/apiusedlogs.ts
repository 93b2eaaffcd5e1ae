import type { Lang } from '@hainiao/contract';
import { cloudPost } from './cloud.ts';

export interface ApiLog {
  id: number;
  app_id: string;
  uid: number;
  status: string;
  start_time: string;
  end_time: string | null;
}

/**
 * `/api/hainiao/apiusedlogs`: the usage logs, newest first, 10 a page. The dates are days in the
 * reader's time zone, which is sent as `utc_offset`.
 */
export function fetchUsageLogs(
  token: string,
  filter: { start_time?: string; end_time?: string; page: number },
  lang: Lang,
): Promise<{ list: ApiLog[]; count: number }> {
  return cloudPost(
    '/api/hainiao/apiusedlogs',
    {
      token,
      start_time: filter.start_time,
      end_time: filter.end_time,
      page: String(filter.page),
      utc_offset: String(-new Date().getTimezoneOffset()),
    },
    lang,
  );
}
