import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LANE_NAMES, LANES } from './scripts/lanes.ts';

export default defineConfig({
  test: {
    // Generous limits: correctness tests of real servers and browsers on a shared 2-core machine.
    testTimeout: 60_000,
    // Files of every lane run side by side, four more than the machine has cores: much of a file's
    // time is spent waiting on a server, a database, a timer or a browser, not computing (vitest's
    // default, one fewer than the cores, ran the suite one file at a time on a 2-core machine; with
    // two more, the cores were ~72 % busy and the lanes took 699 s; with four more, 612 s; with six
    // more, 611 s, the cores 99 % busy throughout).
    maxWorkers: os.availableParallelism() + 4,
    // Every lane's files share their worker's modules (Fastify, Kysely, React, Ant Design, the
    // fingerprint data, Playwright…), loaded once per worker instead of once per file (the unit lane
    // alone: 42 instead of 68 CPU-s); each file starts and ends its own servers, databases and
    // browsers, and restores what it sets.
    isolate: false,
    hookTimeout: 90_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One project per lane (scripts/lanes.ts): `vitest run --project unit` runs one of them.
    projects: LANE_NAMES.map((name) => ({
      extends: true,
      test: {
        name,
        include: LANES[name].include,
        exclude: [...configDefaults.exclude, ...LANES[name].exclude],
        // Real Chromium on a shared machine: one retry, and every test that needed it is named at
        // the end of the run (scripts/flaky-reporter.ts), so flakiness is seen and mended, not hidden.
        ...(name === 'browser' || name === 'e2e' ? { retry: 1 } : {}),
        // An end-to-end test walks a user's whole path (pages × languages × widths) in Chromium,
        // beside the other lanes' servers and browsers: on a loaded 2-core machine such a path
        // took over 60 s (the timeout is a guard against hangs, not a speed target: npm run bench).
        ...(name === 'e2e' ? { testTimeout: 150_000 } : {}),
        // The programs the server lanes start (scripts/programs-setup.ts); and, once, not per file,
        // when Chromium is missing (the browser files then skip, or fail under CI).
        ...(name === 'unit'
          ? {}
          : {
              globalSetup: [
                'scripts/programs-setup.ts',
                ...(name === 'browser' ? ['scripts/chromium-check.ts'] : []),
              ],
            }),
      },
    })),
  },
});
