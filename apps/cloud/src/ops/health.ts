/**
 * Ops endpoints for load balancers and orchestrators (not cloud calls of the spec):
 * - `GET /healthz`: the process is alive and serving (200, `{"status":"ok"}`);
 * - `GET /readyz`: it can do its work: the database answers a query, Redis a PING and the S3
 *   bucket a HeadBucket (each when configured), within a few seconds; 503 naming what failed.
 * While the cloud shuts down both answer 503 (Fastify refuses new requests then).
 */
import type { FastifyInstance } from 'fastify';

export interface ReadinessCheck {
  name: 'database' | 'redis' | 's3';
  run(): Promise<unknown>;
}

/** A check that takes longer counts as failed: a readiness probe must answer, not hang. */
export const READY_TIMEOUT_MS = 3000;

type Outcome = 'ok' | 'failed' | 'timeout';

interface Result {
  outcome: Outcome;
  error?: unknown;
}

async function outcomeOf(check: ReadinessCheck, timeoutMs: number): Promise<Result> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Result>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: 'timeout' }), timeoutMs);
  });
  const run = check.run().then(
    (): Result => ({ outcome: 'ok' }),
    (error: unknown): Result => ({ outcome: 'failed', error }),
  );
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function installHealth(
  app: FastifyInstance,
  checks: ReadinessCheck[],
  options: { timeoutMs?: number } = {},
): void {
  const timeoutMs = options.timeoutMs ?? READY_TIMEOUT_MS;
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  // The log says when readiness changes, not on every probe.
  let lastFailed = '';
  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const results = await Promise.all(
      checks.map(async (check) => ({ check, ...(await outcomeOf(check, timeoutMs)) })),
    );
    const failed = results.filter((r) => r.outcome !== 'ok');
    const names = failed.map((r) => r.check.name).join(',');
    if (names !== lastFailed) {
      lastFailed = names;
      if (failed.length > 0) {
        for (const r of failed) {
          const message = r.error instanceof Error ? r.error.message : undefined;
          request.log.warn({ check: r.check.name, outcome: r.outcome, message }, 'not ready');
        }
      } else {
        request.log.warn('ready again');
      }
    }
    const status = Object.fromEntries(results.map((r) => [r.check.name, r.outcome]));
    if (failed.length > 0) {
      return reply.status(503).send({
        status: 'unready',
        failed: failed.map((r) => r.check.name),
        checks: status,
      });
    }
    return { status: 'ready', checks: status };
  });
}
