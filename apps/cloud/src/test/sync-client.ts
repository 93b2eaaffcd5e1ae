/**
 * The sync and chunk calls as the local API makes them (multipart forms over the app), for tests
 * that play several accounts against one cloud, and snapshots that pass the contract's schema.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CloudDatabase } from '../db/database.ts';
import { accountService } from '../modules/accounts/service.ts';
import { credentialService } from '../modules/credentials/service.ts';
import { deriveKeys } from '../security/secret.ts';
import { form, post } from './app.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
export type Answer = { status: number; code: number; msg: string; data?: any };

export const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
export const envIdOf = (n: number) => n.toString(16).padStart(32, '0');

/** A chunk as the local API sends it: raw bytes, their hash, brotli-compressed. */
export function chunkOf(seed: string, repeat = 500) {
  const raw = Buffer.from(
    `${seed}: CREATE TABLE urls(id INTEGER PRIMARY KEY, url TEXT);`.repeat(repeat),
  );
  return { raw, hash: sha(raw), packed: zlib.brotliCompressSync(raw) };
}

/** A snapshot as the local API writes it, whose profile manifest names `chunks`. */
export function snapshotOf(name: string, chunks: string[] = [], cookies: object[] = []) {
  return {
    v: 1,
    env: {
      name,
      description: '',
      group: 'default',
      system: 'Windows',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0.0.0 Safari/537.36',
      proxyType: 'noproxy',
      proxyIp: '',
      createdAt: 1_764_000_000_000,
    },
    settings: { syncProfile: chunks.length > 0 ? 1 : 0 },
    startPages: [],
    plugins: [],
    scripts: [],
    usage: {
      cookies,
      fingerprint: null,
      updatedAt: 1_764_000_000_000,
      profile:
        chunks.length === 0
          ? null
          : {
              hash: sha(chunks.join(',')),
              manifest: {
                v: 1,
                files: [{ path: 'Default/History', size: 1, mode: 0o600, mtime: 1, chunks }],
              },
            },
    },
  };
}

/** An account with a credential, logged in as a local API on its own device: its lease token. */
export async function leaseOf(
  app: FastifyInstance,
  database: CloudDatabase,
  secret: Buffer,
  name: string,
): Promise<string> {
  return (await accountWithLease(app, database, secret, name)).token;
}

/** leaseOf, with a new login for when the lease has run out (a test clock moved on). */
export async function accountWithLease(
  app: FastifyInstance,
  database: CloudDatabase,
  secret: Buffer,
  name: string,
): Promise<{ token: string; relogin(): Promise<string> }> {
  const accounts = accountService(database);
  const account = await accounts.create({
    account: name,
    email: `${name}@example.com`,
    password: 'correct-horse-7',
  });
  const credential = await credentialService(database, accounts, deriveKeys(secret)).apply(account);
  const relogin = async () => {
    const login = await post(app, 'apilogin', {
      Account: name,
      APP_ID: credential.app_id,
      APP_KEY: credential.app_key,
      device: `device-${name}`,
    });
    expect(login.body.code, login.body.msg).toBe(0);
    return login.body.data.token as string;
  };
  return { token: await relogin(), relogin };
}

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = '----sync-client';
  const parts: Buffer[] = Object.entries({ inweb: '1', ...fields }).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="f"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function answer(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  return { status: res.statusCode, ...(res.json() as object) } as Answer & {
    status: number;
  };
}

/** chunkput of a compressed chunk. */
export async function putChunk(
  app: FastifyInstance,
  token: string,
  chunk: { hash: string; packed: Buffer },
  lang = 'en',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/hainiao/chunkput',
    ...multipart({ lang, token, hash: chunk.hash }, { name: 'file', data: chunk.packed }),
  });
  return { ...(await answer(res)), retryAfter: res.headers['retry-after'] };
}

/** chunkget, through `envId` when given: the HTTP answer (bytes on success). */
export function getChunk(app: FastifyInstance, token: string, hash: string, envId?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/hainiao/chunkget',
    ...form({ inweb: '1', lang: 'en', token, hash, ...(envId ? { env_id: envId } : {}) }),
  });
}

/** envpush of a snapshot (an object, or raw text) or of a deletion. */
export async function pushEnv(
  app: FastifyInstance,
  token: string,
  fields: { env_id: string; base_version: number; body?: object | string; deleted?: boolean },
  lang = 'en',
) {
  const text =
    fields.body === undefined
      ? undefined
      : typeof fields.body === 'string'
        ? fields.body
        : JSON.stringify(fields.body);
  const res = await app.inject({
    method: 'POST',
    url: '/api/hainiao/envpush',
    ...multipart(
      {
        lang,
        token,
        device: 'device-1',
        env_id: fields.env_id,
        base_version: String(fields.base_version),
        ...(fields.deleted ? { deleted: '1' } : {}),
        ...(text === undefined ? {} : { hash: sha(text) }),
      },
      text === undefined ? undefined : { name: 'body', data: Buffer.from(text) },
    ),
  });
  return { ...(await answer(res)), retryAfter: res.headers['retry-after'] };
}
