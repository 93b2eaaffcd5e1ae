/** The account's group names (group/list is not rate-limited), reloaded on demand. */
import { useCallback, useEffect, useState } from 'react';
import { call } from './api.ts';

export function useGroups(): { groups: string[]; reload(): void } {
  const [groups, setGroups] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    call<{ Group_Name_List: string[] }>('/api/v1/group/list')
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
