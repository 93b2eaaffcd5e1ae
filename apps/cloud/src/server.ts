import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { makeSqliteFilesPrivate, makeTreePrivate, usePrivateUmask } from './ops/file-modes.ts';
import { loadSecret } from './security/secret.ts';
import { prepareStore } from './setup.ts';
import { openStores } from './storage/stores.ts';

/**
 * Opens the database and the file stores, migrates and seeds what is missing, and listens.
 * Returns the port and a stop function that shuts down gracefully (see `stop`).
 */
export async function startCloud(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  // Everything the cloud writes is its user's alone; what an older version left open is closed.
  usePrivateUmask();
  makeTreePrivate(config.dataDir);
  makeSqliteFilesPrivate(config.databaseUrl);
  const database = openDatabase(config.databaseUrl, {
    schema: config.databaseSchema,
    namedStatements: config.namedStatements,
  });
  const stores = openStores(config);
  const release = async () => {
    await database.close();
    stores.close();
  };
  // A start that failed must end, even if a connection never came back to the pool.
  const releaseAfterFailure = () =>
    Promise.race([release(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    const secret = loadSecret(config.dataDir, env);
    await prepareStore(database, { releases: stores.releases, secret });
    app = await buildApp({
      database,
      webDist: config.webDist,
      releases: stores.releases,
      // A bucket costs a request per read: its index is reused for a few seconds.
      releaseCacheMs: config.s3 ? 5000 : 0,
      chatScriptUrl: env.CHAT_SCRIPT_URL || undefined,
      secret,
      logLevel: config.logLevel,
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix,
      metricsToken: config.metricsToken,
      files: stores.files,
      chunks: stores.chunks,
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || undefined,
      siteUrl: env.SITE_URL ?? `http://localhost:${config.port}`,
      trustProxy: config.trustProxy,
      managerUrl: config.managerUrl,
    });
  } catch (error) {
    await releaseAfterFailure();
    throw error;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await releaseAfterFailure();
    throw error;
  }
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  let stopping: Promise<void> | undefined;
  return {
    port,
    url: `http://localhost:${port}`,
    log: app.log,
    /**
     * Graceful stop: no new connections (new requests on open ones get 503), requests in flight
     * run to their end for at most `SHUTDOWN_GRACE_MS` (then their connections are cut), and
     * then Redis, the database pool and the S3 client are closed. Idempotent.
     */
    stop(): Promise<void> {
      stopping ??= (async () => {
        const cut = setTimeout(() => {
          app.log.warn(`requests still running after ${config.shutdownGraceMs} ms: cut`);
          app.server.closeAllConnections();
        }, config.shutdownGraceMs);
        try {
          await app.close();
        } finally {
          clearTimeout(cut);
          await release();
        }
      })();
      return stopping;
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cloud = await startCloud();
  console.log(`Hainiao cloud listening on ${cloud.url}`);
  let signalled = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal while draining: stop waiting.
      if (signalled) process.exit(1);
      signalled = true;
      cloud.log.info(`${signal}: no new connections, finishing the requests in flight`);
      cloud.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
