import {
  ADMIN_MARKER,
  ATTACHMENTS_MAX,
  canCloseTicket,
  canReplyTicket,
  canResolveTicket,
  isAdminUsername,
  parseAttachmentIds,
  siteMessages,
  TICKET_PAGE_SIZE_DEFAULT,
  TicketStatus,
  type Lang,
} from '@hainiao/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CloudDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { boundedNotifier, STAFF_MAILS_PER_MINUTE } from '../../notify/bounded.ts';
import type { Mailer } from '../../notify/mailer.ts';
import { diskWriteFault, type FileStore, type ReceivedFile } from '../../storage/files.ts';
import type { Account, Clock } from '../accounts/service.ts';
import { CloudFailure, StorageFaultError } from '../domain-errors.ts';
import {
  capped,
  cleanFileName,
  detectAttachment,
  maxBytesFor,
  newFileId,
  peek,
  signedLink,
  TooLargeError,
  verifyLink,
} from './attachments.ts';
import {
  DAY_MS,
  HOUR_MS,
  inProgressCounter,
  UNLINKED_UPLOAD_MAX_AGE_MS,
  UNLINKED_UPLOAD_QUOTA_BYTES,
  UPLOAD_BYTES_PER_DAY,
  UPLOAD_SWEEP_INTERVAL_MS,
  UploadLimitError,
  UPLOADS_PER_HOUR,
} from './upload-limits.ts';

const isStaff = (account: Account) => account.role === 'staff';
const STAFF_MAIL_RATE_TEXT = `${STAFF_MAILS_PER_MINUTE} mails a minute`;
const notFound = () => new CloudFailure('NOT_FOUND', siteMessages.ticket.notFound);

