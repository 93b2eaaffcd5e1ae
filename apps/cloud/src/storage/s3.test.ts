/**
 * The S3 file store against a real S3-compatible server on loopback (s3rver, V4 signatures):
 * bytes in are bytes out, deletes delete, an upload that fails leaves no object and no row, and
 * the cloud's attachments and release files go through it (docs/running-at-scale.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ATTACHMENT_IMAGE_MAX_BYTES } from '@hainiao/contract';
import { startTestS3, type TestS3 } from '@hainiao/testkit/s3';
import { parseS3 } from '../config.ts';
import { accountService, type Account } from '../modules/accounts/service.ts';
import { publishRelease } from '../modules/content/publish.ts';
import { seedContent } from '../modules/content/seed.ts';
import { seedTicketTypes } from '../modules/tickets/seed.ts';
import { ticketService } from '../modules/tickets/service.ts';
import { UNLINKED_UPLOAD_MAX_AGE_MS } from '../modules/tickets/upload-limits.ts';
import { buildTestApp, post, testClock } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { MP4_MIN, PNG_1X1 } from '../test/files.ts';
import type { FileStore } from './files.ts';
import { S3_PART_BYTES } from './s3.ts';
import { openStores, type CloudStores } from './stores.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every key in the bucket, read with the SDK directly (not through the store under test). */
async function keysIn(s3: TestS3): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  } finally {
    client.destroy();
  }
}

const outside = (keys: string[]) => keys.filter((key) => !key.startsWith('releases/'));

function storesOn(s3: TestS3): CloudStores {
  // The cloud's own reading of the S3_* variables.
  return openStores({ dataDir: '/nonexistent', s3: parseS3(s3.env) });
}

const BOUNDARY = '----s3-upload';
function uploadBody(token: string, data: Buffer, filename: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="inweb"\r\n\r\n1\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nen\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function upload(app: FastifyInstance, token: string, data: Buffer, filename: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/hainiao/workorderupload',
    payload: uploadBody(token, data, filename),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data?: { fileid: string; filepath: string } },
  };
}

describe('the S3 store', () => {
  let s3: TestS3;
  let stores: CloudStores;
  let files: FileStore;

  beforeAll(async () => {
    s3 = await startTestS3();
    stores = storesOn(s3);
    files = stores.files;
  });
  afterAll(async () => {
    stores?.close();
    await s3?.stop();
  });

  test('a received file is only under its name once committed; bytes in are bytes out', async () => {
    const data = randomBytes(70_000);
    const received = await files.receive(
      'small.png',
      Readable.from([data.subarray(0, 1000), data.subarray(1000)]),
    );
    expect(received.size).toBe(data.length);
    expect(await files.has('small.png')).toBe(false);
    expect(await keysIn(s3)).toEqual(['tmp/attachments/small.png']);

    await received.commit();
    expect(await keysIn(s3)).toEqual(['attachments/small.png']);
    const opened = await files.open('small.png');
    expect(opened?.size).toBe(data.length);
    expect(sha(await bytesOf(opened!.stream))).toBe(sha(data));

    await files.remove('small.png');
    expect(await keysIn(s3)).toEqual([]);
    expect(await files.open('small.png')).toBeNull();
    expect(await files.read('small.png')).toBeNull();
  });

  test('a file larger than a part goes up in parts and comes back whole', async () => {
    const data = randomBytes(Math.floor(S3_PART_BYTES * 2.5));
    // Chunks as an HTTP upload delivers them.
    const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    );
    const received = await files.receive('large.mp4', Readable.from(chunks));
    await received.commit();
    const opened = await files.open('large.mp4');
    expect(opened?.size).toBe(data.length);
    expect(sha(await bytesOf(opened!.stream))).toBe(sha(data));
    await files.remove('large.mp4');
    expect(await keysIn(s3)).toEqual([]);
  });

  test('a source that fails, after a part or before, leaves no object', async () => {
    for (const before of [1000, S3_PART_BYTES + 1000]) {
      async function* failing() {
        yield randomBytes(before);
        throw new Error('client went away');
      }
      await expect(files.receive('broken.png', failing())).rejects.toThrow('client went away');
      expect(await keysIn(s3)).toEqual([]);
    }
  });

  test('discard removes a received file, committed or not', async () => {
    const first = await files.receive('first.png', [PNG_1X1]);
    await first.discard();
    const second = await files.receive('second.png', [PNG_1X1]);
    await second.commit();
    await second.discard();
    expect(await keysIn(s3)).toEqual([]);
  });

  test('removeStale removes what a crash left in the middle of an upload, nothing newer', async () => {
    await files.receive('crashed.png', [PNG_1X1]); // neither committed nor discarded
    const kept = await files.receive('kept.png', [PNG_1X1]);
    await kept.commit();
    expect(await files.removeStale(60 * 60_000)).toBe(0);
    expect(await keysIn(s3)).toEqual(['attachments/kept.png', 'tmp/attachments/crashed.png']);
    await expect.poll(() => files.removeStale(0)).toBe(1);
    expect(await keysIn(s3)).toEqual(['attachments/kept.png']);
    await files.remove('kept.png');
  });

  test('names are the cloud’s own: no folders, no dot-dot', async () => {
    expect(await files.open('../releases/x.zip')).toBeNull();
    expect(await files.has('..')).toBe(false);
    await expect(files.put('a/b.png', PNG_1X1)).rejects.toThrow(/bad stored file name/);
    await expect(files.receive('..', [PNG_1X1])).rejects.toThrow(/bad stored file name/);
  });

  test('the readiness check reaches the bucket, and fails for a missing one', async () => {
    await expect(files.check!()).resolves.toBeUndefined();
    const wrong = openStores({
      dataDir: '/nonexistent',
      s3: parseS3({ ...s3.env, S3_BUCKET: 'missing' }),
    });
    try {
      await expect(wrong.files.check!()).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });
});

