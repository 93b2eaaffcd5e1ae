import type { FastifyInstance } from 'fastify';
import {
  ADSPOWER_GET_PATHS,
  adsPowerMessages,
  format,
  localApiMessages,
  OPENAPI_PATH,
} from '@hainiao/contract';
import { presentedKey, sameKey } from './api-key.ts';
import { LocalApiError, UNKNOWN_EXCEPTION } from './envelope.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The only paths a GET (or HEAD) may reach: the OpenAPI document, the AdsPower-compatible calls
 * (docs/adspower-compat.md) and the MCP endpoint (Streamable HTTP opens its event
 * stream with GET). Every other call is a POST with a JSON body.
 */
export const GET_PATHS: ReadonlySet<string> = new Set([
  OPENAPI_PATH,
  '/mcp',
  ...ADSPOWER_GET_PATHS,
]);

/** `host` of a Host header without its port (`[::1]:8186` → `[::1]`). */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

export interface GuardOptions {
  /**
   * GET and HEAD also reach these paths: the environment manager's pages, files and its own
   * endpoints (adapters/manager/manager.ts). Every other GET stays 405 as before.
   */
  uiPath?: (path: string) => boolean;
  /** When set, every call must carry this key (api-key.ts). */
  apiKey?: string;
  /**
   * Serving other machines (--host not loopback): any Host name is accepted, since the API key,
   * which a rebinding page cannot know, is required then.
   */
  anyHost?: boolean;
}

/** The port of a Host header (`127.0.0.1:8186` → 8186, no port → 80). */
function hostPort(header: string): number {
  const value = header.trim();
  const rest = value.startsWith('[') ? value.slice(value.indexOf(']') + 1) : value;
  const colon = rest.lastIndexOf(':');
  return colon === -1 ? 80 : Number(rest.slice(colon + 1));
}

/**
 * The service's own origin as the browser names it (`http://127.0.0.1:8186`): the pages it serves
 * call it with that Origin. Only for a loopback Host on the port the request came in on, so a
 * page of another loopback port, or of a rebinding name, is still refused.
 */
export function ownOrigin(host: string | undefined, localPort: number | undefined): string | null {
  if (!host || !LOOPBACK_HOSTS.has(hostName(host)) || hostPort(host) !== localPort) return null;
  const port = hostPort(host);
  return `http://${hostName(host)}${port === 80 ? '' : `:${port}`}`;
}

/**
 * Security by default (docs/security.md): only loopback Host names (defeats DNS rebinding), only
 * browser origins on the allow list or the service's own (its manager's pages), only JSON bodies,
 * and the API key when one is required.
 */
export function installGuards(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
  options: GuardOptions = {},
): void {
  const origins = new Set(allowedOrigins.map((o) => o.toLowerCase().replace(/\/$/, '')));

  app.addHook('onRequest', async (request, reply) => {
    if (!options.anyHost && !LOOPBACK_HOSTS.has(hostName(request.headers.host ?? ''))) {
      throw new LocalApiError(UNKNOWN_EXCEPTION, localApiMessages.forbiddenHost, 403);
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = ownOrigin(request.headers.host, request.socket.localPort);
      if (!origins.has(origin.toLowerCase()) && origin.toLowerCase() !== own) {
        throw new LocalApiError(UNKNOWN_EXCEPTION, localApiMessages.forbiddenOrigin, 403);
      }
      reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
      if (request.method === 'OPTIONS') {
        return reply
          .header('Access-Control-Allow-Methods', 'POST')
          .header(
            'Access-Control-Allow-Headers',
            'Content-Type, Accept-Language, Authorization, X-API-Key',
          )
          .status(204)
          .send();
      }
    }
    if (options.apiKey && !sameKey(presentedKey(request.headers, request.url), options.apiKey)) {
      throw new LocalApiError(UNKNOWN_EXCEPTION, localApiMessages.apiKeyRequired, 401);
    }
    const path = request.url.split('?')[0] ?? '';
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !GET_PATHS.has(path) &&
      !options.uiPath?.(path)
    ) {
      const values = { method: request.method, url: path };
      throw new LocalApiError(
        UNKNOWN_EXCEPTION,
        {
          en: format(adsPowerMessages.getNotAllowed.en, values),
          zh: format(adsPowerMessages.getNotAllowed.zh, values),
        },
        405,
        null,
        { Allow: 'POST' },
      );
    }
    const type = request.headers['content-type'];
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    if (request.method === 'POST' && hasBody && !/^application\/json\b/i.test(type ?? '')) {
      throw new LocalApiError(UNKNOWN_EXCEPTION, localApiMessages.contentTypeJson, 415);
    }
  });
}
