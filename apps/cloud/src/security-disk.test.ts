/**
 * A full or read-only files folder during an attachment upload (issue 15, "Faults"): the caller
 * gets a clean answer in its language (code 500 of the contract's table, a message saying what is
 * wrong, no stack), no partial file stays in the folder, no attachment row is written, and an
 * upload once the folder is writable again works.
 *
 * The full disk is a real one: a small tmpfs mounted for the test (as root; this machine's tests
 * run as root). Root ignores file modes, so read-only is a read-only remount; without root it is
 * a folder of mode 0500 and only the full-disk cases skip, loudly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { diskFixtures } from '@hainiao/testkit/tmpfs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CloudCodes, siteMessages } from '@hainiao/contract';
import { buildTestApp, post } from './test/app.ts';
import { describeEachDatabase } from './test/databases.ts';
import { PNG_1X1 } from './test/files.ts';
import { accountService } from './modules/accounts/service.ts';
import { diskStore } from './storage/files.ts';

const KB = 1024;
const disk = diskFixtures('security-disk');
const { mountTmpfs, switchableFolder } = disk;

/** Fills `dir` until only `free` bytes are left. */
function fill(dir: string, free: number) {
  expect(disk.fill(dir, free)).toBe(free);
}

afterAll(() => {
  // Unmounted even when a test failed: nothing stays mounted or in the temp folder.
  disk.cleanup();
});

const BOUNDARY = '----disk-faults';

/** An upload as the site sends it: a PNG of `size` bytes (its signature, then padding). */
async function upload(app: FastifyInstance, token: string, lang: 'en' | 'zh-CHS', size: number) {
  const png = Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length, 7)]);
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      field('inweb', '1') +
        field('lang', lang) +
        field('token', token) +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/hainiao/workorderupload',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data?: { fileid: string; filepath: string } },
    png,
  };
}

describeEachDatabase('attachment upload on a full or read-only disk', (ctx) => {
  const apps: FastifyInstance[] = [];
  let token = '';
  let accountId = 0;

  beforeAll(async () => {
    const accounts = accountService(ctx.database);
    const created = await accounts.create({
      account: 'diskfull',
      email: 'diskfull@example.com',
      password: 'correct-horse-7',
    });
    accountId = created.id;
    const probe = await buildTestApp(ctx.database);
    apps.push(probe);
    token = (
      await post(probe, 'status', { clienttoken: await accounts.issueClientToken(created.id) })
    ).body.data.user_info.token;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  const rows = async () =>
    (
      await ctx.database.db
        .selectFrom('attachment')
        .where('uploader_id', '=', accountId)
        .select('stored_name')
        .execute()
    ).map((row) => row.stored_name);

  /** An upload that worked: its file is in the folder, and its signed link serves its bytes. */
  async function expectStored(
    app: FastifyInstance,
    dir: string,
    result: Awaited<ReturnType<typeof upload>>,
  ) {
    expect(result.body.code, result.body.msg).toBe(0);
    const stored = `${result.body.data!.fileid}.png`;
    expect(await rows()).toContain(stored);
    expect(fs.readdirSync(dir)).toContain(stored);
    const download = await app.inject({ method: 'GET', url: result.body.data!.filepath });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(result.png)).toBe(true);
  }

  test('a full disk: a clean 507 in the caller’s language, no partial file, no row; works again once there is room', async (t) => {
    const dir = mountTmpfs('size=256k,mode=0700');
    if (!dir) return t.skip();
    const app = await buildTestApp(ctx.database, { files: diskStore(dir) });
    apps.push(app);
    const before = await rows();
    // Room for part of the file: the store writes some of it, then the disk is full.
    fill(dir, 64 * KB);
    for (const lang of ['en', 'zh-CHS'] as const) {
      const refused = await upload(app, token, lang, 160 * KB);
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual({
        code: CloudCodes.code.SERVER_ERROR,
        msg: siteMessages.ticket.storageFull[lang === 'en' ? 'en' : 'zh'],
      });
      expect(fs.readdirSync(dir)).toEqual(['filler']);
      expect(await rows()).toEqual(before);
    }
    // A disk with no room at all refuses the same way.
    fill(dir, 0);
    const none = await upload(app, token, 'en', 8 * KB);
    expect(none.status).toBe(507);
    expect(none.body.msg).toBe(siteMessages.ticket.storageFull.en);
    expect(fs.readdirSync(dir)).toEqual(['filler']);
    expect(await rows()).toEqual(before);

    // Space is back: the same upload goes through.
    fs.rmSync(path.join(dir, 'filler'));
    await expectStored(app, dir, await upload(app, token, 'en', 160 * KB));
  });

  test('a read-only disk: a clean 503 in the caller’s language, nothing written; works again once writable', async () => {
    const folder = switchableFolder();
    const app = await buildTestApp(ctx.database, { files: diskStore(folder.dir) });
    apps.push(app);
    const before = await rows();
    folder.readOnly();
    try {
      for (const lang of ['zh-CHS', 'en'] as const) {
        const refused = await upload(app, token, lang, 4 * KB);
        expect(refused.status).toBe(503);
        expect(refused.body).toEqual({
          code: CloudCodes.code.SERVER_ERROR,
          msg: siteMessages.ticket.storageUnwritable[lang === 'en' ? 'en' : 'zh'],
        });
      }
      expect(fs.readdirSync(folder.dir)).toEqual([]);
      expect(await rows()).toEqual(before);
    } finally {
      folder.writable();
    }
    await expectStored(app, folder.dir, await upload(app, token, 'zh-CHS', 4 * KB));
  });
});
