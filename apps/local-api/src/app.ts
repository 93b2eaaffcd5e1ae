import Fastify, { type FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import { localApiMessages } from '@hainiao/contract';
import { callerLang, LocalApiError, UNKNOWN_EXCEPTION } from './http/envelope.ts';
import { installGuards } from './http/guard.ts';
import { groupRoutes } from './routes/group.ts';
import { serviceRoutes } from './routes/service.ts';
import { groupStore } from './store/groups.ts';

export interface LocalApiOptions {
  store: SQLite.Database;
  /** Browser origins allowed to call the service (the docs' "try it" panel on the cloud site). */
  allowedOrigins?: readonly string[];
  /** `--return on`: print each call and its answer. */
  echo?: boolean;
  onQuit?: () => void;
}

export async function buildLocalApi(options: LocalApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  installGuards(app, options.allowedOrigins ?? []);

  // A POST without a body is an empty JSON object (e.g. /api/v1/quit, /api/v1/group/list).
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null))
      request.body = {};
  });

  if (options.echo) {
    app.addHook('onSend', async (request, _reply, payload) => {
      console.log(
        `${request.method} ${request.url} ${JSON.stringify(request.body ?? {})} -> ${String(payload)}`,
      );
      return payload;
    });
  }

  app.setErrorHandler((error, request, reply) => {
    const lang = callerLang(request);
    if (error instanceof LocalApiError) {
      return reply
        .status(error.httpStatus)
        .send({ message: error.messages[lang], code: error.code, data: null });
    }
    const fastifyError = error as { code?: string; statusCode?: number };
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        message: localApiMessages.contentTypeJson[lang],
        code: UNKNOWN_EXCEPTION,
        data: null,
      });
    }
    if (fastifyError.statusCode === 400) {
      return reply
        .status(400)
        .send({ message: localApiMessages.invalidJson[lang], code: UNKNOWN_EXCEPTION, data: null });
    }
    request.log.error(error);
    return reply
      .status(500)
      .send({ message: 'Unknown exception', code: UNKNOWN_EXCEPTION, data: null });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      message: `Not Found: ${request.method} ${request.url}`,
      code: UNKNOWN_EXCEPTION,
      data: null,
    }),
  );

  groupRoutes(app, groupStore(options.store));
  serviceRoutes(app, options.onQuit ?? (() => {}));
  return app;
}
