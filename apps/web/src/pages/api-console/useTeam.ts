import { useQuery, useQueryClient } from '@tanstack/react-query';
import { teamEn } from '../../locales/team.en.ts';
import { teamZh } from '../../locales/team.zh.ts';
import { fetchTeam, TEAM_QUERY_PREFIX, teamQueryKey } from '../../api/team.ts';
import { useLang } from '../../shared/useLang.ts';

/** The Team tab's copy in the page's language. */
export function useTeamText() {
  return useLang() === 'zh' ? teamZh : teamEn;
}

/**
 * The session account's team as the Team and Credentials tabs show it: one cached read shared by
 * both, and `refresh()` that brings both up to date after a change (the quota moves with members).
 */
export function useTeam(token: string) {
  const lang = useLang();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: teamQueryKey(token, lang),
    queryFn: ({ signal }) => fetchTeam(token, lang, signal),
  });
  return {
    team: query.isError ? undefined : query.data,
    error: query.error,
    loading: query.isPending || query.isFetching,
    refresh: () => client.invalidateQueries({ queryKey: TEAM_QUERY_PREFIX }),
  };
}
