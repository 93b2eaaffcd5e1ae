import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'apps/web/e2e/**/*.test.ts',
    ],
    // Generous limits: these are correctness tests on a shared 2-core machine, never timing tests.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
