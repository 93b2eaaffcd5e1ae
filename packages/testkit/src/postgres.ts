/**
 * Whether the PostgreSQL of the test suites (TEST_POSTGRES_URL) answers, asked once on import.
 * Under CI=true the PostgreSQL half of a suite is mandatory, so an unreachable server fails at
 * import instead of skipping those tests.
 */
import pg from 'pg';
import { TEST_POSTGRES_URL } from './postgres-url.ts';

export { TEST_POSTGRES_URL };

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export const postgresUp = await postgresReachable();
if (!postgresUp) {
  const message = `PostgreSQL is not reachable at ${TEST_POSTGRES_URL}: tests on PostgreSQL are SKIPPED`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n*** ${message} ***\n`);
}