export interface TicketQuery {
  /** Only this account's tickets; all when undefined (staff). */
  ownerId?: number | undefined;
  status?: number | undefined;
  typeid?: number | undefined;
  q?: string | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

export interface TicketDeps {
  database: CloudDatabase;
  files: FileStore;
  mailer: Mailer;
  /** The link-signing key (CloudKeys.signing): never the encryption key. */
  secret: Buffer;
  clock?: Clock;
  /** Where links in notification mails point. */
  siteUrl?: string;
}

export function ticketService({
  database,
  files,
  mailer,
  secret,
  clock = () => new Date(),
  siteUrl = '',
}: TicketDeps) {
  const { db } = database;
  const now = () => clock().toISOString();
  let log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;
  const uploading = inProgressCounter();

  // New-ticket mails to staff go out at a bounded rate; a burst is coalesced into one summary.
  const staffNotices = boundedNotifier({
    send: async (mail) => mailer.send({ to: await staffEmails(), ...mail }),
    summary: (count, lines, more) => ({
      subject: `[Hainiao] ${count} new tickets`,
      text: [
        `${count} new tickets were opened (notifications are grouped above ${STAFF_MAIL_RATE_TEXT}):`,
        '',
        ...lines,
        ...(more > 0 ? [`… and ${more} more`] : []),
        '',
        `${siteUrl}/staff`,
      ].join('\n'),
    }),
    log: {
      info: (details, message) => log?.info(details, message),
      warn: (details, message) => log?.warn(details, message),
    },
  });

  /** The one place tickets are scoped: owners reach their own, staff reach all, others nothing. */
  async function reachable(account: Account, id: number) {
    let query = db.selectFrom('ticket').selectAll().where('id', '=', id);
    if (!isStaff(account)) query = query.where('account_id', '=', account.id);
    const ticket = await query.executeTakeFirst();
    if (!ticket) throw notFound();
    return ticket;
  }

  function typeName(row: { name_en: string | null; name_zh: string | null }, lang: Lang): string {
    return (lang === 'zh' ? row.name_zh : row.name_en) ?? '';
  }

  /** Links the caller's own, still unlinked uploads to a ticket or a reply, all or none. */
  async function link(
    trx: Transaction<Database> | Kysely<Database>,
    account: Account,
    ids: string[],
    target: { ticket_id: number; reply_id: number | null },
  ) {
    if (ids.length === 0) return;
    if (ids.length > ATTACHMENTS_MAX || new Set(ids).size !== ids.length) {
      throw new CloudFailure('INVALID_PARAMETER', siteMessages.validation.attachmentsTooMany);
    }
    const linked = await trx
      .updateTable('attachment')
      .set(target)
      .where('id', 'in', ids)
      .where('uploader_id', '=', account.id)
      .where('ticket_id', 'is', null)
      .where('reply_id', 'is', null)
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) !== ids.length) {
      throw new CloudFailure('FORBIDDEN', siteMessages.ticket.attachmentRefused);
    }
  }

  async function attachmentsOf(where: { ticket: number } | { replies: number[] }) {
    if ('replies' in where && where.replies.length === 0) return [];
    let query = db
      .selectFrom('attachment')
      .select(['id', 'name', 'reply_id', 'ticket_id'])
      .orderBy('created_at');
    query =
      'ticket' in where
        ? query.where('ticket_id', '=', where.ticket).where('reply_id', 'is', null)
        : query.where('reply_id', 'in', where.replies);
    const rows = await query.execute();
    const at = clock();
    return rows.map((row) => ({
      fileid: row.id,
      filepath: signedLink(secret, row.id, at),
      name: row.name,
      reply_id: row.reply_id,
    }));
  }

  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;

  const tooLarge = (max: number) => {
    const message = siteMessages.validation.attachmentTooLarge;
    const size = `${Math.round(max / 1024 / 1024)} MB`;
    return new CloudFailure('INVALID_PARAMETER', message, { max: size });
  };
  /**
   * A files folder that is full or read-only is the server's trouble, answered as a server error
   * (HTTP 507 or 503, http/errors.ts) with a message that says so, and logged for the operator;
   * the store has already removed the partial file. Any other failure goes on unchanged.
   */
  const storeFailure = (error: unknown) => {
    const fault = diskWriteFault(error);
    if (!fault) return error;
    log?.error(
      { err: error },
      `attachment store: ${fault === 'full' ? 'disk full' : 'not writable'}`,
    );
    const message =
      fault === 'full' ? siteMessages.ticket.storageFull : siteMessages.ticket.storageUnwritable;
    return new StorageFaultError(fault, message);
  };
  const secondsUntil = (iso: string | undefined, window: number) =>
    iso ? Math.max(1, Math.ceil((Date.parse(iso) + window - clock().getTime()) / 1000)) : 60;

  /**
   * Refuses (UploadLimitError) when the account is at one of its upload limits. Before an upload
   * `written` is 0 and the account must have room for one more; after it (its row written)
   * `written` is 1 and the counts, this upload included, must not exceed the limits.
   */
  async function assertUploadAllowed(accountId: number, written: 0 | 1) {
    const at = clock().getTime();
    const hourAgo = new Date(at - HOUR_MS).toISOString();
    const dayAgo = new Date(at - DAY_MS).toISOString();
    const mine = db.selectFrom('attachment').where('uploader_id', '=', accountId);
    const [hour, day, unlinked] = await Promise.all([
      mine
        .where('created_at', '>', hourAgo)
        .select((eb) => [
          eb.fn.countAll<string | number>().as('n'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .executeTakeFirstOrThrow(),
      mine
        .where('created_at', '>', dayAgo)
        .select((eb) => [
          eb.fn.sum<string | number | null>('size').as('bytes'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .executeTakeFirstOrThrow(),
      mine
        .where('ticket_id', 'is', null)
        .where('reply_id', 'is', null)
        .select((eb) => [
          eb.fn.sum<string | number | null>('size').as('bytes'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    // Before: room for one more (count below the limit, bytes below the cap); after: within them.
    const over = (value: number, limit: number) => (written ? value > limit : value >= limit);
    if (over(Number(hour.n), UPLOADS_PER_HOUR)) {
      throw new UploadLimitError('perHour', secondsUntil(hour.oldest ?? undefined, HOUR_MS));
    }
    if (over(Number(day.bytes ?? 0), UPLOAD_BYTES_PER_DAY)) {
      throw new UploadLimitError('perDay', secondsUntil(day.oldest ?? undefined, DAY_MS));
    }
    if (over(Number(unlinked.bytes ?? 0), UNLINKED_UPLOAD_QUOTA_BYTES)) {
      throw new UploadLimitError(
        'unlinkedQuota',
        secondsUntil(
          unlinked.oldest ?? undefined,
          UNLINKED_UPLOAD_MAX_AGE_MS + UPLOAD_SWEEP_INTERVAL_MS,
        ),
      );
    }
  }

  /**
   * Removes uploads never attached to a ticket or reply once they are older than an hour (rows
   * and files), and temporary files a crash left behind. Resolves with how many were removed.
   */
  async function sweepUnlinkedUploads(): Promise<number> {
    const before = new Date(clock().getTime() - UNLINKED_UPLOAD_MAX_AGE_MS).toISOString();
    let removed = 0;
    for (;;) {
      const batch = await db
        .selectFrom('attachment')
        .select('id')
        .where('ticket_id', 'is', null)
        .where('reply_id', 'is', null)
        .where('created_at', '<', before)
        .limit(500)
        .execute();
      if (batch.length === 0) break;
      // Still unattached at the moment of the delete: an upload linked meanwhile is kept.
      const gone = await db
        .deleteFrom('attachment')
        .where(
          'id',
          'in',
          batch.map((row) => row.id),
        )
        .where('ticket_id', 'is', null)
        .where('reply_id', 'is', null)
        .returning('stored_name')
        .execute();
      for (const row of gone) await files.remove(row.stored_name);
      removed += gone.length;
      if (batch.length < 500) break;
    }
    await files.removeStale(UNLINKED_UPLOAD_MAX_AGE_MS);
    return removed;
  }

  async function staffEmails(): Promise<string[]> {
    const rows = await db
      .selectFrom('account')
      .select('email')
      .where('role', '=', 'staff')
      .execute();
    return rows.map((row) => row.email);
  }

  /** One page of tickets, most recently updated first, with the owner and the type's name. */
  async function listTickets(query: TicketQuery, lang: Lang) {
    let base = db
      .selectFrom('ticket')
      .innerJoin('account', 'account.id', 'ticket.account_id')
      .leftJoin('ticket_type', 'ticket_type.id', 'ticket.typeid');
    if (query.ownerId !== undefined) base = base.where('ticket.account_id', '=', query.ownerId);
    if (query.status !== undefined) base = base.where('ticket.status', '=', query.status);
    if (query.typeid) base = base.where('ticket.typeid', '=', query.typeid);
    if (query.q) {
      // Case-insensitive on both databases; % and _ typed by staff match themselves.
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const asId = /^\d+$/.test(query.q) ? Number(query.q) : -1;
      const contains = (column: string) =>
        sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`;
      base = base.where((eb) =>
        eb.or([
          eb('ticket.id', '=', asId),
          contains('ticket.title'),
          contains('ticket.content'),
          contains('ticket.email'),
          contains('account.account'),
        ]),
      );
    }
    const size = query.page_size ?? TICKET_PAGE_SIZE_DEFAULT;
    const page = query.page ?? 1;
    const [rows, total] = await Promise.all([
      base
        .select([
          'ticket.id',
          'ticket.title',
          'ticket.typeid',
          'ticket.status',
          'ticket.add_time',
          'ticket.update_time',
          'ticket.email',
          'account.account as username',
          'ticket_type.name_en',
          'ticket_type.name_zh',
        ])
        .orderBy('ticket.update_time', 'desc')
        .orderBy('ticket.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map(({ name_en, name_zh, ...row }) => ({
        ...row,
        type: typeName({ name_en, name_zh }, lang),
      })),
      count: Number(total.n),
    };
  }

  return {
    async types(lang: Lang) {
      const rows = await db
        .selectFrom('ticket_type')
        .selectAll()
        .where('active', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return { type: rows.map((row) => ({ typeid: row.id, typename: typeName(row, lang) })) };
    },

    /** The customer's list: their own tickets (staff: all), optionally of one type. */
    async list(
      account: Account,
      query: {
        typeid?: number | undefined;
        page?: number | undefined;
        page_size?: number | undefined;
      },
      lang: Lang,
    ) {
      return listTickets({ ...query, ownerId: isStaff(account) ? undefined : account.id }, lang);
    },

    async detail(account: Account, id: number, lang: Lang) {
      const ticket = await reachable(account, id);
      const [owner, type, replies, attach] = await Promise.all([
        db
          .selectFrom('account')
          .select(['account', 'email'])
          .where('id', '=', ticket.account_id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('ticket_type')
          .select(['name_en', 'name_zh'])
          .where('id', '=', ticket.typeid)
          .executeTakeFirst(),
        db
          .selectFrom('ticket_reply')
          .selectAll()
          .where('ticket_id', '=', id)
          .orderBy('add_time')
          .orderBy('id')
          .execute(),
        attachmentsOf({ ticket: id }),
      ]);
      const replyAttach = await attachmentsOf({ replies: replies.map((r) => r.id) });
      const strip = ({
        fileid,
        filepath,
        name,
      }: {
        fileid: string;
        filepath: string;
        name: string;
      }) => ({ fileid, filepath, name });
      return {
        id: ticket.id,
        title: ticket.title,
        typeid: ticket.typeid,
        type: type ? typeName(type, lang) : '',
        content: ticket.content,
        status: ticket.status,
        add_time: ticket.add_time,
        update_time: ticket.update_time,
        username: owner.account,
        email: ticket.email,
        mobile: ticket.mobile,
        privateinfo: ticket.privateinfo,
        attach: attach.map(strip),
        reply: replies.map((reply) => ({
          username: reply.username,
          content: reply.content,
          add_time: reply.add_time,
          isadmin: isAdminUsername(reply.username) ? (1 as const) : (0 as const),
          // Private info of a reply is for staff and the ticket's owner only, which is who gets here.
          privateinfo: reply.privateinfo,
          attach: replyAttach.filter((a) => a.reply_id === reply.id).map(strip),
        })),
      };
    },

    async add(
      account: Account,
      fields: {
        title: string;
        typeid: number;
        content: string;
        email: string;
        mobile?: string | undefined;
        privateinfo?: string | undefined;
        attachments?: string | undefined;
      },
    ) {
      const type = await db
        .selectFrom('ticket_type')
        .select('id')
        .where('id', '=', fields.typeid)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!type) throw new CloudFailure('INVALID_PARAMETER', siteMessages.ticket.typeNotFound);
      const time = now();
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ticket')
          .values({
            account_id: account.id,
            title: fields.title,
            typeid: fields.typeid,
            content: fields.content,
            status: TicketStatus.PENDING,
            email: fields.email,
            mobile: fields.mobile ?? '',
            privateinfo: fields.privateinfo ?? '',
            add_time: time,
            update_time: time,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await link(trx, account, parseAttachmentIds(fields.attachments), {
          ticket_id: row.id,
          reply_id: null,
        });
        return row.id;
      });
      staffNotices.notify({
        subject: `[Hainiao] New ticket #${id}: ${fields.title}`,
        text: `${account.account} <${fields.email}> opened ticket #${id}.\n\n${fields.title}\n\n${fields.content}\n\n${siteUrl}/staff/ticket/${id}`,
        line: `#${id} ${fields.title} — ${account.account} <${fields.email}> ${siteUrl}/staff/ticket/${id}`,
      });
      return { id };
    },

    async reply(
      account: Account,
      id: number,
      fields: {
        content: string;
        privateinfo?: string | undefined;
        attachments?: string | undefined;
      },
    ) {
      const ticket = await reachable(account, id);
      if (!canReplyTicket(ticket.status))
        throw new CloudFailure('CONFLICT', siteMessages.ticket.closedNoReply);
      const staff = isStaff(account);
      const time = now();
      await db.transaction().execute(async (trx) => {
        const reply = await trx
          .insertInto('ticket_reply')
          .values({
            ticket_id: id,
            account_id: account.id,
            username: staff ? `${account.account}${ADMIN_MARKER}` : account.account,
            content: fields.content,
            privateinfo: fields.privateinfo ?? '',
            add_time: time,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await link(trx, account, parseAttachmentIds(fields.attachments), {
          ticket_id: id,
          reply_id: reply.id,
        });
        // Staff reply → in progress; the owner's reply (also on a resolved ticket) → pending reply.
        const status =
          staff && account.id !== ticket.account_id
            ? TicketStatus.IN_PROGRESS
            : TicketStatus.PENDING;
        // Conditional on "not closed", so a close racing this reply wins cleanly.
        const updated = await trx
          .updateTable('ticket')
          .set({ status, update_time: time })
          .where('id', '=', id)
          .where('status', '!=', TicketStatus.CLOSED)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          throw new CloudFailure('CONFLICT', siteMessages.ticket.closedNoReply);
      });
      if (staff && account.id !== ticket.account_id) {
        void mailer.send({
          to: [ticket.email],
          subject: `[Hainiao] Support replied to your ticket #${id}: ${ticket.title}`,
          text: `${fields.content}\n\n${siteUrl}/ticket/info/${id}`,
        });
      }
      return { id };
    },

    async setStatus(account: Account, id: number, status: 2 | 3) {
      const ticket = await reachable(account, id);
      const allowed =
        status === TicketStatus.RESOLVED
          ? canResolveTicket(ticket.status)
          : canCloseTicket(ticket.status);
      if (!allowed) {
        throw new CloudFailure(
          'CONFLICT',
          status === TicketStatus.RESOLVED
            ? siteMessages.ticket.cannotResolve
            : siteMessages.ticket.alreadyClosed,
        );
      }
      const from =
        status === TicketStatus.RESOLVED
          ? [TicketStatus.PENDING, TicketStatus.IN_PROGRESS]
          : [0, 1, 2];
      const updated = await db
        .updateTable('ticket')
        .set({ status, update_time: now() })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1)
        throw new CloudFailure('CONFLICT', siteMessages.ticket.statusFailed);
      return { id, status };
    },

    /**
     * Takes one upload from its stream: the account's limits first (nothing is read before), then
     * the type from the first bytes, then the rest streamed to a temporary file of the store with
     * the type's size cap enforced as it arrives. A refused or failed upload leaves no file and no
     * row. The caller drains whatever of the stream is left.
     */
    async upload(
      account: Account,
      file: { filename: string | undefined; stream: Readable; truncated?: () => boolean },
    ) {
      const release = uploading.acquire(account.id);
      let received: ReceivedFile | undefined;
      let id: string | undefined;
      try {
        await assertUploadAllowed(account.id, 0);
        const { head, rest } = await peek(file.stream);
        if (head.length === 0)
          throw new CloudFailure('INVALID_PARAMETER', siteMessages.ticket.noFile);
        const type = await detectAttachment(head);
        if (!type)
          throw new CloudFailure('INVALID_PARAMETER', siteMessages.validation.attachmentType);
        const max = maxBytesFor(type.mime);
        id = newFileId();
        const stored = `${id}.${type.ext}`;
        try {
          received = await files.receive(stored, capped(head, rest, max, file.truncated));
        } catch (error) {
          if (error instanceof TooLargeError) throw tooLarge(error.max);
          throw error;
        }
        await db
          .insertInto('attachment')
          .values({
            id,
            uploader_id: account.id,
            ticket_id: null,
            reply_id: null,
            name: cleanFileName(file.filename, type.ext),
            stored_name: stored,
            mime: type.mime,
            size: received.size,
            created_at: now(),
          })
          .execute();
        // Counted again with this upload's row written: of uploads racing for the last places,
        // each sees at least all rows written before its own, so no more than the limits remain.
        await assertUploadAllowed(account.id, 1);
        await received.commit();
        return { fileid: id, filepath: signedLink(secret, id, clock()) };
      } catch (error) {
        if (received) {
          await received.discard();
          if (id) await db.deleteFrom('attachment').where('id', '=', id).execute();
        }
        throw storeFailure(error);
      } finally {
        release();
      }
    },

    sweepUnlinkedUploads,

    /**
     * Starts the background work: the sweep of unattached uploads, now and every `sweepIntervalMs`
     * (an `unref()`'d timer, so it never keeps the process alive; a sweep still running when the
     * next is due is not doubled). Resolves when the first sweep has run.
     */
    start(options: { log?: FastifyBaseLogger; sweepIntervalMs?: number } = {}): Promise<void> {
      log = options.log ?? log;
      const sweep = () =>
        (sweeping ??= sweepUnlinkedUploads()
          .then((removed) => {
            if (removed > 0)
              log?.info({ removed }, 'removed unattached uploads older than an hour');
          })
          .catch((error: unknown) => {
            log?.error({ err: error }, 'sweep of unattached uploads failed');
          })
          .finally(() => {
            sweeping = undefined;
          }));
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = setInterval(
        () => void sweep(),
        options.sweepIntervalMs ?? UPLOAD_SWEEP_INTERVAL_MS,
      );
      sweepTimer.unref();
      return sweep();
    },

    /**
     * Stops the sweep (waiting for one under way, so the database is not closed beneath it) and
     * the mail queue (a pending summary mail is logged, not sent).
     */
    async close() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
      staffNotices.close();
      await sweeping;
    },

    /** The file behind a signed link, or null when the link is forged or expired. */
    async download(fileId: string, expires: string, sig: string) {
      if (!verifyLink(secret, fileId, expires, sig, clock())) return null;
      const row = await db
        .selectFrom('attachment')
        .selectAll()
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (!row) return null;
      const stream = await files.read(row.stored_name);
      return stream ? { stream, name: row.name, mime: row.mime, size: row.size } : null;
    },

    // --- Staff console ---

    /** The staff queue: every ticket, filtered by status, type and text. */
    async staffList(query: Omit<TicketQuery, 'ownerId'>, lang: Lang) {
      return listTickets({ ...query, page_size: query.page_size ?? 20 }, lang);
    },

    async allTypes() {
      return db.selectFrom('ticket_type').selectAll().orderBy('sort').orderBy('id').execute();
    },

    async saveType(fields: {
      typeid?: number | undefined;
      name_en: string;
      name_zh: string;
      sort?: number | undefined;
      active?: number | undefined;
    }) {
      const values = {
        name_en: fields.name_en,
        name_zh: fields.name_zh,
        sort: fields.sort ?? 0,
        active: fields.active ?? 1,
      };
      if (fields.typeid) {
        const updated = await db
          .updateTable('ticket_type')
          .set(values)
          .where('id', '=', fields.typeid)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          throw new CloudFailure('NOT_FOUND', siteMessages.ticket.typeNotFound);
        return { typeid: fields.typeid };
      }
      const row = await db
        .insertInto('ticket_type')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return { typeid: row.id };
    },

    /** Deletes a type nobody used; a used one is retired instead, so old tickets keep their type. */
    async deleteType(typeid: number): Promise<'deleted' | 'retired'> {
      const used = await db
        .selectFrom('ticket')
        .select('id')
        .where('typeid', '=', typeid)
        .executeTakeFirst();
      if (used) {
        await db.updateTable('ticket_type').set({ active: 0 }).where('id', '=', typeid).execute();
        return 'retired';
      }
      const removed = await db
        .deleteFrom('ticket_type')
        .where('id', '=', typeid)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1)
        throw new CloudFailure('NOT_FOUND', siteMessages.ticket.typeNotFound);
      return 'deleted';
    },
  };
}
export type TicketService = ReturnType<typeof ticketService>;
