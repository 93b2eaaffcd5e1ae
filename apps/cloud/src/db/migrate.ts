import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { CloudDatabase } from './database.ts';
import * as m0001 from './migrations/0001_content.ts';

/** Migrations are listed here (not read from disk) so that they bundle and run from any cwd. */
const migrations: Record<string, Migration> = {
  '0001_content': m0001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest({ db }: CloudDatabase): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
