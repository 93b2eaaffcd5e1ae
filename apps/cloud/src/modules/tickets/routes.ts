import type { FastifyInstance } from 'fastify';
import {
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

function requireStaff(account: Account): Account {
  if (account.role !== 'staff') throw new CloudError(403, siteMessages.auth.forbidden);
  return account;
}

export function ticketRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  tickets: TicketService,
): void {
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

  // Upload: the form's text fields and one file part. Nothing is stored unless every check passes.
  app.post('/api/hainiao/workorderupload', async (request) => {
    const fields: Record<string, string> = {};
    let file: { filename: string | undefined; data: Buffer } | undefined;
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else if (file) part.file.resume();
        else file = { filename: part.filename, data: await part.toBuffer() };
      }
    }
    const { data, lang } = parseFields(request, ticketUploadFields, fields);
    const account = await accounts.requireSession(data.token);
    if (!file || file.data.length === 0) throw new CloudError(1, siteMessages.ticket.noFile);
    const stored = await tickets.upload(account, file);
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
