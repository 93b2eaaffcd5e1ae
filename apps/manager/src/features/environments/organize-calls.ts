/** Tags, clones and the recycle bin (the service's calls beyond the spec: docs/local-api.md). */
import { call } from '../../shared/api.ts';

export interface TagCount {
  Tag: string;
  Count: number;
}

export interface TrashEntry {
  Session_ID: string;
  Session_Name: string;
  Session_Group: string;
  Deleted_Time: string;
  Purge_Time: string;
}

export const listTags = async () => (await call('/api/v1/session/tag/list')).Tag_List;

export const retag = (ids: readonly string[], add: readonly string[], remove: readonly string[]) =>
  call('/api/v1/session/tags', { Session_ID: ids, Add_Tags: add, Remove_Tags: remove });

export const cloneEnvironment = async (
  id: string,
  options: { count: number; copyCookies: boolean; name?: string },
) =>
  (
    await call('/api/v1/session/clone', {
      Session_ID: id,
      Clone_Count: options.count,
      Copy_Cookies: options.copyCookies ? 1 : 0,
      ...(options.name?.trim() ? { Session_Name: options.name.trim() } : {}),
    })
  ).Session_Clones;

export const listTrash = async () => (await call('/api/v1/session/trash/list')).Trash_List;

export const restoreFromTrash = (ids: readonly string[]) =>
  call('/api/v1/session/trash/restore', { Session_ID: ids });

export const deleteFromTrash = (ids: readonly string[] | 'all') =>
  call('/api/v1/session/trash/delete', ids === 'all' ? { Is_Delete_All: 1 } : { Session_ID: ids });
