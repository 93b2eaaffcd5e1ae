/**
 * POST /api/v1/session/self_check (issue 18): what a site could see of an environment, as findings
 * in the caller's language with one score (domain/self-check.ts). Rate-limited as the other
 * session calls; an unknown Session_ID is -22 as everywhere.
 */
import type { FastifyInstance } from 'fastify';
import { localApiMessages } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import { selfChecker } from '../../domain/self-check.ts';
import { callerLang, v1 } from '../../http/envelope.ts';
import { post } from '../../http/route.ts';
import { DEFAULT_IP_LOOKUP_URL } from '../../runtime/proxy/proxy-check.ts';

export function selfCheckRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const selfCheck = selfChecker({
    runtime: ctx.runtime,
    envs: ctx.envs,
    library: ctx.library,
    dataDir: ctx.dataDir,
    // The exit as the start finds it: the configured endpoint, else the documented default.
    lookupUrl: ctx.ipLookupUrl ?? process.env.HAINIAO_IP_LOOKUP ?? DEFAULT_IP_LOOKUP_URL,
    lookupTimeoutMs: ctx.proxyCheckTimeoutMs,
  });

  post(app, ctx, '/api/v1/session/self_check', async ({ body, request, login }) => {
    // A shared environment may be started by its receiver, so it may be checked too.
    const { record } = resolve(ctx.envs, login.account, body.Session_ID, 'read');
    const result = await selfCheck(record);
    const lang = callerLang(request);
    return v1(request, localApiMessages.selfCheckFinished, {
      Session_ID: record.id,
      score: result.score,
      started: result.started ? 1 : 0,
      findings: result.findings.map((finding) => ({
        id: finding.id,
        severity: finding.severity,
        ok: finding.ok,
        title: finding.title[lang],
        detail: finding.detail[lang],
        fix: finding.fix[lang],
      })),
    });
  });
}
