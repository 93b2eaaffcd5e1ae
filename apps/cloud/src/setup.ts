import type { CloudDatabase } from './db/database.ts';
import { withStartupLock } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { accountService } from './modules/accounts/service.ts';
import { seedContent } from './modules/content/seed.ts';
import { credentialService } from './modules/credentials/service.ts';
import { seedTicketTypes } from './modules/tickets/seed.ts';
import { deriveKeys } from './security/secret.ts';
import type { FileStore } from './storage/files.ts';

/**
 * Brings a store up to date: migrations, then the demo content that is missing (FAQ, browser cores,
 * ticket types; what earlier installs seeded in place of published programs goes), then API keys sealed before the keys were derived are sealed again.
 * Instances started together take turns (withStartupLock); `npm run admin -- migrate` runs the
 * same before a rollout.
 */
export async function prepareStore(
  database: CloudDatabase,
  options: { releases: FileStore; secret: Buffer },
): Promise<void> {
  await withStartupLock(database, async () => {
    await migrateToLatest(database);
    await seedContent(database, { releases: options.releases });
    await seedTicketTypes(database);
    await credentialService(
      database,
      accountService(database),
      deriveKeys(options.secret),
    ).resealLegacyKeys();
  });
}
