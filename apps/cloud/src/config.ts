import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOUD_PORT } from '@hainiao/contract';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CloudConfig {
  port: number;
  host: string;
  /** Folder for the SQLite file and stored files when no external store is configured. */
  dataDir: string;
  /** `sqlite:<file>` (default, under dataDir) or `postgres://…`. */
  databaseUrl: string;
  /** `DATABASE_SCHEMA`: PostgreSQL schema to use (created when missing); default `public`. */
  databaseSchema: string | undefined;
  /** The built web app (prerendered pages and assets); absent folders serve no site. */
  webDist: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): CloudConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port: Number(env.PORT ?? CLOUD_PORT),
    // Loopback unless the operator opts in to a public interface.
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'cloud.sqlite')}`,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    webDist:
      env.WEB_DIST === ''
        ? null
        : path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
