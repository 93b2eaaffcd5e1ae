import type { FastifyInstance } from 'fastify';
import { CloudCodes } from '@hainiao/contract';
import { RateLimitedError } from './account-limit.ts';
import { CloudError, failure } from './envelope.ts';
import { requestLang } from './form.ts';

/**
 * Every failure becomes a cloud answer in the caller's language: a CloudError as it says, the
 * rate limit's 429 with its message, other client errors as an invalid parameter, and anything
 * else as a logged server error (HTTP 500) that tells the caller nothing more.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const lang = request.lang ?? requestLang(request);
    if (error instanceof RateLimitedError) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof CloudError) return reply.status(error.httpStatus).send(error.answer(lang));
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // @fastify/rate-limit throws the answer its errorResponseBuilder made (see rate-limit.ts).
    if (status === 429 && error && typeof error === 'object' && 'msg' in error) {
      return reply.status(429).send({ code: CloudCodes.code.RATE_LIMITED, msg: String(error.msg) });
    }
    if (status >= 500) request.log.error(error);
    const known = status < 500 ? failure('INVALID_PARAMETER') : failure('SERVER_ERROR');
    return reply.status(status < 500 ? status : 500).send(known.answer(lang));
  });
}
