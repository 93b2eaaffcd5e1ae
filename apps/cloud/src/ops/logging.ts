/**
 * The cloud's JSON logs (pino, through Fastify): one id per request, taken from a trusted
 * proxy's `X-Request-Id` or generated, and secrets kept out (docs/running-at-scale.md).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from outside may look like: no spaces or control characters to forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Written instead of a secret. */
export const REDACTED = '[redacted]';

/**
 * Fields that hold secrets wherever they appear in a logged object: headers with credentials,
 * form fields and options with tokens, passwords, API keys (APP_KEY), the master secret and the
 * S3 secret.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'x-api-key',
  'set-cookie',
  'password',
  'token',
  'clienttoken',
  'app_key',
  'APP_KEY',
  'appKey',
  'secret',
  'SECRET_KEY',
  'secretAccessKey',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
];
/** pino redact paths: each secret field at the top and up to three levels down. */
export const REDACT_PATHS = SECRET_FIELDS.flatMap((field) =>
  ['', '*', '*.*', '*.*.*'].map((depth) => `${depth}["${field}"]`),
);

/** Written instead of a secret query value in a logged URL (`?api_key=***`). */
export const URL_SECRET_MASK = '***';

/**
 * Query parameters whose values are secrets: `token`, `api_key`, `key`, `password`, `secret`,
 * signed links' `sig`, anything `auth`.
 */
const SECRET_QUERY = /token|sig|key|pass|secret|auth/i;

/** The URL with the values of secret query parameters masked. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_QUERY.test(decoded) ? `${name}=${URL_SECRET_MASK}` : pair;
    });
  return `${url.slice(0, mark)}?${params.join('&')}`;
}

/** A secret query parameter inside any text: `?` or `&`, its name, `=`, and its value. */
const SECRET_PARAM_IN_TEXT =
  /([?&](?:[^=&\s#"'<>]*?)(?:token|sig|key|pass|secret|auth)[^=&\s#"'<>]*=)[^&\s#"'<>]*/gi;

/** Text (a message, an error) with every URL's secret query values masked. */
export function maskUrlSecrets(text: string): string {
  return text.replace(SECRET_PARAM_IN_TEXT, `$1${URL_SECRET_MASK}`);
}

/** Plain objects' string values (three levels deep) with URL secrets masked; others kept. */
function maskedFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskUrlSecrets(value);
  if (depth > 3 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskedFields(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = maskedFields(item, depth + 1);
  return out;
}

/** A logged error with URLs in its message and stack masked. */
function maskedError(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const plain: { [key: string]: unknown; type: string; message: string; stack: string } = {
    type: error?.name ?? 'Error',
    message: maskUrlSecrets(String(error?.message ?? error)),
    stack: maskUrlSecrets(error?.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error ?? {})) {
    plain[key] = typeof value === 'string' ? maskUrlSecrets(value) : value;
  }
  return plain;
}

/** Address ranges behind the names TRUST_PROXY accepts (as proxy-addr knows them). */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

const plainAddress = (address: string) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/** Whether the socket peer is one of the proxies TRUST_PROXY names. */
export function trustedPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  // A hop count: whatever connects is the nearest proxy (only when it is the only way in).
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The id of each request: the `X-Request-Id` a trusted proxy sent (so that the proxy's and the
 * cloud's logs share it), else a new UUID. A client's own header is ignored when it did not come
 * through a trusted proxy, so nobody can make their requests look like someone else's.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && REQUEST_ID.test(given) && trusted(req.socket?.remoteAddress)) {
      return given;
    }
    return randomUUID();
  };
}

/** Fastify's logger options: JSON lines, secrets redacted, URLs without secret query values. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // A URL may reach a log line in a message or an error, not only as the request's `req`.
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
        const masked = args.map((arg) => (typeof arg === 'string' ? maskUrlSecrets(arg) : arg));
        // An error alone lends its own message to the line: masked too.
        const [first] = args;
        if (first instanceof Error && typeof args[1] !== 'string') {
          masked.splice(1, 0, maskUrlSecrets(first.message));
        }
        method.apply(this, masked);
      },
    } as Record<string, unknown>,
    formatters: {
      log: (object: Record<string, unknown>) => maskedFields(object) as Record<string, unknown>,
    },
    serializers: {
      err: maskedError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/** Every answer names its request id (`X-Request-Id`), for support and for the proxy's logs. */
export function installRequestIds(app: FastifyInstance): void {
  // A callback hook, not an async one: every request runs it, and a promise each is not free.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
