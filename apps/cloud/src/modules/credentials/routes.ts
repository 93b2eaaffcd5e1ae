import type { FastifyInstance } from 'fastify';
import {
  apiHeartbeatFields,
  apiLoginFields,
  apiLogoutFields,
  apiOrderListFields,
  apiUsedLogsFields,
  applyApiFields,
  delAppKeyFields,
  getAppKeyFields,
  membersFields,
  RATE_LIMIT_LOGIN_PER_MINUTE,
  resetAppKeyFields,
  siteMessages,
} from '@hainiao/contract';
import { ok } from '../../http/envelope.ts';
import { perMinute } from '../../http/rate-limit.ts';
import { parseForm } from '../../http/validate.ts';
import type { AccountService } from '../accounts/service.ts';
import type { CredentialService } from './service.ts';

/** The console's credential calls: every one is scoped to the token's own account. */
export function credentialRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  credentials: CredentialService,
): void {
  app.post('/api/hainiao/apiorderlist', async (request) => {
    const { data } = await parseForm(request, apiOrderListFields);
    return ok(await credentials.list(await accounts.requireSession(data.token)));
  });

  app.post('/api/hainiao/applyapi', async (request) => {
    const { data, lang } = await parseForm(request, applyApiFields);
    const { app_id } = await credentials.apply(await accounts.requireSession(data.token));
    // The key is not in the answer: the console reveals it through getappkey.
    return ok({ app_id }, siteMessages.console.applySuccess[lang]);
  });

  app.post('/api/hainiao/getappkey', async (request) => {
    const { data } = await parseForm(request, getAppKeyFields);
    return ok({
      app_key: await credentials.getKey(await accounts.requireSession(data.token), data.app_id),
    });
  });

  app.post('/api/hainiao/resetappkey', async (request) => {
    const { data, lang } = await parseForm(request, resetAppKeyFields);
    await credentials.reset(await accounts.requireSession(data.token), data.app_id);
    return ok({ app_id: data.app_id }, siteMessages.console.resetSuccess[lang]);
  });

  app.post('/api/hainiao/delappkey', async (request) => {
    const { data, lang } = await parseForm(request, delAppKeyFields);
    await credentials.remove(await accounts.requireSession(data.token), data.app_id);
    return ok({ app_id: data.app_id }, siteMessages.console.deleteSuccess[lang]);
  });

  app.post('/api/hainiao/apiusedlogs', async (request) => {
    const { data } = await parseForm(request, apiUsedLogsFields);
    return ok(await credentials.logs(await accounts.requireSession(data.token), data));
  });

  // The calls of the local API: credential login with a device lease, heartbeat, logout, members.
  app.post(
    '/api/hainiao/apilogin',
    { config: { rateLimit: perMinute(RATE_LIMIT_LOGIN_PER_MINUTE) } },
    async (request) => {
      const { data } = await parseForm(request, apiLoginFields);
      return ok(await credentials.login(data));
    },
  );

  app.post('/api/hainiao/apiheartbeat', async (request) => {
    const { data } = await parseForm(request, apiHeartbeatFields);
    await credentials.heartbeat(data.token, data.device);
    return ok(null);
  });

  app.post('/api/hainiao/apilogout', async (request) => {
    const { data } = await parseForm(request, apiLogoutFields);
    await credentials.logout(data.token, data.device);
    return ok(null);
  });

  app.post('/api/hainiao/members', async (request) => {
    const { data } = await parseForm(request, membersFields);
    return ok(await credentials.members(data.token, data.Account));
  });
}
