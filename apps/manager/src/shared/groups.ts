/** The account's group names (group/list is not rate-limited), reloaded on demand. */
import { DEFAULT_GROUP_NAME, format, localApiMessages, MainCodes } from '@hainiao/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from './api.ts';
import { currentLang, type UiLang } from './lang-store.ts';

/** The default group as a reader sees it; its name on the wire stays DEFAULT_GROUP_NAME. */
const DEFAULT_GROUP_LABEL: Record<UiLang, string> = { en: 'Default', zh: '默认分组' };

/** A group's name as the UI shows it: the default group's in the reader's language. */
export function groupLabel(name: string, lang: UiLang): string {
  return name === DEFAULT_GROUP_NAME ? DEFAULT_GROUP_LABEL[lang] : name;
}

/** Select options for `groups`: the name as the value, its label as shown. */
export function groupOptions(groups: readonly string[], lang: UiLang) {
  return groups.map((group) => ({ value: group, label: groupLabel(group, lang) }));
}

export function useGroups(): { groups: string[]; reload(): void } {
  const [groups, setGroups] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    call('/api/v1/group/list')
      .then((answer) => live && setGroups(answer.Group_Name_List))
      .catch(() => live && setGroups([]));
    return () => {
      live = false;
    };
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { groups, reload };
}

/**
 * Moves environments to `target`: move_session takes the environments of one origin group a
 * call, so they go group by group.
 */
export async function moveToGroup(
  environments: readonly { Session_ID: string; Group_Name: string }[],
  target: string,
): Promise<void> {
  const byOrigin = new Map<string, string[]>();
  for (const { Session_ID, Group_Name } of environments) {
    if (Group_Name === target) continue;
    byOrigin.set(Group_Name, [...(byOrigin.get(Group_Name) ?? []), Session_ID]);
  }
  for (const [origin, ids] of byOrigin) {
    await call('/api/v1/group/move_session', {
      Session_ID: ids,
      Orgin_Group_Name: origin,
      Target_Group_Name: target,
    });
  }
}

const listGroups = () => call('/api/v1/group/list').then((a) => a.Group_Name_List);

/**
 * Creates group `name` (trimmed) and answers its name. group/create answers a taken name with the
 * spec's bare "Group Name already exists"; the manager says which name, in words, in the UI's
 * language ("A group named “X” already exists").
 */
export async function createGroup(name: string): Promise<string> {
  const wanted = name.trim();
  try {
    await call('/api/v1/group/create', { Group_Name: wanted });
    return wanted;
  } catch (error) {
    if (error instanceof ApiError && error.code === MainCodes.code.UNKNOWN_EXCEPTION) {
      const names = await listGroups().catch(() => [] as string[]);
      if (names.includes(wanted)) {
        throw new ApiError(
          error.code,
          format(localApiMessages.groupNameExistsNamed[currentLang()], { name: wanted }),
        );
      }
    }
    throw error;
  }
}

/** Renames group `from` to `to` (trimmed): its environments move with it. Answers the new name. */
export async function renameGroup(from: string, to: string): Promise<string> {
  const answer = await call('/api/v1/group/update', {
    Group_Name: from,
    New_Group_Name: to.trim(),
  });
  return answer.New_Group_Name;
}
