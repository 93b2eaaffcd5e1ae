/** Answers (`data` on code 0) of /api/v1/session/auto_open/*. */
import { z } from 'zod';
import { answerCode, idsWithTotal, notFoundItem, titled } from './answer-common.ts';

/** StartPage1 … StartPageN: "flag-url", 1 opened on start, 0 kept but not opened. */
const START_PAGE_KEY = /^StartPage[1-9]\d*$/;

const pageFields = {
  Session_ID: z.string(),
  Session_Name: z.string(),
  Group_Name: z.string(),
  OpenUrl_Count: z.int(),
  status: answerCode,
};

const pagesOf = z
  .strictObject(pageFields)
  .catchall(z.string().regex(/^[01]-\S+$/))
  .refine(
    (entry) => {
      const pages = Object.keys(entry).filter((key) => !(key in pageFields));
      return pages.length === entry.OpenUrl_Count && pages.every((key) => START_PAGE_KEY.test(key));
    },
    { error: 'StartPage1 … StartPageN, one per page (OpenUrl_Count)' },
  );

/** POST /api/v1/session/auto_open/list. */
export const autoOpenListAnswer = titled(
  z.strictObject({ listcontainer: z.array(z.union([pagesOf, notFoundItem])), total: z.int() }),
  'Per environment: its start pages as StartPage1 … StartPageN, or status -22',
  '每个环境：其启动页 StartPage1 … StartPageN，或状态 -22',
);

/** POST /api/v1/session/auto_open/add. */
export const autoOpenAddAnswer = titled(
  idsWithTotal,
  'The environments that have the page now',
  '现已包含该网址的环境',
);

/** POST /api/v1/session/auto_open/update. */
export const autoOpenUpdateAnswer = titled(
  idsWithTotal,
  'The environments whose page was replaced',
  '已替换网址的环境',
);

/** POST /api/v1/session/auto_open/delete. */
export const autoOpenDeleteAnswer = titled(
  idsWithTotal,
  'The environments the page was removed from',
  '已移除该网址的环境',
);
