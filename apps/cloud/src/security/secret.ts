import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The cloud's secret: `SECRET_KEY` (any string; every instance of a scaled-out cloud must share it),
 * else a random key kept in `<dataDir>/secret.key` (mode 0600), created on first start.
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

/** AES-256-GCM; the output is `iv.tag.ciphertext` in base64url. */
export function encrypt(secret: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(secret: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', secret, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
