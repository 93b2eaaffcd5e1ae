import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { CloudDatabase } from './database.ts';
import * as m0001 from './migrations/0001_content.ts';
import * as m0002 from './migrations/0002_site_content.ts';
import * as m0003 from './migrations/0003_accounts.ts';
import * as m0004 from './migrations/0004_library.ts';
import * as m0005 from './migrations/0005_tickets.ts';
import * as m0006 from './migrations/0006_signin_nonce.ts';
import * as m0007 from './migrations/0007_attachment_uploader.ts';
import * as m0008 from './migrations/0008_sync.ts';
import * as m0009 from './migrations/0009_team.ts';
import * as m0010 from './migrations/0010_chunks.ts';
import * as m0011 from './migrations/0011_chunk_sweep.ts';
import * as m0012 from './migrations/0012_password_reset.ts';
import * as m0013 from './migrations/0013_manager_address.ts';
import * as m0014 from './migrations/0014_ticket_type_account_team.ts';

/** Migrations are listed here (not read from disk) so that they bundle and run from any cwd. */
const migrations: Record<string, Migration> = {
  '0001_content': m0001,
  '0002_site_content': m0002,
  '0003_accounts': m0003,
  '0004_library': m0004,
  '0005_tickets': m0005,
  '0006_signin_nonce': m0006,
  '0007_attachment_uploader': m0007,
  '0008_sync': m0008,
  '0009_team': m0009,
  '0010_chunks': m0010,
  '0011_chunk_sweep': m0011,
  '0012_password_reset': m0012,
  '0013_manager_address': m0013,
  '0014_ticket_type_account_team': m0014,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest({ db, schema }: CloudDatabase): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    // Parallel work adds migrations with interleaved numbers; each still runs exactly once.
    allowUnorderedMigrations: true,
    // Kysely looks for its migration tables in every schema unless told which: a database shared
    // by several schemas (parallel test runs) would otherwise find another schema's lock table.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
