import type { FastifyRequest } from 'fastify';
import { MainCodes, type Lang, type Localized } from '@hainiao/contract';

/** The `/api/v1/*` answer (local-api.md §7): message, code (0 success), data. */
export interface V1Answer<T = unknown> {
  message: string;
  code: number;
  data: T;
}

/**
 * The caller's language: English by default, Chinese with `Accept-Language: zh…`. Messages the spec
 * spells in English keep that exact spelling in English.
 */
export function callerLang(request: FastifyRequest): Lang {
  return /^zh/i.test(request.headers['accept-language'] ?? '') ? 'zh' : 'en';
}

export function v1<T>(request: FastifyRequest, message: Localized, data: T, code = 0): V1Answer<T> {
  return { message: message[callerLang(request)], code, data };
}

/** A failure with its code and HTTP status; the error handler renders it in the caller's language. */
export class LocalApiError extends Error {
  constructor(
    readonly code: number,
    readonly messages: Localized,
    readonly httpStatus = 200,
  ) {
    super(messages.en);
  }
}

export const UNKNOWN_EXCEPTION = MainCodes.code.UNKNOWN_EXCEPTION;