describeEachDatabase('attachments and release files in S3', (ctx) => {
  let s3: TestS3;
  let stores: CloudStores;
  let app: FastifyInstance;
  let token: string;
  let account: Account;
  const time = testClock(new Date());

  beforeAll(async () => {
    s3 = await startTestS3();
    stores = storesOn(s3);
    await seedTicketTypes(ctx.database);
    await seedContent(ctx.database, { releases: stores.releases });
    app = await buildTestApp(ctx.database, {
      files: stores.files,
      releases: stores.releases,
      clock: time.clock,
    });
    const accounts = accountService(ctx.database, time.clock);
    account = await accounts.create({
      account: 'uploader',
      email: 'uploader@example.com',
      password: 'correct-horse-7',
    });
    token = (
      await post(app, 'status', { clienttoken: await accounts.issueClientToken(account.id) })
    ).body.data.user_info.token;
  });
  afterAll(async () => {
    await app?.close();
    stores?.close();
    await s3?.stop();
  });

  const attachmentRows = () =>
    ctx.database.db.selectFrom('attachment').select(['id', 'stored_name']).execute();

  test('an attachment uploaded is stored in the bucket and comes back byte for byte', async () => {
    // An image and a video larger than one part (sent in parts).
    for (const [data, name] of [
      [Buffer.concat([PNG_1X1, randomBytes(50_000)]), 'screen.png'],
      [Buffer.concat([MP4_MIN, randomBytes(S3_PART_BYTES + 300_000)]), 'clip.mp4'],
    ] as const) {
      const res = await upload(app, token, data, name);
      expect(res.body.code, res.body.msg).toBe(0);
      const { fileid, filepath } = res.body.data!;
      expect(outside(await keysIn(s3))).toContain(
        `attachments/${fileid}.${name.endsWith('.png') ? 'png' : 'mp4'}`,
      );
      const download = await app.inject({ method: 'GET', url: filepath });
      expect(download.statusCode).toBe(200);
      expect(Number(download.headers['content-length'])).toBe(data.length);
      expect(sha(download.rawPayload)).toBe(sha(data));
      // The cloud's own signature still guards the bytes.
      const forged = filepath.replace(/sig=[^&]+/, 'sig=forged');
      expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    }
    expect(outside(await keysIn(s3)).filter((key) => key.startsWith('tmp/'))).toEqual([]);
  });

  test('a release published into the bucket is listed and downloaded from it', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-s3-release-'));
    try {
      const program = path.join(folder, 'program');
      // Larger than a part: the program goes up as a multipart upload.
      const bytes = randomBytes(S3_PART_BYTES + 1000);
      fs.writeFileSync(program, bytes);
      await publishRelease(stores.releases, {
        version: '0.5.0',
        files: [{ system: 'linux-x64', path: program }],
      });
      const keys = await keysIn(s3);
      expect(keys).toContain('releases/hainiao-0.5.0-linux-x64');
      expect(keys).toContain('releases/releases.json');
      const listed = (await app.inject({ method: 'GET', url: '/historylist.php' })).json().data;
      expect(listed).toEqual([
        expect.objectContaining({ name: 'hainiao-0.5.0-linux-x64', sha256: sha(bytes) }),
      ]);
      const res = await app.inject({ method: 'GET', url: '/downloads/hainiao-0.5.0-linux-x64' });
      expect(res.statusCode).toBe(200);
      expect(sha(res.rawPayload)).toBe(sha(bytes));
      expect((await app.inject({ method: 'GET', url: '/downloads/missing.zip' })).statusCode).toBe(
        404,
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  test('an upload refused as it streams leaves no object and no row', async () => {
    const rowsBefore = await attachmentRows();
    const keysBefore = outside(await keysIn(s3));
    // Past the image cap: more than two parts were sent to the bucket before the refusal.
    const res = await upload(
      app,
      token,
      Buffer.concat([PNG_1X1, randomBytes(ATTACHMENT_IMAGE_MAX_BYTES)]),
      'huge.png',
    );
    expect(res.body.code).not.toBe(0);
    expect(await attachmentRows()).toEqual(rowsBefore);
    expect(outside(await keysIn(s3))).toEqual(keysBefore);
  });

  test('an unattached upload swept after an hour is deleted from the bucket', async () => {
    const tickets = ticketService({
      database: ctx.database,
      files: stores.files,
      // Uploads and sweeps send no mail.
      mailer: { send: async () => {} },
      secret: randomBytes(32),
      clock: time.clock,
    });
    const { fileid } = await tickets.upload(account, {
      filename: 'swept.png',
      stream: Readable.from([PNG_1X1]),
    });
    expect(outside(await keysIn(s3))).toContain(`attachments/${fileid}.png`);
    time.advance(UNLINKED_UPLOAD_MAX_AGE_MS + 60_000);
    expect(await tickets.sweepUnlinkedUploads()).toBeGreaterThanOrEqual(1);
    expect(outside(await keysIn(s3))).not.toContain(`attachments/${fileid}.png`);
    expect((await attachmentRows()).map((row) => row.id)).not.toContain(fileid);
    await tickets.close();
  });
});

describeEachDatabase('an S3 store that cannot be reached', (ctx) => {
  let s3: TestS3;
  let stores: CloudStores;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    stores = storesOn(s3);
    app = await buildTestApp(ctx.database, { files: stores.files, releases: stores.releases });
    const accounts = accountService(ctx.database);
    const account = await accounts.create({
      account: 'unlucky',
      email: 'unlucky@example.com',
      password: 'correct-horse-7',
    });
    token = (
      await post(app, 'status', { clienttoken: await accounts.issueClientToken(account.id) })
    ).body.data.user_info.token;
    await s3.pause();
  });
  afterAll(async () => {
    await app?.close();
    stores?.close();
    await s3?.stop();
  });

  test('an upload answers a clean server error in the caller’s language and stores no row', async () => {
    const res = await upload(app, token, Buffer.concat([PNG_1X1, randomBytes(1000)]), 'a.png');
    expect(res.status).toBe(500);
    expect(res.body.code).not.toBe(0);
    expect(res.body.msg).toMatch(/\S/);
    const rows = await ctx.database.db.selectFrom('attachment').select('id').execute();
    expect(rows).toEqual([]);
  });

  test('a release download answers a server error, neither a hang nor a false 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/downloads/anything.zip' });
    expect(res.statusCode).toBe(500);
  });
});
