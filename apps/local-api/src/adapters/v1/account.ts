/**
 * /login and /members, in the legacy envelope msg, status,
 * data. /login (re)binds the service to an account or switches accounts; /members answers an
 * account's type and dates (data is "<Account>,<type>", type 0 main account, 1 sub-account).
 * /api/v1/team/list (not in the spec, issue 17) answers the logged-in account's team in the v1
 * envelope, as the cloud's envteam has it.
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { logIn } from '../../domain/login.ts';
import { callerLang, legacy, v1 } from '../../http/envelope.ts';
import { post, postPublic } from '../../http/route.ts';
import { isoDate } from '../../util/time.ts';

/** How long /login waits for the first sync before answering. */
const LOGIN_SYNC_WAIT_MS = 15_000;

export function accountRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  postPublic(app, ctx, '/login', async ({ body, request }) => {
    const login = await logIn(
      ctx,
      { account: body.Account, appId: body.APP_ID, appKey: body.APP_KEY },
      callerLang(request),
    );
    // The account's environments as the cloud has them (first pull on this machine, or what
    // changed since): waited for up to LOGIN_SYNC_WAIT_MS, then it goes on in the background.
    await Promise.race([
      ctx.sync.started(),
      new Promise((resolve) => setTimeout(resolve, LOGIN_SYNC_WAIT_MS).unref()),
    ]);
    return legacy(request, localApiMessages.loginSuccess, {
      Account: login.account,
      type: login.type,
      account_reg_date: isoDate(login.registrationDate),
      account_expire_date: isoDate(login.expirationDate),
    });
  });

  post(app, ctx, '/members', async ({ body, request, login }) => {
    const member = await ctx.auth.call(() =>
      ctx.cloud.members(login.token, body.Account, callerLang(request)),
    );
    return legacy(request, localApiMessages.membersSuccess, `${member.Account},${member.type}`, {
      account_expire_date: isoDate(member.account_expire_date),
      account_reg_date: isoDate(member.account_reg_date),
    });
  });

  post(app, ctx, '/api/v1/team/list', async ({ request, login }) => {
    const team = await ctx.auth.call(() => ctx.cloud.team(login.token, callerLang(request)));
    // What the manager's Team page shows: no email addresses, dates as /members gives them.
    return v1(request, localApiMessages.teamListSuccess, {
      self: team.self,
      type: team.type,
      main: team.main,
      quota: team.quota,
      held: team.held,
      members: team.members.map((member) => ({
        Account: member.Account,
        type: member.type,
        online: member.online,
        credentials: member.credentials,
        account_reg_date: isoDate(member.account_reg_date),
        account_expire_date: isoDate(member.account_expire_date),
      })),
    });
  });
}
