/** The PostgreSQL of the test suites (this machine: trust auth, database `test`). */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
