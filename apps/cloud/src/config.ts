import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOUD_PORT } from '@hainiao/contract';
import { parseManagerUrl } from './modules/credentials/manager-address.ts';
import type { S3Settings } from './storage/s3.ts';

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
  /**
   * `DATABASE_NAMED_STATEMENTS`: PostgreSQL connections keep the cloud's queries prepared
   * (db/pg-named-statements.ts); `off` for a pooler that cannot carry them (PgBouncer in
   * transaction mode before 1.21).
   */
  namedStatements: boolean;
  /**
   * `WEB_DIST`: the built web app (prerendered pages and assets); unset, empty or a folder without
   * a build serves no site.
   */
  webDist: string | null;
  /** `TRUST_PROXY`, parsed (see parseTrustProxy). */
  trustProxy: TrustProxy;
  /** `REDIS_URL`: shared rate-limit counters; in memory without it. */
  redisUrl: string | undefined;
  /** `REDIS_PREFIX`: prefix of every Redis key (several deployments or test runs on one Redis). */
  redisPrefix: string;
  /** `S3_*`: attachments and release files in a bucket; on disk under dataDir without it. */
  s3: S3Settings | null;
  /** `METRICS_TOKEN`: `/metrics` answers to `Authorization: Bearer <token>`; off without it. */
  metricsToken: string | undefined;
  /** `LOG_LEVEL`: pino level (`info` logs every request). */
  logLevel: string;
  /** `SHUTDOWN_GRACE_MS`: how long SIGTERM waits for requests in flight before cutting them. */
  shutdownGraceMs: number;
  /**
   * `MANAGER_URL`: the environment manager's address (`http://127.0.0.1:PORT/`, localhost or
   * [::1]) the API console links to until a local service reports its own at login; default
   * `http://127.0.0.1:8186/`. `npm start` sets it to the local service it starts.
   */
  managerUrl: string;
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * `S3_BUCKET` turns the S3 store on; the other `S3_*` variables only make sense with it, so one of
 * them without a bucket is refused rather than silently storing on the local disk.
 */
export function parseS3(env: NodeJS.ProcessEnv): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => env[name]);
    if (stray.length > 0) {
      throw new Error(`${stray.join(', ')} set without S3_BUCKET: set the bucket, or unset them`);
    }
    return null;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be an http(s) URL, not ${endpoint}`);
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(pathStyle)) {
    throw new Error('S3_FORCE_PATH_STYLE is true or false');
  }
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}

/**
 * Which X-Forwarded-For hops the cloud believes (the client IP feeds the per-IP rate limits):
 * `false`, none (the socket address is the client); a number n, the n proxies nearest to the
 * cloud (each appends the address it received from); or the proxies' addresses and CIDRs.
 */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would let any client choose its own address through X-Forwarded-For: ' +
  'give the number of reverse proxies in front of the cloud (e.g. 1) or their addresses/CIDRs ' +
  '(e.g. 10.0.0.0/8,192.168.1.4)';

/** The names proxy-addr knows for address ranges (loopback, link-local, unique local). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset, empty, `false` or `0` trusts nothing; a whole number is a hop count
 * (`1`: one reverse proxy); anything else a comma-separated list of proxy addresses or CIDRs.
 * `true` (trust every X-Forwarded-For) and malformed entries are refused at start.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text.toLowerCase() === 'true') throw new Error(TRUST_PROXY_TRUE_REFUSED);
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`TRUST_PROXY: ${text} proxies in a row is not plausible`);
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0 || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY: not an IP address or CIDR: ${bad.join(', ') || text} (${TRUST_PROXY_TRUE_REFUSED})`,
    );
  }
  return entries;
}

/** A guessable token would open the metrics to anyone: at least 16 characters. */
function parseMetricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16) throw new Error('METRICS_TOKEN needs at least 16 characters');
  return value;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(on|true|1)$/i.test(value)) return true;
  if (/^(off|false|0)$/i.test(value)) return false;
  throw new Error(`${name} must be on or off, not ${value}`);
}

function parseGrace(value: string | undefined): number {
  if (!value) return 10_000;
  if (!/^\d+$/.test(value)) throw new Error(`SHUTDOWN_GRACE_MS must be milliseconds, not ${value}`);
  return Number(value);
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
    namedStatements: parseSwitch('DATABASE_NAMED_STATEMENTS', env.DATABASE_NAMED_STATEMENTS, true),
    // The starter that knows where the site was built says so (`npm start`: scripts/start.ts).
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'hainiao-rl:',
    s3: parseS3(env),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    logLevel: env.LOG_LEVEL || 'warn',
    shutdownGraceMs: parseGrace(env.SHUTDOWN_GRACE_MS),
    managerUrl: parseManagerUrl(env.MANAGER_URL),
  };
}
