import type { FastifyRequest } from 'fastify';
import {
  format,
  localApiRoute,
  MainCodes,
  EnvironmentFieldCodes,
  type Lang,
  type LocalApiEnvelope,
  type Localized,
} from '@hainiao/contract';

/** The `/api/v1/*` answer: message, code (0 success), data. */
export interface V1Answer<T = unknown> {
  message: string;
  code: number;
  data: T;
}

/** The answer of /login and /members: msg, status (0 success), data. */
export interface LegacyAnswer<T = unknown> {
  msg: string;
  status: number;
  data: T;
  [extra: string]: unknown;
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

export function legacy<T>(
  request: FastifyRequest,
  message: Localized,
  data: T,
  extra: Record<string, unknown> = {},
): LegacyAnswer<T> {
  return { msg: message[callerLang(request)], status: 0, data, ...extra };
}

/** The envelope of the call a request went to: 'legacy' for /login and /members. */
export function envelopeOf(request: FastifyRequest): LocalApiEnvelope {
  return localApiRoute(request.routeOptions.url ?? '')?.envelope ?? 'v1';
}

/** A failure with its code and HTTP status; the error handler renders it in the caller's language. */
export class LocalApiError extends Error {
  constructor(
    readonly code: number,
    readonly messages: Localized,
    readonly httpStatus = 200,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.en);
  }

  /** The answer in the envelope of the call. */
  answer(lang: Lang, envelope: LocalApiEnvelope): V1Answer | LegacyAnswer {
    const message = this.messages[lang];
    return envelope === 'legacy'
      ? { msg: message, status: this.code, data: this.data }
      : { message, code: this.code, data: this.data };
  }
}

/** A failure whose message has `{placeholders}` filled (the same values in both languages). */
export function fail(
  code: number,
  message: Localized,
  values: Record<string, string | number> = {},
  httpStatus = 200,
  data: unknown = null,
): LocalApiError {
  return new LocalApiError(
    code,
    { en: format(message.en, values), zh: format(message.zh, values) },
    httpStatus,
    data,
  );
}

/** The main-table failure of `code` (-1 … -15, -10000) with its own message. */
export function mainFailure(code: number, httpStatus = 200): LocalApiError {
  const entry = MainCodes.get(code) ?? MainCodes.get(UNKNOWN_EXCEPTION);
  return new LocalApiError(code, { en: entry?.en ?? '', zh: entry?.zh ?? '' }, httpStatus);
}

/** The create/update failure of `code` (-101 … -112), optionally with a more precise message. */
export function fieldFailure(
  code: number,
  message?: Localized,
  values: Record<string, string | number> = {},
): LocalApiError {
  const entry = EnvironmentFieldCodes.get(code);
  return fail(code, message ?? { en: entry?.en ?? '', zh: entry?.zh ?? '' }, values);
}

export const UNKNOWN_EXCEPTION = MainCodes.code.UNKNOWN_EXCEPTION;
