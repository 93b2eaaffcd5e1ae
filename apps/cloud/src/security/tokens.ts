import { createHash, randomBytes } from 'node:crypto';

/** A random token with a readable prefix (`ct_` client, `st_` session, `lt_` lease). */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** Tokens are stored only as SHA-256 hashes: a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Credential ids: 16 hex characters; keys: 32. */
export const newAppId = () => randomBytes(8).toString('hex');
export const newAppKey = () => randomBytes(16).toString('hex');
