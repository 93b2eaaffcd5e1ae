/**
 * The Postman collection the documentation publishes runs green with newman against a real local
 * API logged in to a real cloud: every call of the contract, in the collection's order, each
 * answering code 0 with the data keys the documentation shows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildPostmanCollection,
  buildPostmanEnvironment,
  DOC_SAMPLES,
  LOCAL_API_ROUTES,
} from '@hainiao/contract';
import {
  startTestCloud,
  startTestService,
  type TestCloud,
  type TestService,
} from '@hainiao/testkit';

function run(options: newman.NewmanRunOptions): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) => {
    newman.run(options, (error, summary) => (error ? reject(error) : resolve(summary)));
  });
}

describe('the Postman collection with newman', () => {
  let cloud: TestCloud;
  let service: TestService;
  let credential: Awaited<ReturnType<TestCloud['account']>>;
  let dir: string;

  beforeAll(async () => {
    cloud = await startTestCloud();
    credential = await cloud.account('postman');
    // The collection shares an environment with this account (shares go through the cloud).
    await cloud.account(DOC_SAMPLES.shareUsername);
    service = await startTestService({ cloud: cloud.url });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-newman-'));
  });
  afterAll(async () => {
    await service?.dispose();
    await cloud?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('runs every call in order with zero failures, and shuts the service down last', async () => {
    const environment = buildPostmanEnvironment() as {
      values: { key: string; value: string }[];
    };
    const values: Record<string, string> = {
      port: String(service.port),
      account: credential.Account,
      appId: credential.APP_ID,
      appKey: credential.APP_KEY,
      cookieFile: path.join(dir, 'cookies.json'),
    };
    for (const entry of environment.values) {
      if (entry.key in values) entry.value = values[entry.key]!;
    }

    const summary = await run({
      collection: buildPostmanCollection() as never,
      environment: environment as never,
      reporters: [],
      timeoutRequest: 60_000,
    });

    const failures = summary.run.failures.map(
      (f) => `${f.source?.name ?? '?'}: ${f.error.name} ${f.error.message}`,
    );
    expect(failures).toEqual([]);
    const executed = summary.run.executions.map((e) => e.request.url.getPath());
    expect([...executed].sort()).toEqual(LOCAL_API_ROUTES.map((r) => r.path).sort());
    // Every request checked its answer: HTTP 200 and code 0, and the documented data keys.
    for (const execution of summary.run.executions) {
      expect(execution.assertions?.length ?? 0, execution.item.name).toBeGreaterThanOrEqual(2);
    }
    expect(summary.run.stats.assertions.failed).toBe(0);
    // The last request was quit: the service stops.
    await service.stopped;
  });
});
