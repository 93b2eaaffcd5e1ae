import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedContent } from './modules/content/seed.ts';

/** Opens the store, migrates, seeds demo content, and listens. Returns a stop function. */
export async function startCloud(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  await seedContent(database);
  const app = await buildApp({ database, webDist: config.webDist, logger: env.LOG_LEVEL !== 'silent' });
  const address = await app.listen({ port: config.port, host: config.host });
  return {
    address,
    url: `http://localhost:${config.port}`,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cloud = await startCloud();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cloud.stop().then(() => process.exit(0)));
  }
}
