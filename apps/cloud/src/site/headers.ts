import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers of everything the cloud serves (docs/security.md).
 *
 * Pages get a Content-Security-Policy with a fresh nonce per response: every `<script` tag of the
 * HTML is given that nonce as it is sent (`withNonce`), so prerendered pages, the client-rendered
 * shell and the 404 pages all work without listing hashes, and a rebuilt site needs no restart.
 * Other answers (JSON, files) get a policy that allows nothing, unless the route set its own (the
 * attachment downloads keep their stricter, sandboxing one).
 */

/**
 * The loopback origins the API docs' "try it" panel calls: the visitor's own local API. The port
 * is the visitor's (`--port`, 8186 by default), so any port of the two loopback names is allowed;
 * no other host is.
 */
export const LOCAL_API_CONNECT = ['http://127.0.0.1:*', 'http://localhost:*'];

/** The CSP source for the chat script's origin (`CHAT_SCRIPT_URL`), or null when it is the site's. */
export function chatSource(chatScriptUrl: string | undefined): string | null {
  if (!chatScriptUrl) return null;
  try {
    const url = new URL(chatScriptUrl.startsWith('//') ? `https:${chatScriptUrl}` : chatScriptUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    // Protocol-relative: the host alone, which matches the page's own scheme.
    return chatScriptUrl.startsWith('//') ? url.host : url.origin;
  } catch {
    return null; // a relative URL: the site's own origin, already allowed
  }
}

/** A new nonce for one response. */
export const newNonce = () => randomBytes(16).toString('base64');

/** Adds the nonce to every `<script` tag of a page (hydration data and module scripts alike). */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\snonce=)/gi, `<script nonce="${nonce}"`);
}

/**
 * The policy of a page. `chat` is the chat script's source on pages where it may run.
 * Styles: Ant Design injects `<style>` tags at run time (CSS-in-JS) and the build inlines the
 * critical CSS, so styles need 'unsafe-inline' (no nonce there: a nonce would switch it off).
 * Inline styles cannot run code; scripts stay strict.
 */
export function pageCsp(nonce: string, chat: string | null): string {
  const withChat = (...sources: string[]) => (chat ? [...sources, chat] : sources).join(' ');
  const chatSockets = chat?.startsWith('https://')
    ? [`wss://${chat.slice('https://'.length)}`]
    : chat?.startsWith('http://')
      ? [`ws://${chat.slice('http://'.length)}`]
      : [];
  return [
    `default-src 'self'`,
    `script-src ${withChat(`'self'`, `'nonce-${nonce}'`)}`,
    `style-src ${withChat(`'self'`, `'unsafe-inline'`)}`,
    `img-src ${withChat(`'self'`, 'data:', 'blob:')}`,
    `font-src ${withChat(`'self'`, 'data:')}`,
    `connect-src ${[withChat(`'self'`, ...LOCAL_API_CONNECT), ...chatSockets].join(' ')}`,
    `frame-src ${chat ?? `'none'`}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** What answers that are not pages get: nothing may load or run, nobody may frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** One year; no includeSubDomains (other hosts of the domain are the operator's business). */
export const HSTS = 'max-age=31536000';

/**
 * Headers on every answer: nosniff, Referrer-Policy, no framing, a CSP when the route set none,
 * and HSTS when the request came over HTTPS — directly, or through a reverse proxy the cloud
 * trusts (`TRUST_PROXY`: Fastify's `request.protocol` then reads X-Forwarded-Proto).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: every answer runs it, and a promise each is not free.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', NON_PAGE_CSP);
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });
}
