import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_VIDEO_MAX_BYTES, siteMessages } from '@hainiao/contract';
import { CloudError } from '../../http/envelope.ts';
import { readUpload } from '../../http/form.ts';
import { route, withMessage } from '../../http/route.ts';
import type { TicketService } from './service.ts';
import { uploadLimitMessages } from './upload-limits.ts';

export function ticketRoutes(
  app: FastifyInstance,
  tickets: TicketService,
  options: { sweepIntervalMs?: number } = {},
): void {
  // Unattached uploads are swept when the cloud is ready and then periodically; the timers and the
  // staff-mail queue stop with the app.
  app.addHook('onReady', async () => {
    void tickets.start({ log: app.log, sweepIntervalMs: options.sweepIntervalMs });
  });
  app.addHook('onClose', async () => tickets.close());

  route(app, '/api/hainiao/workordertype', ({ lang }) => tickets.types(lang));

  route(app, '/api/hainiao/workorderlist', ({ account, data, lang }) =>
    tickets.list(account, data, lang),
  );

  route(app, '/api/hainiao/workorderdetail', ({ account, data, lang }) =>
    tickets.detail(account, data.id, lang),
  );

  route(app, '/api/hainiao/workorderadd', async ({ account, data, lang }) =>
    withMessage(await tickets.add(account, data), siteMessages.ticket.submitSuccess[lang]),
  );

  route(app, '/api/hainiao/workorderreply', async ({ account, data, lang }) =>
    withMessage(
      await tickets.reply(account, data.id, data),
      siteMessages.ticket.replySuccess[lang],
    ),
  );

  route(app, '/api/hainiao/workorderstatus', async ({ account, data, lang }) => {
    const result = await tickets.setStatus(account, data.id, data.status);
    return withMessage(
      result,
      (data.status === 3 ? siteMessages.ticket.closed : siteMessages.ticket.statusUpdated)[lang],
    );
  });

  // Upload: the form's text fields, then one file part, which is streamed (never held whole in
  // memory) once the token before it is known to be good. Nothing is stored unless every check
  // passes; whatever of the body is not stored is read and dropped, so the answer always arrives.
  // `raw`: this handler reads the form; `authenticate` validates the fields and checks the session.
  route(
    app,
    '/api/hainiao/workorderupload',
    async ({ request, authenticate }) => {
      const options = {
        // One byte over the video cap, so that the stream shows an oversize file to the size
        // check rather than being cut at exactly the cap.
        fileSize: ATTACHMENT_VIDEO_MAX_BYTES + 1,
        // The size check answers an oversize file, not the parser's generic 413 error.
        throwFileSizeLimit: false,
        tokenFirst: true,
      };
      const {
        fields,
        file,
        result: stored,
        refusal,
      } = await readUpload(request, options, async (fields, part) => {
        const { account } = await authenticate(fields);
        return tickets.upload(account, {
          filename: part.filename,
          stream: part.file,
          truncated: () => part.file.truncated,
        });
      });
      // An upload limit's refusal gets its Retry-After from the error handler (http/errors.ts).
      if (refusal) throw refusal;
      const { lang } = await authenticate(fields);
      if (file === 'before-token') throw new CloudError(1, uploadLimitMessages.fileBeforeToken);
      if (!stored) throw new CloudError(1, siteMessages.ticket.noFile);
      return { ...stored, msg: siteMessages.ticket.uploadSuccess[lang] };
    },
    { raw: true },
  );

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

  // --- Staff console: auth 'staff' gives non-staff tokens nothing (403) ---
  route(app, '/api/hainiao/staff/workorderlist', ({ data, lang }) => tickets.staffList(data, lang));

  route(app, '/api/hainiao/staff/typelist', () => tickets.allTypes());

  route(app, '/api/hainiao/staff/typesave', async ({ data, lang }) =>
    withMessage(await tickets.saveType(data), siteMessages.ticket.typeSaved[lang]),
  );

  route(app, '/api/hainiao/staff/typedelete', async ({ data, lang }) => {
    const outcome = await tickets.deleteType(data.typeid);
    return withMessage(
      { outcome },
      (outcome === 'retired' ? siteMessages.ticket.typeInUse : siteMessages.ticket.typeDeleted)[
        lang
      ],
    );
  });
}
