/**
 * Global setup of the lanes that start the cloud or the local API as programs: builds them when
 * their sources changed (build-programs.ts), so `npx vitest run <file>` tests today's code too.
 */
import { buildProgramsIfStale } from '@hainiao/testkit/build-programs';

export default async function buildPrograms(): Promise<void> {
  await buildProgramsIfStale();
}
