/** Answers (`data` on code 0) of /api/v1/group/*. */
import { z } from 'zod';
import { titled } from './answer-common.ts';

/** POST /api/v1/group/list. */
export const groupListAnswer = titled(
  z.strictObject({ Group_Name_List: z.array(z.string()) }),
  'The account’s groups, "default" included',
  '账号的全部分组（含 "default"）',
);

/** POST /api/v1/group/create. */
export const groupCreateAnswer = titled(
  z.strictObject({ Group_Name: z.string() }),
  'The new group',
  '新分组',
);

/** POST /api/v1/group/update. */
export const groupUpdateAnswer = titled(
  z.strictObject({ Group_Name: z.string(), New_Group_Name: z.string() }),
  'The group’s old and new names',
  '分组的旧名称与新名称',
);

/** POST /api/v1/group/del. */
export const groupDeleteAnswer = titled(
  z.strictObject({ Group_Name: z.array(z.string()) }),
  'The groups deleted',
  '已删除的分组',
);

/** POST /api/v1/group/move_session. */
export const groupMoveSessionAnswer = titled(
  z.strictObject({ Session_ID: z.array(z.string()), Target_Group_Name: z.string() }),
  'The environments moved and their group now',
  '已移动的环境及其所在的新分组',
);
