/**
 * The service's API key: any local process (another user of a shared RDP or VPS machine) can
 * reach port 8186, so callers can be asked to prove they may drive it. The key is generated at
 * first use into `<data>/api-key` (0600, readable by the owner only) and sent as
 * `Authorization: Bearer KEY`, `X-API-Key: KEY` or `?api_key=KEY`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const API_KEY_FILE = 'api-key';

/** The key in `<dataDir>/api-key`, created (0600) when missing. */
export function loadOrCreateApiKey(dataDir: string): string {
  const file = path.join(dataDir, API_KEY_FILE);
  try {
    const key = fs.readFileSync(file, 'utf8').trim();
    if (key) {
      fs.chmodSync(file, 0o600);
      return key;
    }
  } catch {
    // first start
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return key;
}

/** The key a request carries (Authorization: Bearer, X-API-Key, or the api_key query). */
export function presentedKey(headers: Record<string, unknown>, url: string): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const query = url.indexOf('?');
  if (query >= 0) {
    const value = new URLSearchParams(url.slice(query + 1)).get('api_key');
    if (value) return value;
  }
  return undefined;
}

/** Constant-time comparison (of digests, so the lengths never differ). */
export function sameKey(presented: string | undefined, key: string): boolean {
  if (presented === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(key));
}

export const isLoopbackHost = (host: string) =>
  ['127.0.0.1', '::1', 'localhost', '[::1]'].includes(host.toLowerCase()) ||
  /^127(\.\d{1,3}){3}$/.test(host);
