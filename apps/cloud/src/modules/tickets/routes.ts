import type { FastifyInstance } from 'fastify';
import {
  ATTACHMENT_VIDEO_MAX_BYTES,
  siteMessages,
  staffTicketListFields,
  staffTypeDeleteFields,
  staffTypeListFields,
  staffTypeSaveFields,
  ticketAddFields,
  ticketDetailFields,
  ticketListFields,
  ticketReplyFields,
  ticketStatusFields,
  ticketTypeFields,
  ticketUploadFields,
} from '@hainiao/contract';
import { CloudError, ok } from '../../http/envelope.ts';
import { parseFields, parseForm } from '../../http/validate.ts';
import type { Account, AccountService } from '../accounts/service.ts';
import type { TicketService } from './service.ts';
import { UploadLimitError, uploadLimitMessages } from './upload-limits.ts';

function requireStaff(account: Account): Account {
  if (account.role !== 'staff') throw new CloudError(403, siteMessages.auth.forbidden);
  return account;
}

export function ticketRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  tickets: TicketService,
  options: { sweepIntervalMs?: number } = {},
): void {
  // Unattached uploads are swept when the cloud is ready and then periodically; the timers and the
  // staff-mail queue stop with the app.
  app.addHook('onReady', async () => {
    void tickets.start({ log: app.log, sweepIntervalMs: options.sweepIntervalMs });
  });
  app.addHook('onClose', async () => tickets.close());

  app.post('/api/hainiao/workordertype', async (request) => {
    const { data, lang } = await parseForm(request, ticketTypeFields);
    await accounts.requireSession(data.token);
    return ok(await tickets.types(lang));
  });

  app.post('/api/hainiao/workorderlist', async (request) => {
    const { data, lang } = await parseForm(request, ticketListFields);
    return ok(await tickets.list(await accounts.requireSession(data.token), data, lang));
  });

  app.post('/api/hainiao/workorderdetail', async (request) => {
    const { data, lang } = await parseForm(request, ticketDetailFields);
    return ok(await tickets.detail(await accounts.requireSession(data.token), data.id, lang));
  });

  app.post('/api/hainiao/workorderadd', async (request) => {
    const { data, lang } = await parseForm(request, ticketAddFields);
    const result = await tickets.add(await accounts.requireSession(data.token), data);
    return ok(result, siteMessages.ticket.submitSuccess[lang]);
  });

  app.post('/api/hainiao/workorderreply', async (request) => {
    const { data, lang } = await parseForm(request, ticketReplyFields);
    const result = await tickets.reply(await accounts.requireSession(data.token), data.id, data);
    return ok(result, siteMessages.ticket.replySuccess[lang]);
  });

  app.post('/api/hainiao/workorderstatus', async (request) => {
    const { data, lang } = await parseForm(request, ticketStatusFields);
    const result = await tickets.setStatus(
      await accounts.requireSession(data.token),
      data.id,
      data.status,
    );
    return ok(
      result,
      (data.status === 3 ? siteMessages.ticket.closed : siteMessages.ticket.statusUpdated)[lang],
    );
  });

  // Upload: the form's text fields, then one file part, which is streamed (never held whole in
  // memory) once the token before it is known to be good. Nothing is stored unless every check
  // passes; whatever of the body is not stored is read and dropped, so the answer always arrives.
  app.post('/api/hainiao/workorderupload', async (request, reply) => {
    const fields: Record<string, string> = {};
    let file: 'none' | 'before-token' | 'seen' = 'none';
    let stored: { fileid: string; filepath: string } | undefined;
    let refusal: unknown;
    if (request.isMultipart()) {
      // One byte over the video cap, so that the stream shows an oversize file to the size check
      // rather than being cut at exactly the cap.
      const options = {
        limits: { fileSize: ATTACHMENT_VIDEO_MAX_BYTES + 1 },
        // The size check answers an oversize file, not the parser's generic 413 error.
        throwFileSizeLimit: false,
      };
      const parts = request.parts(options);
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (file !== 'none') {
          part.file.resume();
          continue;
        }
        file = fields.token ? 'seen' : 'before-token';
        if (file === 'seen') {
          try {
            const { data } = parseFields(request, ticketUploadFields, fields);
            const account = await accounts.requireSession(data.token);
            stored = await tickets.upload(account, {
              filename: part.filename,
              stream: part.file,
              truncated: () => part.file.truncated,
            });
          } catch (error) {
            refusal = error;
          }
        }
        part.file.resume();
      }
    }
    if (refusal instanceof UploadLimitError) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
    }
    if (refusal) throw refusal;
    const { data, lang } = parseFields(request, ticketUploadFields, fields);
    await accounts.requireSession(data.token);
    if (file === 'before-token') throw new CloudError(1, uploadLimitMessages.fileBeforeToken);
    if (!stored) throw new CloudError(1, siteMessages.ticket.noFile);
    return ok({ ...stored, msg: siteMessages.ticket.uploadSuccess[lang] });
  });

  // Attachments are served only through short-lived signed links (see attachments.ts).
  app.get<{ Params: { fileId: string }; Querystring: { expires?: string; sig?: string } }>(
    '/api/hainiao/attachment/:fileId',
    async (request, reply) => {
      const found = await tickets.download(
        request.params.fileId,
        request.query.expires ?? '',
        request.query.sig ?? '',
      );
      if (!found) {
        throw new CloudError(404, siteMessages.auth.notFound, 404);
      }
      return reply
        .header('Content-Type', found.mime)
        .header('Content-Length', String(found.size))
        .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(found.name)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Security-Policy',
          "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
        )
        .header('Cache-Control', 'private, max-age=600')
        .send(found.stream);
    },
  );

  // --- Staff console: nothing for non-staff tokens ---
  app.post('/api/hainiao/staff/workorderlist', async (request) => {
    const { data, lang } = await parseForm(request, staffTicketListFields);
    requireStaff(await accounts.requireSession(data.token));
    return ok(await tickets.staffList(data, lang));
  });

  app.post('/api/hainiao/staff/typelist', async (request) => {
    const { data } = await parseForm(request, staffTypeListFields);
    requireStaff(await accounts.requireSession(data.token));
    return ok(await tickets.allTypes());
  });

  app.post('/api/hainiao/staff/typesave', async (request) => {
    const { data, lang } = await parseForm(request, staffTypeSaveFields);
    requireStaff(await accounts.requireSession(data.token));
    return ok(await tickets.saveType(data), siteMessages.ticket.typeSaved[lang]);
  });

  app.post('/api/hainiao/staff/typedelete', async (request) => {
    const { data, lang } = await parseForm(request, staffTypeDeleteFields);
    requireStaff(await accounts.requireSession(data.token));
    const outcome = await tickets.deleteType(data.typeid);
    return ok(
      { outcome },
      (outcome === 'retired' ? siteMessages.ticket.typeInUse : siteMessages.ticket.typeDeleted)[
        lang
      ],
    );
  });
}
