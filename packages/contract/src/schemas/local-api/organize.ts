/**
 * Request bodies of the calls that organise environments beyond the spec (issue 27): tags in
 * bulk, clones, and the recycle bin that a delete moves environments to.
 */
import { z } from 'zod';
import { CLONE_MAX, DELETE_MAX, TAGS_PER_SESSION_MAX, TRASH_KEEP_DAYS } from '../../limits.ts';
import { emptyBody } from './login.ts';
import {
  flagField,
  intField,
  optionalField,
  sessionId,
  sessionIdList,
  tagName,
} from './session.ts';

const tagList = (en: string, zh: string) =>
  z
    .array(tagName)
    .max(TAGS_PER_SESSION_MAX)
    .optional()
    .describe(en)
    .meta({ zh, example: ['US'] });

/** POST /api/v1/session/tags: adds and removes tags on many environments at once. */
export const sessionTagsBody = z
  .strictObject({
    Session_ID: sessionIdList(DELETE_MAX),
    Add_Tags: tagList('Tags to add to each environment', '要添加到每个环境的标签'),
    Remove_Tags: tagList('Tags to remove from each environment', '要从每个环境移除的标签'),
  })
  .describe('Add or remove tags of environments')
  .meta({ zh: '批量添加或移除环境标签' });
export type SessionTagsBody = z.infer<typeof sessionTagsBody>;

/** POST /api/v1/session/tag/list: no parameters. */
export const tagListBody = emptyBody;
export type TagListBody = z.infer<typeof tagListBody>;

/** POST /api/v1/session/clone: copies of one environment. */
export const sessionCloneBody = z
  .strictObject({
    Session_ID: sessionId(),
    Session_Name: z
      .string()
      .max(60)
      .optional()
      .describe('Name of the copies; default: the name with " (copy)" (a number when several)')
      .meta({ zh: '副本名称；默认在原名称后加“（副本）”（多个时加序号）', example: 'Shop 2' }),
    Clone_Count: optionalField(
      intField(1, CLONE_MAX)
        .describe(`How many copies, 1 to ${CLONE_MAX} (default 1)`)
        .meta({ zh: `副本数量，1 到 ${CLONE_MAX}（默认 1）`, example: 1 }),
    ),
    Copy_Cookies: optionalField(
      flagField(
        'Copy the cookies too (the copies are then signed in where the original is)',
        '同时复制 Cookie（副本会登录原环境已登录的网站）',
        0,
      ),
    ),
  })
  .describe('Clone an environment')
  .meta({ zh: '克隆环境' });
export type SessionCloneBody = z.infer<typeof sessionCloneBody>;

/** POST /api/v1/session/trash/list: no parameters. */
export const trashListBody = emptyBody;
export type TrashListBody = z.infer<typeof trashListBody>;

/** POST /api/v1/session/trash/restore: environments back from the recycle bin. */
export const trashRestoreBody = z
  .strictObject({ Session_ID: sessionIdList(DELETE_MAX) })
  .describe('Restore environments from the recycle bin')
  .meta({ zh: '从回收站恢复环境' });
export type TrashRestoreBody = z.infer<typeof trashRestoreBody>;

/** POST /api/v1/session/trash/delete: gone for good, before the bin's own time. */
export const trashDeleteBody = z
  .strictObject({
    Session_ID: optionalField(sessionIdList(DELETE_MAX)),
    Is_Delete_All: optionalField(flagField('Empty the whole recycle bin', '清空整个回收站', 0)),
  })
  .describe(
    `Delete environments from the recycle bin for good (they go by themselves after ${TRASH_KEEP_DAYS} days)`,
  )
  .meta({ zh: `从回收站永久删除环境（${TRASH_KEEP_DAYS} 天后也会自动删除）` });
export type TrashDeleteBody = z.infer<typeof trashDeleteBody>;
