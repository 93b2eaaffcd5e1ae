import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedContent } from './modules/content/seed.ts';
import { seedTicketTypes } from './modules/tickets/seed.ts';
import { accountService } from './modules/accounts/service.ts';
import { credentialService } from './modules/credentials/service.ts';
import { deriveKeys, loadSecret } from './security/secret.ts';
import { diskStore } from './storage/files.ts';

/** Opens the store, migrates, seeds demo content, and listens. Returns a stop function. */
export async function startCloud(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const database = openDatabase(config.databaseUrl, { schema: config.databaseSchema });
  await migrateToLatest(database);
  const releasesDir = path.join(config.dataDir, 'releases');
  await seedContent(database, { releasesDir });
  await seedTicketTypes(database);
  const secret = loadSecret(config.dataDir, env);
  // API keys stored before the encryption key was derived from the master secret: seal them again.
  await credentialService(
    database,
    accountService(database),
    deriveKeys(secret),
  ).resealLegacyKeys();
  const app = await buildApp({
    database,
    webDist: config.webDist,
    releasesDir,
    chatScriptUrl: env.CHAT_SCRIPT_URL || undefined,
    secret,
    logLevel: env.LOG_LEVEL ?? 'warn',
    redisUrl: env.REDIS_URL,
    files: diskStore(path.join(config.dataDir, 'files')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    siteUrl: env.SITE_URL ?? `http://localhost:${config.port}`,
    trustProxy: config.trustProxy,
  });
  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  return {
    port,
    url: `http://localhost:${port}`,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cloud = await startCloud();
  console.log(`Hainiao cloud listening on ${cloud.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cloud.stop().then(() => process.exit(0)));
  }
}
