/** Answers (`data` on code 0) of the tag, clone and recycle-bin calls (issue 27). */
import { z } from 'zod';
import { answerTime, titled } from './answer-common.ts';

const ids = z.array(z.string());

/** POST /api/v1/session/tags: each environment's tags after the change. */
export const sessionTagsAnswer = titled(
  z.strictObject({ Session_Tags: z.record(z.string(), z.array(z.string())) }),
  'Each environment’s tags after the change',
  '修改后每个环境的标签',
);

/** POST /api/v1/session/tag/list. */
export const tagListAnswer = titled(
  z.strictObject({ Tag_List: z.array(z.strictObject({ Tag: z.string(), Count: z.int() })) }),
  'The account’s tags and how many environments have each',
  '账号的标签及各标签的环境数',
);

/** POST /api/v1/session/clone. */
export const sessionCloneAnswer = titled(
  z.strictObject({
    Session_Clones: z.array(z.strictObject({ Session_Id: z.string(), Session_Name: z.string() })),
  }),
  'The copies made',
  '已创建的副本',
);

/** POST /api/v1/session/trash/list. */
export const trashListAnswer = titled(
  z.strictObject({
    Trash_List: z.array(
      z.strictObject({
        Session_ID: z.string(),
        Session_Name: z.string(),
        Session_Group: z.string(),
        Deleted_Time: answerTime,
        Purge_Time: answerTime,
      }),
    ),
    total: z.int(),
  }),
  'The recycle bin: when each environment was deleted and when it goes for good',
  '回收站：每个环境的删除时间与彻底清除时间',
);

/** POST /api/v1/session/trash/restore. */
export const trashRestoreAnswer = titled(
  z.strictObject({ Restored_Session_ID: ids }),
  'The environments restored',
  '已恢复的环境',
);

/** POST /api/v1/session/trash/delete. */
export const trashDeleteAnswer = titled(
  z.strictObject({ Deleted_Session_ID: ids }),
  'The environments deleted for good',
  '已彻底删除的环境',
);
