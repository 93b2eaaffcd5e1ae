import type { FastifyInstance } from 'fastify';
import { RATE_LIMIT_LOGIN_PER_MINUTE, siteMessages } from '@hainiao/contract';
import { route, withMessage } from '../../http/route.ts';
import type { CredentialService } from './service.ts';

/**
 * The console's credential calls (auth 'session': every one is scoped to the token's own
 * account) and the local API's calls (apilogin verifies its credential; the others hold a lease).
 */
export function credentialRoutes(app: FastifyInstance, credentials: CredentialService): void {
  route(app, '/api/hainiao/apiorderlist', ({ account }) => credentials.list(account));

  route(app, '/api/hainiao/applyapi', async ({ account, lang }) => {
    const { app_id } = await credentials.apply(account);
    // The key is not in the answer: the console reveals it through getappkey.
    return withMessage({ app_id }, siteMessages.console.applySuccess[lang]);
  });

  route(app, '/api/hainiao/getappkey', async ({ account, data }) => ({
    app_key: await credentials.getKey(account, data.app_id),
  }));

  route(app, '/api/hainiao/resetappkey', async ({ account, data, lang }) => {
    await credentials.reset(account, data.app_id);
    return withMessage({ app_id: data.app_id }, siteMessages.console.resetSuccess[lang]);
  });

  route(app, '/api/hainiao/delappkey', async ({ account, data, lang }) => {
    await credentials.remove(account, data.app_id);
    return withMessage({ app_id: data.app_id }, siteMessages.console.deleteSuccess[lang]);
  });

  route(app, '/api/hainiao/apiusedlogs', ({ account, data }) => credentials.logs(account, data));

  // The calls of the local API: credential login with a device lease, heartbeat, logout, members.
  route(app, '/api/hainiao/apilogin', ({ data }) => credentials.login(data), {
    perMinute: RATE_LIMIT_LOGIN_PER_MINUTE,
  });

  route(app, '/api/hainiao/apiheartbeat', async ({ lease, data }) => {
    await credentials.heartbeat(lease, data.device);
    return null;
  });

  route(app, '/api/hainiao/apilogout', async ({ lease, data }) => {
    await credentials.logout(lease, data.device);
    return null;
  });

  route(app, '/api/hainiao/members', ({ lease, data }) => credentials.members(lease, data.Account));
}
