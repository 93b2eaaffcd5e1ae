import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedContent } from './seed.ts';
import { contentService, type ContentService } from './service.ts';

/**
 * The content a fresh install serves, read through the same service the cloud answers with: an
 * in-memory database, migrated and seeded. The site's build prerenders the download and FAQ pages
 * from it, so crawlers read the text and the browser hydrates with the same data.
 */
export async function openContentSnapshot(): Promise<{
  content: ContentService;
  close: () => Promise<void>;
}> {
  const database = openDatabase('sqlite::memory:');
  await migrateToLatest(database);
  await seedContent(database);
  return { content: contentService(database), close: () => database.close() };
}
