import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ATTACHMENT_VIDEO_MAX_BYTES, ATTACHMENTS_MAX } from '@hainiao/contract';
import type { CloudDatabase } from './db/database.ts';
import { CloudError, failure } from './http/envelope.ts';
import { requestLang } from './http/form.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { contentService } from './modules/content/service.ts';
import { siteRoutes } from './site/static.ts';

export interface AppOptions {
  database: CloudDatabase;
  webDist: string | null;
  /** pino level; 'silent' turns logging off. */
  logLevel?: string;
}

/** Builds the cloud app without listening, so tests and the server share one construction. */
export async function buildApp({
  database,
  webDist,
  logLevel = 'silent',
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: true,
  });

  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_VIDEO_MAX_BYTES, files: ATTACHMENTS_MAX, fields: 50 },
  });

  app.setErrorHandler((error, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof CloudError) return reply.status(error.httpStatus).send(error.answer(lang));
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    const known = status < 500 ? failure('INVALID_PARAMETER') : failure('SERVER_ERROR');
    return reply.status(status < 500 ? status : 500).send(known.answer(lang));
  });

  contentRoutes(app, contentService(database));
  await siteRoutes(app, webDist);
  return app;
}
