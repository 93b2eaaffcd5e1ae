/**
 * /login and /members (../shared/spec/local-api.md §7 "Session and login"), in the legacy envelope msg, status,
 * data. /login (re)binds the service to an account or switches accounts; /members answers an
 * account's type and dates (data is "<Account>,<type>", type 0 main account, 1 sub-account).
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import { cloudFailure } from '../account/session.ts';
import type { ServiceContext } from '../context.ts';
import { callerLang, legacy } from '../http/envelope.ts';
import { post, postPublic } from '../http/route.ts';
import { isoDate } from '../util/time.ts';

export function accountRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  postPublic(app, ctx, '/login', async ({ body, request }) => {
    const { login, previous } = await ctx.session.login(
      { account: body.Account, appId: body.APP_ID, appKey: body.APP_KEY },
      callerLang(request),
    );
    ctx.groups.ensureDefault(login.account);
    // Browsers of the account being left behind are closed (-17, logout exit).
    if (previous && previous.account !== login.account) await ctx.runtime.stopAll();
    return legacy(request, localApiMessages.loginSuccess, {
      Account: login.account,
      type: login.type,
      account_reg_date: isoDate(login.registrationDate),
      account_expire_date: isoDate(login.expirationDate),
    });
  });

  post(app, ctx, '/members', async ({ body, request, login }) => {
    let member;
    try {
      member = await ctx.cloud.members(login.token, body.Account, callerLang(request));
    } catch (error) {
      const failure = cloudFailure(error, 'call');
      if (failure.code === 'LOGIN_EXPIRE') ctx.session.expired();
      throw failure;
    }
    return legacy(request, localApiMessages.membersSuccess, `${member.Account},${member.type}`, {
      account_expire_date: isoDate(member.account_expire_date),
      account_reg_date: isoDate(member.account_reg_date),
    });
  });
}
