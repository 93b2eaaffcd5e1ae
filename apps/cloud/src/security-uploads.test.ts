/**
 * Uploads cannot fill the disk or the memory, unattached uploads are swept, staff mail is bounded
 * (docs/security.md), on SQLite and on PostgreSQL.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { ATTACHMENT_VIDEO_MAX_BYTES, chatAllowedOn } from '@hainiao/contract';
import { buildTestApp, post, testClock } from './test/app.ts';
import { describeEachDatabase } from './test/databases.ts';
import { MP4_MIN, PNG_1X1 } from './test/files.ts';
import { accountService } from './modules/accounts/service.ts';
import { seedTicketTypes } from './modules/tickets/seed.ts';
import { ticketService } from './modules/tickets/service.ts';
import {
  UNLINKED_UPLOAD_QUOTA_BYTES,
  UPLOAD_BYTES_PER_DAY,
  UPLOADS_PER_HOUR,
} from './modules/tickets/upload-limits.ts';
import { boundedNotifier, STAFF_MAILS_PER_MINUTE } from './notify/bounded.ts';
import { diskStore } from './storage/files.ts';
import { openDatabase, type CloudDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildSiteIfStale } from '@hainiao/testkit/build-site';

/** A real SMTP server on loopback that keeps what it receives (as in tickets.test.ts). */
async function startMailbox() {
  const received: { to: string[]; body: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const MB = 1024 * 1024;
const BOUNDARY = '----upload-limits';

/** The multipart body of an upload as the site sends it: inweb, lang, token, then the file. */
function uploadHead(token: string, lang: 'en' | 'zh-CHS', filename: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="inweb"\r\n\r\n1\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lang"\r\n\r\n${lang}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
}
const UPLOAD_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** Everything in a folder: total bytes, stored files, temporary files. */
function folderUsage(dir: string) {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return {
    bytes: names.reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0),
    files: names.filter((name) => !name.endsWith('.part')).length,
    partial: names.filter((name) => name.endsWith('.part')),
  };
}

describeEachDatabase('upload limits, sweep and staff mail', (ctx) => {
  let app: FastifyInstance;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let filesDir: string;
  const time = testClock();
  const secret = randomBytes(32);
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    mailbox = await startMailbox();
    await seedTicketTypes(ctx.database);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-upload-limits-'));
    app = await buildTestApp(ctx.database, {
      clock: time.clock,
      secret,
      files: diskStore(filesDir),
      smtpUrl: mailbox.url,
      siteUrl: 'http://site.test',
    });
    const accounts = accountService(ctx.database, time.clock);
    for (const [name, role] of [
      ['flood', 'user'],
      ['daily', 'user'],
      ['racer', 'user'],
      ['streamer', 'user'],
      ['sweeper', 'user'],
      ['busy', 'user'],
      ['agent', 'staff'],
    ] as const) {
      const created = await accounts.create({
        account: name,
        email: `${name}@example.com`,
        password: 'correct-horse-7',
        role,
      });
      ids[name] = created.id;
      tokens[name] = (
        await post(app, 'status', { clienttoken: await accounts.issueClientToken(created.id) })
      ).body.data.user_info.token;
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mailbox?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  async function upload(
    token: string,
    data: Buffer,
    filename: string,
    lang: 'en' | 'zh-CHS' = 'en',
    target: FastifyInstance = app,
  ) {
    const res = await target.inject({
      method: 'POST',
      url: '/api/hainiao/workorderupload',
      payload: Buffer.concat([uploadHead(token, lang, filename), data, UPLOAD_TAIL]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const body = res.json() as { code: number; msg: string; data?: { fileid: string } };
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], ...body };
  }

  const ticket = {
    title: 'Attached videos',
    typeid: '3',
    content: 'The proxy check fails, see the recordings.',
    email: 'customer@example.com',
  };

  /** Writes upload rows directly (no files): an account's history, for the window tests. */
  async function history(accountId: number, rows: { size: number; at: Date; linked?: number }[]) {
    for (const row of rows) {
      const id = randomBytes(9).toString('base64url');
      await ctx.database.db
        .insertInto('attachment')
        .values({
          id,
          uploader_id: accountId,
          ticket_id: row.linked ?? null,
          reply_id: null,
          name: 'old.png',
          stored_name: `${id}.png`,
          mime: 'image/png',
          size: row.size,
          created_at: row.at.toISOString(),
        })
        .execute();
    }
  }

  test('200 uploads from one account meet the unattached quota, then the hourly rate; the folder stays bounded', async () => {
    const video = Buffer.concat([
      MP4_MIN,
      Buffer.alloc(ATTACHMENT_VIDEO_MAX_BYTES - MP4_MIN.length),
    ]);
    const answers: { code: number; msg: string; status: number; retryAfter?: unknown }[] = [];
    const fileIds: string[] = [];
    // 10 videos at the 50 MB cap: 500 MB not attached to any ticket, the whole quota.
    for (let i = 0; i < 10; i++) {
      const res = await upload(tokens.flood!, video, `rec-${i}.mp4`);
      expect(res.code, res.msg).toBe(0);
      fileIds.push(res.data!.fileid);
      answers.push(res);
    }
    expect(10 * ATTACHMENT_VIDEO_MAX_BYTES).toBe(UNLINKED_UPLOAD_QUOTA_BYTES);
    // 20 more, even tiny ones, are refused while the quota is full: HTTP 429, code 429, both languages.
    for (let i = 0; i < 20; i++) {
      const res = await upload(tokens.flood!, PNG_1X1, `q-${i}.png`, i % 2 ? 'zh-CHS' : 'en');
      answers.push(res);
      expect(res.status).toBe(429);
      expect(res.code).toBe(429);
      expect(Number(res.retryAfter)).toBeGreaterThan(0);
      expect(res.msg).toBe(
        i % 2
          ? '未附加到工单的上传文件已达 500 MB。请先在工单中提交这些附件，或等待其过期（上传一小时后）再上传。'
          : 'You already have 500 MB of uploads that are not attached to a ticket. Submit them with a ticket, or wait until they expire (one hour after upload), then upload again.',
      );
    }
    expect(folderUsage(filesDir).bytes).toBeLessThanOrEqual(UNLINKED_UPLOAD_QUOTA_BYTES);

    // Attaching five of them to a ticket frees half the quota; uploads go on until the hourly rate.
    const opened = await post(app, 'workorderadd', {
      token: tokens.flood!,
      ...ticket,
      attachments: fileIds.slice(0, 5).join(','),
    });
    expect(opened.body.code, opened.body.msg).toBe(0);
    for (let i = 0; i < 170; i++) {
      const res = await upload(tokens.flood!, PNG_1X1, `r-${i}.png`, i % 2 ? 'zh-CHS' : 'en');
      answers.push(res);
      if (i < UPLOADS_PER_HOUR - 10) {
        expect(res.code, `${i}: ${res.msg}`).toBe(0);
        continue;
      }
      expect(res.status).toBe(429);
      expect(res.code).toBe(429);
      expect(res.msg).toMatch(
        i % 2
          ? /^上传次数已达上限：每小时最多上传 60 个文件，请 \d+ 分钟后再试。$/
          : /^Upload limit reached: at most 60 files per hour\. Please try again in \d+ min\.$/,
      );
      expect(Number(res.retryAfter)).toBeGreaterThan(0);
      expect(Number(res.retryAfter)).toBeLessThanOrEqual(3600);
    }
    expect(answers.length).toBe(200);
    expect(answers.filter((a) => a.code === 0).length).toBe(UPLOADS_PER_HOUR);

    // On disk: exactly the 60 accepted files, no temporary file left, within quota + attached.
    const usage = folderUsage(filesDir);
    expect(usage.partial).toEqual([]);
    expect(usage.files).toBe(UPLOADS_PER_HOUR);
    expect(usage.bytes).toBeLessThanOrEqual(10 * ATTACHMENT_VIDEO_MAX_BYTES + 50 * 1024);
    const rows = await ctx.database.db
      .selectFrom('attachment')
      .select('id')
      .where('uploader_id', '=', ids.flood!)
      .execute();
    expect(rows.length).toBe(UPLOADS_PER_HOUR);

    // The window slides: an hour later the account may upload again.
    time.advance(60 * 60_000 + 1000);
    expect((await upload(tokens.flood!, PNG_1X1, 'later.png')).code).toBe(0);
  }, 120_000);

  test('at most 1 GB an account per 24 hours, attached or not', async () => {
    // 1 GB uploaded (and attached) two hours ago, rows only.
    const id = (await post(app, 'workorderadd', { token: tokens.daily!, ...ticket })).body.data
      .id as number;
    const earlier = new Date(time.clock().getTime() - 2 * 60 * 60_000);
    await history(ids.daily!, [
      { size: UPLOAD_BYTES_PER_DAY / 2, at: earlier, linked: id },
      { size: UPLOAD_BYTES_PER_DAY / 2, at: earlier, linked: id },
    ]);
    const refused = await upload(tokens.daily!, PNG_1X1, 'one-more.png');
    expect(refused).toMatchObject({ status: 429, code: 429 });
    expect(refused.msg).toMatch(
      /^Upload limit reached: at most 1 GB of files per 24 hours\. Please try again in \d+ min\.$/,
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(21 * 60 * 60);
    const zh = await upload(tokens.daily!, PNG_1X1, 'one-more.png', 'zh-CHS');
    expect(zh.msg).toMatch(/^上传总量已达上限：每 24 小时最多上传 1 GB，请 \d+ 分钟后再试。$/);
    time.advance(22 * 60 * 60_000 + 1000);
    expect((await upload(tokens.daily!, PNG_1X1, 'next-day.png')).code).toBe(0);
  });

  test('uploads racing for the last places of the hour: no more than the limit are kept', async () => {
    await history(
      ids.racer!,
      Array.from({ length: UPLOADS_PER_HOUR - 2 }, () => ({ size: 100, at: time.clock() })),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(tokens.racer!, PNG_1X1, `race-${i}.png`)),
    );
    const accepted = results.filter((r) => r.code === 0).length;
    expect(accepted).toBeLessThanOrEqual(2);
    for (const refused of results.filter((r) => r.code !== 0)) {
      expect(refused).toMatchObject({ status: 429, code: 429 });
    }
    const kept = await ctx.database.db
      .selectFrom('attachment')
      .select('id')
      .where('uploader_id', '=', ids.racer!)
      .execute();
    expect(kept.length).toBeLessThanOrEqual(UPLOADS_PER_HOUR);
    expect(folderUsage(filesDir).partial).toEqual([]);
  });

  test('a 60 MB video is refused while it streams: written to a temporary file, never buffered, then deleted', async () => {
    const server = await buildTestApp(ctx.database, {
      clock: time.clock,
      secret,
      files: diskStore(filesDir),
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const before = new Set(fs.readdirSync(filesDir));

    // A tripwire for whole-file buffering: no Buffer.concat may build anything near a file's size.
    const concat = vi.spyOn(Buffer, 'concat');
    // Restored and closed whatever happens: a spy or server left behind would leak into the next run.
    onTestFinished(async () => {
      concat.mockRestore();
      await server.close();
    });
    const head = uploadHead(tokens.streamer!, 'en', 'screen-recording.mp4');
    const total = 60 * MB;
    const chunk = Buffer.alloc(64 * 1024);
    let largestPartial = 0;
    const sent = { bytes: 0 };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/hainiao/workorderupload',
          headers: {
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': String(head.length + MP4_MIN.length + total + UPLOAD_TAIL.length),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (c: Buffer) => (body += c.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      void (async () => {
        request.write(head);
        request.write(MP4_MIN);
        while (sent.bytes < total) {
          if (!request.write(chunk)) await new Promise((r) => request.once('drain', r));
          sent.bytes += chunk.length;
          if (sent.bytes === 40 * MB) {
            // Two thirds sent: the server is already writing the file to disk, chunk by chunk.
            await expect
              .poll(() => {
                const partial = folderUsage(filesDir).partial;
                largestPartial = Math.max(
                  largestPartial,
                  ...partial.map((name) => fs.statSync(path.join(filesDir, name)).size),
                );
                return largestPartial;
              })
              .toBeGreaterThan(20 * MB);
          }
        }
        request.end(UPLOAD_TAIL);
      })().catch(reject);
    });
    const biggestConcat = Math.max(
      0,
      ...concat.mock.results.map((r) => (r.value as Buffer | undefined)?.length ?? 0),
    );
    concat.mockRestore();

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      code: 1,
      msg: 'The file is too large. The maximum size is 50 MB.',
    });
    expect(largestPartial).toBeGreaterThan(20 * MB);
    expect(largestPartial).toBeLessThanOrEqual(ATTACHMENT_VIDEO_MAX_BYTES);
    expect(biggestConcat).toBeLessThan(1 * MB);
    // Nothing is left: no temporary file, no new stored file, no row.
    expect(folderUsage(filesDir).partial).toEqual([]);
    expect(fs.readdirSync(filesDir).filter((name) => !before.has(name))).toEqual([]);
    const rows = await ctx.database.db
      .selectFrom('attachment')
      .select('id')
      .where('uploader_id', '=', ids.streamer!)
      .execute();
    expect(rows).toEqual([]);
  }, 180_000);

  test('the sweep removes unattached uploads older than an hour and keeps attached ones', async () => {
    const attached = (await upload(tokens.sweeper!, PNG_1X1, 'attached.png')).data!.fileid;
    const loose = (await upload(tokens.sweeper!, PNG_1X1, 'loose.png')).data!.fileid;
    const opened = await post(app, 'workorderadd', {
      token: tokens.sweeper!,
      ...ticket,
      attachments: attached,
    });
    expect(opened.body.code).toBe(0);
    // A temporary file a crash left behind two hours ago.
    const crashed = path.join(filesDir, 'crashed.png.part');
    fs.writeFileSync(crashed, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(crashed, twoHoursAgo, twoHoursAgo);

    const storedName = async (id: string) =>
      (
        await ctx.database.db
          .selectFrom('attachment')
          .select('stored_name')
          .where('id', '=', id)
          .executeTakeFirst()
      )?.stored_name;
    const looseFile = path.join(filesDir, (await storedName(loose))!);
    const attachedFile = path.join(filesDir, (await storedName(attached))!);

    // Within the hour nothing goes.
    const service = ticketService({
      database: ctx.database,
      files: diskStore(filesDir),
      mailer: { send: async () => {} },
      secret,
      clock: time.clock,
    });
    time.advance(30 * 60_000);
    expect(await service.sweepUnlinkedUploads()).toBe(0);
    expect(await storedName(loose)).toBeDefined();

    // Past the hour: the periodic sweep (50 ms here, started with a sweep) removes it, file too.
    time.advance(31 * 60_000);
    await service.start({ sweepIntervalMs: 50 });
    expect(await storedName(loose)).toBeUndefined();
    expect(fs.existsSync(looseFile)).toBe(false);
    expect(fs.existsSync(crashed)).toBe(false);
    expect(await storedName(attached)).toBeDefined();
    expect(fs.existsSync(attachedFile)).toBe(true);

    // Later uploads are caught by the timer, without any call.
    const later = (await upload(tokens.sweeper!, PNG_1X1, 'later.png')).data!.fileid;
    time.advance(61 * 60_000);
    await expect.poll(() => storedName(later)).toBeUndefined();
    await service.close();

    // A cloud that starts sweeps at once.
    const last = (await upload(tokens.sweeper!, PNG_1X1, 'last.png')).data!.fileid;
    time.advance(61 * 60_000);
    const restarted = await buildTestApp(ctx.database, {
      clock: time.clock,
      secret,
      files: diskStore(filesDir),
    });
    await restarted.ready();
    await expect.poll(() => storedName(last)).toBeUndefined();
    await restarted.close();
    expect(await storedName(attached)).toBeDefined();
  });

  test(`${STAFF_MAILS_PER_MINUTE + 5} new tickets in a minute send at most ${STAFF_MAILS_PER_MINUTE} mails to staff`, async () => {
    const box = await startMailbox();
    const logLines: string[] = [];
    const cloud = await buildTestApp(ctx.database, {
      clock: time.clock,
      secret,
      files: diskStore(filesDir),
      smtpUrl: box.url,
      siteUrl: 'http://site.test',
      logLevel: 'warn',
      logStream: { write: (line) => void logLines.push(line) },
    });
    let closed = false;
    try {
      const opened: number[] = [];
      for (let i = 0; i < STAFF_MAILS_PER_MINUTE + 5; i++) {
        const res = await post(cloud, 'workorderadd', {
          token: tokens.busy!,
          ...ticket,
          title: `Burst ticket ${i}`,
        });
        expect(res.body.code).toBe(0);
        opened.push(res.body.data.id);
      }
      const staffMail = () => box.received.filter((m) => m.to.includes('agent@example.com'));
      await expect.poll(() => staffMail().length).toBe(STAFF_MAILS_PER_MINUTE);
      // The first N went out one by one; the other five wait for one summary mail a minute on.
      for (const id of opened.slice(0, STAFF_MAILS_PER_MINUTE)) {
        expect(staffMail().some((m) => m.body.includes(`New ticket #${id}:`))).toBe(true);
      }
      // Shutting down before that minute: the notifier says what it still held (the five, as
      // one summary never sent), and no sixth mail went out.
      closed = true;
      await cloud.close();
      const held = logLines
        .map((line) => JSON.parse(line) as { msg?: string; count?: number; notices?: string[] })
        .find((entry) => entry.msg === 'shutting down: coalesced notification mails not sent');
      expect(held?.count).toBe(5);
      expect(held?.notices?.map((line) => line.split(' ')[0])).toEqual(
        opened.slice(STAFF_MAILS_PER_MINUTE).map((id) => `#${id}`),
      );
      expect(box.received.length).toBe(STAFF_MAILS_PER_MINUTE);
    } finally {
      if (!closed) await cloud.close();
      await box.close();
    }
  });
});

describe('bounded notifier', () => {
  // Fake timers: the rule is about time, and a real clock that ticks between two readings (the
  // notifier's and the test's) made the window check flaky under load.
  test('a burst beyond the rate is coalesced into one summary sent when the window frees', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const mails: { subject: string; text: string; at: number }[] = [];
    const notifier = boundedNotifier({
      send: async (mail) => void mails.push({ ...mail, at: Date.now() }),
      perWindow: 3,
      windowMs: 300,
      maxListed: 4,
      summary: (count, lines, more) => ({
        subject: `${count} new`,
        text: [...lines, more ? `and ${more} more` : ''].join('\n'),
      }),
    });
    onTestFinished(() => notifier.close());
    const start = Date.now();
    for (let i = 1; i <= 9; i++) {
      notifier.notify({ subject: `ticket ${i}`, text: `#${i}`, line: `#${i}` });
    }
    expect(mails.map((m) => m.subject)).toEqual(['ticket 1', 'ticket 2', 'ticket 3']);
    expect(notifier.pending).toBe(6);
    // Nothing more while the window is full…
    await vi.advanceTimersByTimeAsync(299);
    expect(mails.length).toBe(3);
    // …and the summary the moment it frees.
    await vi.advanceTimersByTimeAsync(1);
    expect(mails.length).toBe(4);
    expect(mails[3]).toMatchObject({ subject: '6 new', text: '#4\n#5\n#6\n#7\nand 2 more' });
    expect(mails[3]!.at - start).toBe(300);
    expect(notifier.pending).toBe(0);
    // The summary counts against the window: of three more notices two go out, the third waits.
    notifier.notify({ subject: 'ticket 10', text: '#10', line: '#10' });
    notifier.notify({ subject: 'ticket 11', text: '#11', line: '#11' });
    notifier.notify({ subject: 'ticket 12', text: '#12', line: '#12' });
    expect(mails.map((m) => m.subject).slice(4)).toEqual(['ticket 10', 'ticket 11']);
    expect(notifier.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(mails.map((m) => m.subject).slice(6)).toEqual(['1 new']);
    expect(mails[6]!.text).toBe('#12\n');
    // Never more than 3 in any 300 ms.
    for (const mail of mails) {
      const inWindow = mails.filter((m) => m.at >= mail.at && m.at < mail.at + 300);
      expect(inWindow.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('security headers', () => {
  let dist: string;
  const CHAT = 'https://chat.example.com/widget.js?site=hainiao';
  let dir: string;
  let database: CloudDatabase;
  let site: FastifyInstance;

  beforeAll(async () => {
    dist = buildSiteIfStale();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-headers-'));
    database = openDatabase(`sqlite:${path.join(dir, 'cloud.sqlite')}`);
    await migrateToLatest(database);
    await seedTicketTypes(database);
    site = await buildTestApp(database, { webDist: dist, chatScriptUrl: CHAT });
  }, 300_000);
  afterAll(async () => {
    await site?.close();
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every prerendered page of the build, as the path it is served under. */
  function prerenderedPaths(): string[] {
    const reserved = new Set(['200.html', '404.html', 'zh/200.html', 'zh/404.html']);
    const found: string[] = [];
    const walk = (relative: string) => {
      for (const entry of fs.readdirSync(path.join(dist, relative), { withFileTypes: true })) {
        const file = path.posix.join(relative, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.html') && !reserved.has(file)) {
          found.push(
            entry.name === 'index.html' ? `/${relative}`.replace(/\/$/, '') || '/' : `/${file}`,
          );
        }
      }
    };
    walk('');
    return found;
  }
  /** Shell-rendered routes (signed-in screens, sign-in steps) and 404s, in both languages. */
  const dynamicPaths = [
    '/api',
    '/zh/api',
    '/ticket',
    '/zh/ticket',
    '/ticket/add',
    '/ticket/info/12',
    '/zh/ticket/info/12',
    '/staff',
    '/zh/staff/ticket/3',
    '/route?token=x&url=/ticket',
    '/signin',
    '/zh/signup',
    '/no-such-page',
    '/zh/no/such/page',
    '/faq/no-such-article.html',
  ];

  const directives = (csp: string) =>
    new Map(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );

  test('every HTML page carries a CSP whose nonce is on each of its script tags, and the other headers', async () => {
    const paths = [...prerenderedPaths(), ...dynamicPaths];
    expect(paths.length).toBeGreaterThan(90);
    const nonces = new Set<string>();
    for (const url of paths) {
      const res = await site.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = directives(String(res.headers['content-security-policy']));
      const scriptSrc = csp.get('script-src') ?? [];
      const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
      // Every script tag — module entry and hydration data — has exactly this nonce.
      const tags = res.body.match(/<script\b[^>]*>/gi) ?? [];
      expect(tags.length, url).toBeGreaterThan(0);
      for (const tag of tags) expect(tag, url).toContain(`nonce="${nonce}"`);
      expect(scriptSrc, url).toContain("'self'");
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('style-src'), url).toContain("'unsafe-inline'");
      expect(csp.get('connect-src'), url).toEqual(
        expect.arrayContaining(["'self'", 'http://127.0.0.1:*', 'http://localhost:*']),
      );
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      // The chat host is named only where the chat may run, and only there is it handed over.
      const chat = chatAllowedOn(url.split('?')[0]!);
      expect(scriptSrc.includes('https://chat.example.com'), url).toBe(chat);
      expect(res.body.includes('<meta name="hainiao-chat"'), url).toBe(chat);
    }
    // A nonce is never reused.
    expect(nonces.size).toBe(paths.length);
  });

  test('the chat is kept off the console, ticket, staff and sign-in pages in both languages', () => {
    for (const url of ['/', '/zh', '/download', '/zh/faq', '/api/doc', '/zh/api/doc/login', '/x']) {
      expect(chatAllowedOn(url), url).toBe(true);
    }
    for (const url of [
      '/api',
      '/zh/api',
      '/api/',
      '/ticket',
      '/zh/ticket/add',
      '/ticket/info/5',
      '/ticket/whatever/else',
      '/staff',
      '/zh/staff/ticket/9',
      '/route',
      '/signin',
      '/zh/signup',
    ]) {
      expect(chatAllowedOn(url), url).toBe(false);
    }
  });

  test('other answers allow nothing; attachment downloads keep their sandboxing policy', async () => {
    const json = await site.inject({
      method: 'POST',
      url: '/api/hainiao/version',
      payload: 'inweb=1&lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const asset = await site.inject({ method: 'GET', url: '/favicon.svg' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );

    const accounts = accountService(database);
    const owner = await accounts.create({
      account: 'owner',
      email: 'owner@example.com',
      password: 'correct-horse-7',
    });
    const token = (
      await post(site, 'status', { clienttoken: await accounts.issueClientToken(owner.id) })
    ).body.data.user_info.token as string;
    const res = await site.inject({
      method: 'POST',
      url: '/api/hainiao/workorderupload',
      payload: Buffer.concat([uploadHead(token, 'en', 'shot.png'), PNG_1X1, UPLOAD_TAIL]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const link = (res.json() as { data: { filepath: string } }).data.filepath;
    const download = await site.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
    );
  });

  test('HSTS only over HTTPS: not for a forged X-Forwarded-Proto, yes through a trusted proxy', async () => {
    const forged = await site.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp(database, { webDist: dist, trustProxy: 1 });
    try {
      for (const url of ['/', '/api/hainiao/nothing-here']) {
        const res = await proxied.inject({
          method: 'GET',
          url,
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
      const plain = await proxied.inject({ method: 'GET', url: '/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
