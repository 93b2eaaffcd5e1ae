import type { FastifyInstance } from 'fastify';
import { CloudCodes } from '@hainiao/contract';
import {
  codeEntry,
  DomainError,
  RateLimitedError,
  StorageFaultError,
  type CodeNameIn,
  type StorageFault,
} from '../modules/domain-errors.ts';
import { CloudError, failure } from './envelope.ts';
import { requestLang } from './form.ts';

type StatusKey =
  | `cloud.${CodeNameIn<'cloud'>}`
  | `sync.${CodeNameIn<'sync'>}`
  | `main.${CodeNameIn<'main'>}`
  | `storage.${StorageFault}`;

/**
 * The HTTP status of a domain failure: 200 (the answer's code says what failed) but for these.
 * A storage fault is keyed by what went wrong with the disk, not by its code (SERVER_ERROR).
 */
const HTTP_STATUS: Partial<Record<StatusKey, number>> = {
  // With Retry-After (installErrorHandler).
  'cloud.RATE_LIMITED': 429,
  'sync.QUOTA_EXCEEDED': 413,
  'storage.full': 507,
  'storage.unwritable': 503,
};

function statusOf(error: DomainError): number {
  const key: StatusKey =
    error instanceof StorageFaultError
      ? `storage.${error.fault}`
      : (`${error.table}.${error.code}` as StatusKey);
  return HTTP_STATUS[key] ?? 200;
}

/**
 * The one place a DomainError (modules/domain-errors.ts) becomes the wire's failure: its code name
 * becomes the number of its contract table, its message the code's own unless the domain gave a
 * more precise one, its HTTP status the table above's.
 */
export function toCloudError(error: DomainError): CloudError {
  return new CloudError(codeEntry(error.table, error.code).code, error.messages, statusOf(error));
}

/**
 * Every failure becomes a cloud answer in the caller's language: a DomainError as toCloudError
 * maps it, a CloudError (what the HTTP layer itself refuses: forms, validation, staff-only calls)
 * as it says, a rate limit's 429 with its message and Retry-After, other client errors as an
 * invalid parameter, and anything else as a logged server error (HTTP 500) that tells the caller
 * nothing more.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown, request, reply) => {
    const lang = request.lang ?? requestLang(request);
    if (thrown instanceof RateLimitedError) reply.header('retry-after', thrown.retryAfterSeconds);
    const error = thrown instanceof DomainError ? toCloudError(thrown) : thrown;
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
