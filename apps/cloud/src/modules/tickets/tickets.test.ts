import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { ATTACHMENT_IMAGE_MAX_BYTES } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { EXE, GIF_1X1, JPEG_MIN, MP4_MIN, PNG_1X1, SVG } from '../../test/files.ts';
import { accountService } from '../accounts/service.ts';
import { seedTicketTypes } from './seed.ts';
import { ATTACHMENT_LINK_TTL_MS } from './attachments.ts';

/** A real SMTP server on loopback that keeps what it receives (the mail host is a third party). */
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

describeEachDatabase('support tickets', (ctx) => {
  let app: FastifyInstance;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  const time = testClock();
  const users: Record<string, string> = {};

  beforeAll(async () => {
    mailbox = await startMailbox();
    await seedTicketTypes(ctx.database);
    app = await buildTestApp(ctx.database, {
      clock: time.clock,
      smtpUrl: mailbox.url,
      siteUrl: 'http://site.test',
    });
    const accounts = accountService(ctx.database, time.clock);
    for (const [name, role] of [
      ['customer', 'user'],
      ['other', 'user'],
      ['agent', 'staff'],
    ] as const) {
      const created = await accounts.create({
        account: name,
        email: `${name}@example.com`,
        password: 'correct-horse-7',
        role,
      });
      users[name] = (
        await post(app, 'status', { clienttoken: await accounts.issueClientToken(created.id) })
      ).body.data.user_info.token;
    }
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
  });

  async function upload(
    token: string,
    data: Buffer,
    filename: string,
    contentType = 'application/octet-stream',
  ) {
    const boundary = '----upload';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="inweb"\r\n\r\n1\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nen\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/workorderupload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return res.json() as {
      code: number;
      msg: string;
      data?: { fileid: string; filepath: string; msg: string };
    };
  }

  const ticket = {
    title: 'Proxy check fails',
    typeid: '3',
    content: 'Every SOCKS5 proxy answers code 7 when I check it.',
    email: 'customer@example.com',
    mobile: '13800138000',
    privateinfo: 'proxy: 1.2.3.4:1080 user/pass',
  };

  async function open(token = users.customer!, extra: Record<string, string> = {}) {
    const res = await post(app, 'workorderadd', { token, ...ticket, ...extra });
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data.id as number;
  }

  describe('customer flow', () => {
    test('types come in the request language', async () => {
      const en = await post(app, 'workordertype', { token: users.customer! });
      expect(en.body.data.type[0]).toEqual({ typeid: 1, typename: 'Installation & startup' });
      const zh = await post(app, 'workordertype', { token: users.customer! }, 'zh-CHS');
      expect(zh.body.data.type[0].typename).toBe('安装与启动');
    });

    test('a ticket with a screenshot: open, staff reply, owner reply, resolve, close', async () => {
      const shot = await upload(users.customer!, PNG_1X1, 'screenshot.png', 'image/png');
      expect(shot).toMatchObject({
        code: 0,
        data: { fileid: expect.any(String), msg: 'File uploaded' },
      });
      const id = await open(users.customer!, { attachments: shot.data!.fileid });
      let detail = (await post(app, 'workorderdetail', { token: users.customer!, id: String(id) }))
        .body.data;
      expect(detail).toMatchObject({
        id,
        title: ticket.title,
        status: 0,
        type: 'Proxies & IP',
        username: 'customer',
        email: ticket.email,
        mobile: ticket.mobile,
        reply: [],
      });
      expect(detail.attach).toEqual([
        {
          fileid: shot.data!.fileid,
          filepath: expect.stringMatching(/^\/api\/hainiao\/attachment\//),
          name: 'screenshot.png',
        },
      ]);
      const file = await app.inject({ method: 'GET', url: detail.attach[0].filepath });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(/filename\*=UTF-8''screenshot\.png/);
      expect(file.rawPayload.equals(PNG_1X1)).toBe(true);

      // Staff see it in the queue and answer as support; the owner is mailed.
      const queue = await post(app, 'staff/workorderlist', { token: users.agent!, status: '0' });
      expect(queue.body.data.list.map((t: { id: number }) => t.id)).toContain(id);
      const staffReply = await post(app, 'workorderreply', {
        token: users.agent!,
        id: String(id),
        content: 'Please check that port 1080 is open.',
      });
      expect(staffReply.body).toMatchObject({ code: 0, msg: 'Reply sent' });
      detail = (await post(app, 'workorderdetail', { token: users.customer!, id: String(id) })).body
        .data;
      expect(detail.status).toBe(1);
      expect(detail.reply[0]).toMatchObject({
        username: 'agent[admin]',
        isadmin: 1,
        content: 'Please check that port 1080 is open.',
      });
      await expect
        .poll(() => mailbox.received.find((m) => m.to.includes('customer@example.com')))
        .toBeTruthy();

      // Owner replies → pending again; then resolves, which only works from 0/1; then closes.
      const gif = await upload(users.customer!, GIF_1X1, 'anim.gif');
      await post(app, 'workorderreply', {
        token: users.customer!,
        id: String(id),
        content: 'It was the firewall, thanks!',
        attachments: gif.data!.fileid,
      });
      detail = (await post(app, 'workorderdetail', { token: users.customer!, id: String(id) })).body
        .data;
      expect(detail.status).toBe(0);
      expect(detail.reply[1]).toMatchObject({
        username: 'customer',
        isadmin: 0,
        attach: [{ name: 'anim.gif' }],
      });
      expect(
        (
          await post(app, 'workorderstatus', {
            token: users.customer!,
            id: String(id),
            status: '2',
          })
        ).body,
      ).toMatchObject({ code: 0, msg: 'Ticket status updated' });
      expect(
        (
          await post(app, 'workorderstatus', {
            token: users.customer!,
            id: String(id),
            status: '2',
          })
        ).body.code,
      ).toBe(2);
      // A reply on a resolved ticket reopens it.
      await post(app, 'workorderreply', {
        token: users.customer!,
        id: String(id),
        content: 'Sorry, it is back again today.',
      });
      expect(
        (await post(app, 'workorderdetail', { token: users.customer!, id: String(id) })).body.data
          .status,
      ).toBe(0);
      expect(
        (
          await post(app, 'workorderstatus', {
            token: users.customer!,
            id: String(id),
            status: '3',
          })
        ).body,
      ).toMatchObject({ code: 0, msg: 'Ticket closed' });
      const afterClose = await post(app, 'workorderreply', {
        token: users.customer!,
        id: String(id),
        content: 'One more thing to add here.',
      });
      expect(afterClose.body).toEqual({
        code: 2,
        msg: 'This ticket is closed and takes no more replies',
      });
      expect(
        (await post(app, 'workorderstatus', { token: users.agent!, id: String(id), status: '3' }))
          .body.code,
      ).toBe(2);
    });

    test('a new ticket mails staff', async () => {
      const id = await open(users.customer!, { title: 'Mail staff please' });
      await expect
        .poll(() =>
          mailbox.received.find(
            (m) => m.to.includes('agent@example.com') && m.body.includes(`#${id}`),
          ),
        )
        .toBeTruthy();
    });

    test('every change records update_time; the list is newest update first, filtered by type, paged', async () => {
      const first = await open(users.other!, { typeid: '1' });
      time.advance(60_000);
      const second = await open(users.other!, { typeid: '2' });
      time.advance(60_000);
      await post(app, 'workorderreply', {
        token: users.other!,
        id: String(first),
        content: 'Bumping this ticket up.',
      });
      const list = (
        await post(app, 'workorderlist', { token: users.other!, typeid: '0', page: '1' })
      ).body.data;
      expect(list.list.map((t: { id: number }) => t.id)).toEqual([first, second]);
      expect(list.count).toBe(2);
      expect(list.list[0].update_time > list.list[0].add_time).toBe(true);
      expect(
        (await post(app, 'workorderlist', { token: users.other!, typeid: '2' })).body.data.list.map(
          (t: { id: number }) => t.id,
        ),
      ).toEqual([second]);
      expect(
        (await post(app, 'workorderlist', { token: users.other!, page: '2', page_size: '10' })).body
          .data.list,
      ).toEqual([]);
      expect(
        (await post(app, 'workorderlist', { token: users.other!, page_size: '7' })).body.code,
      ).toBe(1);
    });
  });

  describe('validation of the ticket forms, server side, in the request language', () => {
    test.each([
      [{ title: 'ab' }, 'Title must be 3 to 200 characters'],
      [{ title: 'x'.repeat(201) }, 'Title must be 3 to 200 characters'],
      [{ content: 'too short' }, 'Content must be 10 to 2000 characters'],
      [{ content: 'x'.repeat(2001) }, 'Content must be 10 to 2000 characters'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ mobile: '1234' }, 'Phone number must be 5 to 20 digits, digits only'],
      [{ mobile: '12a456' }, 'Phone number must be 5 to 20 digits, digits only'],
      [{ typeid: '' }, 'Please select a ticket type'],
      [{ typeid: '999' }, 'This ticket type does not exist'],
      [{ attachments: 'a,b,c,d,e,f' }, 'You can attach at most 5 files'],
    ])('%o → %s', async (change, message) => {
      const res = await post(app, 'workorderadd', { token: users.customer!, ...ticket, ...change });
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg).toBe(message);
    });

    test('messages in Chinese when asked', async () => {
      const res = await post(
        app,
        'workorderadd',
        { token: users.customer!, ...ticket, title: 'ab' },
        'zh-CHS',
      );
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    });

    test('a reply needs at least 10 characters; nothing is written on failure', async () => {
      const id = await open();
      const res = await post(app, 'workorderreply', {
        token: users.customer!,
        id: String(id),
        content: 'short',
      });
      expect(res.body.msg).toBe('Your reply must be at least 10 characters');
      const rows = await ctx.database.db
        .selectFrom('ticket_reply')
        .select('id')
        .where('ticket_id', '=', id)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('attachments', () => {
    test('jpg, png, gif and mp4 are recognised by content', async () => {
      for (const [data, name] of [
        [JPEG_MIN, 'a.jpeg'],
        [PNG_1X1, 'b.png'],
        [GIF_1X1, 'c.gif'],
        [MP4_MIN, 'd.mp4'],
      ] as const) {
        const res = await upload(users.customer!, data, name);
        expect(res.code, `${name}: ${res.msg}`).toBe(0);
      }
    });

    test('a renamed executable, an SVG and an empty upload are refused, and nothing is stored', async () => {
      const before = await ctx.database.db.selectFrom('attachment').select('id').execute();
      expect((await upload(users.customer!, EXE, 'photo.png', 'image/png')).msg).toBe(
        'Only these file types are allowed: jpg, jpeg, png, gif, mp4',
      );
      expect((await upload(users.customer!, SVG, 'logo.svg', 'image/svg+xml')).code).toBe(1);
      expect((await upload(users.customer!, Buffer.alloc(0), 'empty.png')).msg).toBe(
        'Please choose a file to upload',
      );
      expect((await upload('st_forged', PNG_1X1, 'x.png')).code).toBe(401);
      const after = await ctx.database.db.selectFrom('attachment').select('id').execute();
      expect(after.length).toBe(before.length);
    });

    test('an oversize image is refused', async () => {
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(ATTACHMENT_IMAGE_MAX_BYTES)]);
      const res = await upload(users.customer!, big, 'big.png');
      expect(res).toEqual({ code: 1, msg: 'The file is too large. The maximum size is 10 MB.' });
    });

    test('a sixth attachment is refused; an upload links once and only for its uploader', async () => {
      const ids = [];
      for (let i = 0; i < 6; i++)
        ids.push((await upload(users.customer!, PNG_1X1, `${i}.png`)).data!.fileid);
      expect(
        (
          await post(app, 'workorderadd', {
            token: users.customer!,
            ...ticket,
            attachments: ids.join(','),
          })
        ).body.msg,
      ).toBe('You can attach at most 5 files');
      const used = await open(users.customer!, { attachments: ids[0]! });
      expect(used).toBeGreaterThan(0);
      const again = await post(app, 'workorderadd', {
        token: users.customer!,
        ...ticket,
        attachments: ids[0]!,
      });
      expect(again.body.code).toBe(403);
      const stolen = await post(app, 'workorderadd', {
        token: users.other!,
        ...ticket,
        title: 'Stolen upload',
        attachments: ids[1]!,
      });
      expect(stolen.body).toEqual({
        code: 403,
        msg: 'An attachment is not yours or is already used; please upload it again',
      });
      // The refused ticket was not written.
      const count = await ctx.database.db
        .selectFrom('ticket')
        .select('id')
        .where('title', '=', 'Stolen upload')
        .execute();
      expect(count.length).toBe(0);
    });

    test('links are signed and expire', async () => {
      const id = await open(users.customer!, {
        attachments: (await upload(users.customer!, PNG_1X1, 's.png')).data!.fileid,
      });
      const link = (await post(app, 'workorderdetail', { token: users.customer!, id: String(id) }))
        .body.data.attach[0].filepath as string;
      const forged = link.replace(/sig=[^&]+/, 'sig=AAAA');
      expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
      time.advance(ATTACHMENT_LINK_TTL_MS + 1000);
      expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    });
  });

  describe('who can see what', () => {
    test("another account's ticket, reply and status change are refused", async () => {
      const id = String(await open(users.customer!));
      for (const [call, extra] of [
        ['workorderdetail', {}],
        ['workorderreply', { content: 'I am not the owner here.' }],
        ['workorderstatus', { status: '3' }],
      ] as const) {
        const res = await post(app, call, { token: users.other!, id, ...extra });
        expect(res.body).toEqual({ code: 404, msg: 'Ticket not found' });
      }
      expect(
        (await post(app, 'workorderlist', { token: users.other! })).body.data.list.map(
          (t: { id: number }) => String(t.id),
        ),
      ).not.toContain(id);
      // Staff reach it, with the owner's contact and private info.
      const staffView = (await post(app, 'workorderdetail', { token: users.agent!, id })).body.data;
      expect(staffView).toMatchObject({
        email: ticket.email,
        mobile: ticket.mobile,
        privateinfo: ticket.privateinfo,
      });
    });

    test('staff calls give non-staff tokens nothing', async () => {
      for (const call of ['staff/workorderlist', 'staff/typelist']) {
        expect((await post(app, call, { token: users.customer! })).body).toEqual({
          code: 403,
          msg: 'You do not have access to this',
        });
      }
      expect(
        (await post(app, 'staff/typesave', { token: users.customer!, name_en: 'X', name_zh: '某' }))
          .body.code,
      ).toBe(403);
    });

    test('script in titles and file names is stored as text, never as markup', async () => {
      const evil = '<img src=x onerror=alert(1)>';
      const file = await upload(users.customer!, PNG_1X1, `${evil}.png`);
      const id = await open(users.customer!, {
        title: `Hi ${evil}`,
        attachments: file.data!.fileid,
      });
      const detail = (
        await post(app, 'workorderdetail', { token: users.customer!, id: String(id) })
      ).body.data;
      expect(detail.title).toBe(`Hi ${evil}`);
      const download = await app.inject({ method: 'GET', url: detail.attach[0].filepath });
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['content-security-policy']).toContain('sandbox');
    });
  });

  describe('staff console', () => {
    test('the queue filters by status, type and text, newest update first', async () => {
      const a = await open(users.other!, { title: 'Canvas fingerprint question', typeid: '2' });
      time.advance(1000);
      const b = await open(users.other!, { title: 'Team seats question', typeid: '5' });
      const byText = (await post(app, 'staff/workorderlist', { token: users.agent!, q: 'canvas' }))
        .body.data;
      expect(byText.list.map((t: { id: number }) => t.id)).toEqual([a]);
      expect(byText.list[0]).toMatchObject({
        username: 'other',
        email: ticket.email,
        type: 'Environments & fingerprints',
      });
      const byType = (await post(app, 'staff/workorderlist', { token: users.agent!, typeid: '5' }))
        .body.data;
      expect(byType.list.map((t: { id: number }) => t.id)).toEqual([b]);
      const all = (
        await post(app, 'staff/workorderlist', { token: users.agent!, page_size: '100' })
      ).body.data.list;
      const times = all.map((t: { update_time: string }) => t.update_time);
      expect([...times].sort().reverse()).toEqual(times);
      expect(
        (await post(app, 'staff/workorderlist', { token: users.agent!, q: '100%_' })).body.data
          .list,
      ).toEqual([]);
    });

    test('ticket types: create, rename, retire a used one, delete an unused one', async () => {
      const created = await post(app, 'staff/typesave', {
        token: users.agent!,
        name_en: 'Refunds',
        name_zh: '退款',
        sort: '80',
      });
      expect(created.body).toMatchObject({ code: 0, msg: 'Ticket type saved' });
      const typeid = String(created.body.data.typeid);
      await post(app, 'staff/typesave', {
        token: users.agent!,
        typeid,
        name_en: 'Billing questions',
        name_zh: '账单问题',
        sort: '80',
      });
      const types = (await post(app, 'workordertype', { token: users.customer! })).body.data.type;
      expect(types.at(-1)).toEqual({ typeid: Number(typeid), typename: 'Billing questions' });
      const id = await open(users.customer!, { typeid });
      const retired = await post(app, 'staff/typedelete', { token: users.agent!, typeid });
      expect(retired.body).toMatchObject({ code: 0, data: { outcome: 'retired' } });
      expect(
        (await post(app, 'workordertype', { token: users.customer! })).body.data.type.map(
          (t: { typeid: number }) => t.typeid,
        ),
      ).not.toContain(Number(typeid));
      expect(
        (await post(app, 'workorderdetail', { token: users.customer!, id: String(id) })).body.data
          .type,
      ).toBe('Billing questions');
      const spare = (
        await post(app, 'staff/typesave', {
          token: users.agent!,
          name_en: 'Spare',
          name_zh: '备用',
        })
      ).body.data.typeid;
      expect(
        (await post(app, 'staff/typedelete', { token: users.agent!, typeid: String(spare) })).body
          .data.outcome,
      ).toBe('deleted');
    });
  });
});
