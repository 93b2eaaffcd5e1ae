/**
 * The profile chunk calls (issue 13) on SQLite and PostgreSQL, and on S3: a chunk is checked
 * (brotli, size cap, SHA-256) and stored once under `chunks/<2 hex>/<hash>`; an account learns
 * and reads only what it sent itself, unless the injected check lets it read through a shared
 * environment; bad input gets the contract's code and a message in the caller's language.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  CHUNK_MAX_BYTES,
  CHUNK_MISSING_MAX,
  CHUNK_STORED_MAX_BYTES,
  MainCodes,
} from '@hainiao/contract';
import { startTestS3, type TestS3 } from '@hainiao/testkit/s3';
import { parseS3 } from '../../config.ts';
import type { CloudDatabase } from '../../db/database.ts';
import { installAuthenticators } from '../../http/auth.ts';
import { installErrorHandler } from '../../http/errors.ts';
import { deriveKeys } from '../../security/secret.ts';
import { diskStore } from '../../storage/files.ts';
import { openStores, type CloudStores } from '../../storage/stores.ts';
import { buildTestApp, form, post } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { accountService } from '../accounts/service.ts';
import { credentialService, type Lease } from '../credentials/service.ts';
import { chunkRoutes } from './routes.ts';
import { chunkService } from './service.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const brotli = (data: Buffer) => zlib.brotliCompressSync(data);

/** A chunk as the local API sends it: raw bytes (SQLite-page-like text), hash, compressed. */
function chunk(seed: string) {
  const raw = Buffer.from(
    `${seed}: CREATE TABLE urls(id INTEGER PRIMARY KEY, url TEXT);`.repeat(500),
  );
  return { raw, hash: sha(raw), packed: brotli(raw) };
}

const BOUNDARY = '----chunk-put';
/** A chunkput body: the text fields in order, then (unless null) the file part. */
function putBody(fields: Record<string, string>, file: Buffer | null, fileFirst = false) {
  const field = ([name, value]: [string, string]) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const text = Buffer.from(
    Object.entries({ inweb: '1', lang: 'en', ...fields })
      .map(field)
      .join(''),
  );
  const part = file
    ? Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="chunk"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        file,
        Buffer.from('\r\n'),
      ])
    : Buffer.alloc(0);
  return Buffer.concat([
    ...(fileFirst ? [part, text] : [text, part]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

async function put(
  app: FastifyInstance,
  token: string,
  hash: string,
  packed: Buffer | null,
  options: { lang?: string; fileFirst?: boolean } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/hainiao/chunkput',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: putBody({ token, hash, lang: options.lang ?? 'en' }, packed, options.fileFirst),
  });
  return res.json() as { code: number; msg: string; data?: { size: number; stored_size: number } };
}

async function get(app: FastifyInstance, token: string, hash: string, envId?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/hainiao/chunkget',
    ...form({ inweb: '1', lang: 'en', token, hash, ...(envId ? { env_id: envId } : {}) }),
  });
}

async function missing(app: FastifyInstance, token: string, hashes: string[] | string) {
  const res = await post(app, 'chunkmissing', {
    token,
    hashes: typeof hashes === 'string' ? hashes : JSON.stringify(hashes),
  });
  return res.body;
}

/** An account with a credential and a live device lease: its lease token (and `ids[name]`). */
const ids: Record<string, number> = {};
async function leaseOf(
  app: FastifyInstance,
  database: CloudDatabase,
  secret: Buffer,
  name: string,
) {
  const accounts = accountService(database);
  const account = await accounts.create({
    account: name,
    email: `${name}@example.com`,
    password: 'correct-horse-7',
  });
  ids[name] = account.id;
  const credential = await credentialService(database, accounts, deriveKeys(secret)).apply(account);
  const login = await post(app, 'apilogin', {
    Account: name,
    APP_ID: credential.app_id,
    APP_KEY: credential.app_key,
    device: `device-${name}`,
  });
  expect(login.body.code, login.body.msg).toBe(0);
  return login.body.data.token as string;
}

