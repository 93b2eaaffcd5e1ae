import type { FastifyInstance } from 'fastify';
import { RATE_LIMIT_TEAM_ADD_PER_MINUTE, siteMessages } from '@hainiao/contract';
import { route, withMessage } from '../../http/route.ts';
import type { TeamService } from './service.ts';

/**
 * The console's team calls (auth 'session': each is scoped to the token's own account; a
 * sub-account may read but not change its team), and envteam, the local API's read of the same
 * team with its device lease.
 */
export function teamRoutes(app: FastifyInstance, team: TeamService): void {
  route(app, '/api/hainiao/teamlist', ({ account }) => team.list(account));

  // The local API's call (auth 'lease'): the same team, for the account it is logged in as.
  route(app, '/api/hainiao/envteam', ({ lease }) => team.listOfLease(lease));

  route(
    app,
    '/api/hainiao/teamadd',
    async ({ account, data, lang }) =>
      withMessage(
        await team.add(account, {
          Account: data.Account,
          email: data.email,
          password: data.password,
        }),
        siteMessages.team.memberAdded[lang],
      ),
    // It creates accounts, as signup does.
    { perMinute: RATE_LIMIT_TEAM_ADD_PER_MINUTE },
  );

  route(app, '/api/hainiao/teamremove', async ({ account, data, lang }) =>
    withMessage(await team.remove(account, data.Account), siteMessages.team.memberRemoved[lang]),
  );
}
