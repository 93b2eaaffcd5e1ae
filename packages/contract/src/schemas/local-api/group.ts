/** Request bodies of the group calls of the local API (/api/v1/group/*). */
import { z } from 'zod';
import { DELETE_MAX, GROUP_NAME_MAX } from '../../limits.ts';
import { emptyBody } from './login.ts';
import { sessionIdList } from './session.ts';

function groupName(en: string, zh: string, example: string) {
  return z
    .string()
    .min(1)
    .max(GROUP_NAME_MAX)
    .describe(`${en}, 1 to ${GROUP_NAME_MAX} characters`)
    .meta({ zh: `${zh}，1 到 ${GROUP_NAME_MAX} 个字符`, example });
}

/** POST /api/v1/group/list: no parameters. */
export const groupListBody = emptyBody;
export type GroupListBody = z.infer<typeof groupListBody>;

/** POST /api/v1/group/create: a new, unique group name. */
export const groupCreateBody = z
  .strictObject({ Group_Name: groupName('Name of the new group', '新分组名称', 'Amazon') })
  .describe('Create a group')
  .meta({ zh: '创建分组' });
export type GroupCreateBody = z.infer<typeof groupCreateBody>;

/**
 * POST /api/v1/group/update (beyond the spec): renames a group; its environments move with it.
 * The new name follows group/create's rules; "default" keeps its name.
 */
export const groupUpdateBody = z
  .strictObject({
    Group_Name: groupName('Name of the group to rename', '要重命名的分组名称', 'Amazon'),
    New_Group_Name: groupName('New name of the group', '分组的新名称', 'Amazon US'),
  })
  .describe('Rename a group')
  .meta({ zh: '重命名分组' });
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;

/**
 * POST /api/v1/group/del: an array of group names; a group that still holds environments is not
 * deleted (no limit in the spec: the delete bound is used).
 */
export const groupDeleteBody = z
  .strictObject({
    Group_Name: z
      .array(z.string().min(1).max(GROUP_NAME_MAX))
      .min(1)
      .max(DELETE_MAX)
      .describe('Names of the groups to delete; only empty groups can be deleted')
      .meta({ zh: '要删除的分组名称数组；只能删除不含环境的分组', example: ['Old shops'] }),
  })
  .describe('Delete groups')
  .meta({ zh: '删除分组' });
export type GroupDeleteBody = z.infer<typeof groupDeleteBody>;

/** POST /api/v1/group/move_session: note the spec's spelling Orgin_Group_Name. */
export const groupMoveSessionBody = z
  .strictObject({
    Session_ID: sessionIdList(DELETE_MAX),
    Orgin_Group_Name: groupName(
      'Group the environments are in now (spelt Orgin_Group_Name)',
      '环境当前所在的分组（字段拼写为 Orgin_Group_Name）',
      'default',
    ),
    Target_Group_Name: groupName('Group to move the environments to', '目标分组', 'Amazon'),
  })
  .describe('Move environments to another group')
  .meta({ zh: '将环境移动到其他分组' });
export type GroupMoveSessionBody = z.infer<typeof groupMoveSessionBody>;