describeEachDatabase('profile chunk calls', (ctx) => {
  const secret = randomBytes(32);
  let dir: string;
  let app: FastifyInstance;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-chunks-test-'));
    app = await buildTestApp(ctx.database, {
      secret,
      chunks: (shard) => diskStore(path.join(dir, 'chunks', shard)),
    });
    alice = await leaseOf(app, ctx.database, secret, 'chunk_alice');
    bob = await leaseOf(app, ctx.database, secret, 'chunk_bob');
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('missing, put, missing again, get: the same compressed bytes, stored under its hash', async () => {
    const a = chunk('alice-1');
    const b = chunk('alice-2');
    expect(await missing(app, alice, [a.hash, b.hash, a.hash])).toEqual({
      code: 0,
      msg: 'ok',
      data: { missing: [a.hash, b.hash] },
    });
    const stored = await put(app, alice, a.hash, a.packed);
    expect(stored).toEqual({
      code: 0,
      msg: 'ok',
      data: { size: a.raw.length, stored_size: a.packed.length },
    });
    expect((await missing(app, alice, [a.hash, b.hash])).data).toEqual({ missing: [b.hash] });
    const res = await get(app, alice, a.hash);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.rawPayload).toEqual(a.packed);
    expect(zlib.brotliDecompressSync(res.rawPayload)).toEqual(a.raw);
    expect(fs.readFileSync(path.join(dir, 'chunks', a.hash.slice(0, 2), a.hash))).toEqual(a.packed);
  });

  test('another account can neither probe nor read a chunk; sending it too stores it once', async () => {
    const a = chunk('shared-bytes');
    expect((await put(app, alice, a.hash, a.packed)).code).toBe(0);
    // Bob is told he lacks it, like any hash nobody holds: nothing leaks.
    expect((await missing(app, bob, [a.hash])).data).toEqual({ missing: [a.hash] });
    const refused = await get(app, bob, a.hash);
    expect(refused.json()).toEqual({
      code: 404,
      msg: `Chunk ${a.hash} is not stored for this account`,
    });
    const nobody = await get(app, bob, sha(Buffer.from('nobody has this')));
    expect(nobody.json().code).toBe(404);
    // Bob sends the same bytes: one object, one chunk row, a row per account.
    expect((await put(app, bob, a.hash, a.packed)).code).toBe(0);
    expect((await get(app, bob, a.hash)).rawPayload).toEqual(a.packed);
    const { db } = ctx.database;
    const rows = await db.selectFrom('chunk').selectAll().where('hash', '=', a.hash).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ size: a.raw.length, stored_size: a.packed.length });
    const holders = await db
      .selectFrom('account_chunk')
      .select('account_id')
      .where('hash', '=', a.hash)
      .execute();
    expect(holders).toHaveLength(2);
    expect(fs.readdirSync(path.join(dir, 'chunks', a.hash.slice(0, 2)))).toContain(a.hash);
  });

  test('bytes that do not match the hash are -10 and nothing is stored', async () => {
    const a = chunk('damaged');
    const other = chunk('other');
    const answer = await put(app, alice, a.hash, other.packed, { lang: 'zh-CHS' });
    expect(answer.code).toBe(MainCodes.code.DATA_CORRUPTED);
    expect(answer.msg).toBe(`数据块与其哈希 ${a.hash} 不符：传输中已损坏，请重新发送`);
    expect((await missing(app, alice, [a.hash])).data).toEqual({ missing: [a.hash] });
    expect(fs.existsSync(path.join(dir, 'chunks', a.hash.slice(0, 2), a.hash))).toBe(false);
  });

  test('not brotli, more than the raw cap, or more than the stored cap: code 1, nothing stored', async () => {
    const raw = Buffer.from('plain text, not compressed');
    expect(await put(app, alice, sha(raw), raw)).toEqual({
      code: 1,
      msg: 'The chunk is not valid brotli-compressed data',
    });
    const big = Buffer.alloc(CHUNK_MAX_BYTES + 1, 1);
    expect(await put(app, alice, sha(big), brotli(big))).toEqual({
      code: 1,
      msg: `The chunk is larger than ${CHUNK_MAX_BYTES} bytes`,
    });
    const noise = randomBytes(CHUNK_STORED_MAX_BYTES + 10);
    expect(await put(app, alice, sha(noise), noise)).toEqual({
      code: 1,
      msg: `The chunk is larger than ${CHUNK_STORED_MAX_BYTES} bytes`,
    });
    const rows = await ctx.database.db
      .selectFrom('chunk')
      .select('hash')
      .where('hash', 'in', [sha(raw), sha(big), sha(noise)])
      .execute();
    expect(rows).toEqual([]);
  });

  test('a form without the file, or with the file before the token, is refused', async () => {
    const a = chunk('form');
    expect(await put(app, alice, a.hash, null)).toEqual({
      code: 1,
      msg: 'The chunk file part is missing: send the fields, then one file with the compressed bytes',
    });
    expect((await put(app, alice, a.hash, a.packed, { fileFirst: true })).code).toBe(1);
    expect((await missing(app, alice, [a.hash])).data).toEqual({ missing: [a.hash] });
  });

  test('hashes must be a JSON array of at most 1000 SHA-256 hex strings; leases are checked', async () => {
    const ok = sha(Buffer.from('x'));
    for (const bad of [
      'not json',
      JSON.stringify({ hash: ok }),
      JSON.stringify([ok.toUpperCase()]),
      JSON.stringify(['../../etc/passwd']),
      JSON.stringify(Array.from({ length: CHUNK_MISSING_MAX + 1 }, () => ok)),
    ]) {
      const answer = await missing(app, alice, bad);
      expect(answer.code, bad.slice(0, 40)).toBe(1);
      expect(answer.msg).toBe('Invalid parameter: hashes');
    }
    const many = Array.from({ length: CHUNK_MISSING_MAX }, (_, i) => sha(Buffer.from(String(i))));
    expect((await missing(app, alice, many)).data.missing).toHaveLength(CHUNK_MISSING_MAX);
    const expired = {
      code: MainCodes.code.LOGIN_EXPIRE,
      msg: 'Login expired, please log in again (Login_Expire)',
    };
    expect(await missing(app, 'lt_not-a-lease', [ok])).toEqual(expired);
    expect((await get(app, 'lt_not-a-lease', ok)).json()).toEqual(expired);
    expect(await put(app, 'lt_not-a-lease', ok, brotli(Buffer.from('x')))).toEqual(expired);
    expect((await get(app, alice, 'not-a-hash')).json()).toEqual({
      code: 1,
      msg: 'Invalid parameter: hash',
    });
  });

  test('the injected check lets an account read through a shared environment, and only then', async () => {
    const accounts = accountService(ctx.database);
    const credentials = credentialService(ctx.database, accounts, deriveKeys(secret));
    const asked: [number, string, string][] = [];
    const shared = Fastify();
    await shared.register(multipart);
    installErrorHandler(shared);
    installAuthenticators(shared, {
      session: (token) => accounts.requireSession(token),
      lease: (token) => credentials.requireLease(token),
    });
    chunkRoutes(
      shared,
      chunkService({
        database: ctx.database,
        objects: (shard) => diskStore(path.join(dir, 'chunks', shard)),
        mayReadThroughEnvironment: async (lease: Lease, envId, hash) => {
          asked.push([lease.accountId, envId, hash]);
          return envId === 'env-shared-with-bob';
        },
      }),
    );
    try {
      const a = chunk('alice-shares');
      expect((await put(shared, alice, a.hash, a.packed)).code).toBe(0);
      expect((await get(shared, bob, a.hash)).json().code).toBe(404);
      expect((await get(shared, bob, a.hash, 'env-of-someone-else')).json().code).toBe(404);
      const through = await get(shared, bob, a.hash, 'env-shared-with-bob');
      expect(through.statusCode).toBe(200);
      expect(through.rawPayload).toEqual(a.packed);
      const bobId = ids.chunk_bob!;
      expect(asked).toEqual([
        [bobId, 'env-of-someone-else', a.hash],
        [bobId, 'env-shared-with-bob', a.hash],
      ]);
      // The default app has no such check: the same call reads nothing.
      expect((await get(app, bob, a.hash, 'env-shared-with-bob')).json().code).toBe(404);
    } finally {
      await shared.close();
    }
  });
});

