/**
 * The console's team calls (issue 13 "Teams"), one function each, over the site's cloud client.
 * The Team tab reads the list through the query cache (`teamQueryKey`), so that the Credentials
 * tab, which shows the same quota, shares the read and both refresh after a change.
 */
import type { CloudAnswerOf, Lang, TeamAddForm } from '@hainiao/contract';
import { callCloud } from './cloud.ts';

/** The session account's team: members, the caller's type, and the credential quota. */
export function fetchTeam(
  token: string,
  lang: Lang,
  signal?: AbortSignal,
): Promise<CloudAnswerOf<'/api/hainiao/teamlist'>> {
  return callCloud('/api/hainiao/teamlist', { token }, lang, { signal });
}

/** The main account creates a sub-account (the sign-up form's fields and rules). */
export function addTeamMember(
  token: string,
  form: TeamAddForm,
  lang: Lang,
): Promise<CloudAnswerOf<'/api/hainiao/teamadd'>> {
  return callCloud(
    '/api/hainiao/teamadd',
    { token, Account: form.Account.trim(), email: form.email.trim(), password: form.password },
    lang,
  );
}

/** The main account removes a sub-account; answers the new credential quota. */
export function removeTeamMember(
  token: string,
  Account: string,
  lang: Lang,
): Promise<CloudAnswerOf<'/api/hainiao/teamremove'>> {
  return callCloud('/api/hainiao/teamremove', { token, Account }, lang);
}

/** The query-cache key of the team read: the Team and Credentials tabs share it. */
export const teamQueryKey = (token: string, lang: Lang) =>
  ['/api/hainiao/teamlist', lang, { token }] as const;

/** Every cached team read (after a change, all are refreshed). */
export const TEAM_QUERY_PREFIX = ['/api/hainiao/teamlist'] as const;
