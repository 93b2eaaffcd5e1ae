import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The cloud's master secret: `SECRET_KEY` (any string; every instance of a scaled-out cloud must
 * share it), else a random key kept in `<dataDir>/secret.key` (mode 0600), created on first start.
 * It is never used as a key itself: see `deriveKeys`.
 */
export function loadSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.SECRET_KEY) return createHash('sha256').update(env.SECRET_KEY).digest();
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return createHash('sha256').update(fs.readFileSync(file, 'utf8').trim()).digest();
}

/** The HKDF labels (`info`) of the keys derived from the master secret. */
export const KEY_LABELS = {
  encryption: 'hainiao encryption',
  signing: 'hainiao link signing',
} as const;

/**
 * The keys the cloud works with, each derived from the master secret with HKDF-SHA-256 under its
 * own label, so that no key serves two purposes: a signature never helps against a ciphertext.
 */
export interface CloudKeys {
  /** AES-256-GCM key of stored secrets (API keys). */
  readonly encryption: Buffer;
  /** HMAC-SHA-256 key of signed links (attachment downloads). */
  readonly signing: Buffer;
  /**
   * The master secret itself, which sealed API keys before the keys were split: only ever used to
   * open such old values (see `openSecret`), never to seal or sign anything new.
   */
  readonly legacyEncryption: Buffer;
}

function hkdf(master: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), label, 32));
}

export function deriveKeys(master: Buffer): CloudKeys {
  return {
    encryption: hkdf(master, KEY_LABELS.encryption),
    signing: hkdf(master, KEY_LABELS.signing),
    legacyEncryption: master,
  };
}

/** The prefix of values sealed under the derived encryption key. */
const SEALED_V2 = 'v2.';

/** AES-256-GCM; the output is `iv.tag.ciphertext` in base64url. */
export function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** Seals a stored secret under the encryption key: `v2.iv.tag.ciphertext`. */
export function sealSecret(keys: CloudKeys, plain: string): string {
  return SEALED_V2 + encrypt(keys.encryption, plain);
}

/** Opens a stored secret: `v2.…` under the encryption key, an older value under the master secret. */
export function openSecret(keys: CloudKeys, sealed: string): string {
  return sealed.startsWith(SEALED_V2)
    ? decrypt(keys.encryption, sealed.slice(SEALED_V2.length))
    : decrypt(keys.legacyEncryption, sealed);
}

/** Whether a stored value was sealed before the keys were split (and should be sealed again). */
export const isLegacySealed = (sealed: string) => !sealed.startsWith(SEALED_V2);

/**
 * Compares two secrets (API keys, signatures) in constant time: both are hashed first, so neither
 * their contents nor their lengths show in the time the comparison takes.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}