/** Every key in the bucket, read with the SDK directly (not through the store under test). */
async function keysIn(s3: TestS3): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

describeEachDatabase('profile chunks on S3', (ctx) => {
  const secret = randomBytes(32);
  let s3: TestS3;
  let stores: CloudStores;
  let app: FastifyInstance;
  let alice: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    stores = openStores({ dataDir: '/nonexistent', s3: parseS3(s3.env) });
    app = await buildTestApp(ctx.database, { secret, chunks: stores.chunks, files: stores.files });
    alice = await leaseOf(app, ctx.database, secret, 'chunk_s3');
  });
  afterAll(async () => {
    await app?.close();
    stores?.close();
    await s3?.stop();
  });

  test('a chunk is stored as chunks/<2 hex>/<hash> in the bucket and read back', async () => {
    const a = chunk('on-s3');
    expect((await put(app, alice, a.hash, a.packed)).code).toBe(0);
    expect((await put(app, alice, a.hash, a.packed)).code).toBe(0);
    expect(await keysIn(s3)).toEqual([`chunks/${a.hash.slice(0, 2)}/${a.hash}`]);
    const res = await get(app, alice, a.hash);
    expect(res.rawPayload).toEqual(a.packed);
    expect((await missing(app, alice, [a.hash])).data).toEqual({ missing: [] });
  });
});
