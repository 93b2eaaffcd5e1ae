import type { FastifyRequest } from 'fastify';
import { langFromCloud, type Lang } from '@hainiao/contract';
import { CloudError, failure } from './envelope.ts';

/**
 * Text fields of a multipart (or url-encoded) cloud call. Files are read by the upload handler
 * itself; here a file part is an error-free no-op so that plain calls never buffer uploads.
 */
export async function readFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else part.file.resume();
      }
    } catch (error) {
      throw malformedForm(error);
    }
    return fields;
  }
  const body = request.body;
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value !== undefined && value !== null) fields[key] = String(value);
    }
  }
  return fields;
}

/** The caller's language: the `lang` field (`zh-CHS` or `en`), else Accept-Language. */
export function requestLang(request: FastifyRequest, fields?: Record<string, string>): Lang {
  if (fields?.lang) return langFromCloud(fields.lang);
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.lang === 'string') return langFromCloud(query.lang);
  return /^zh/i.test(request.headers['accept-language'] ?? '') ? 'zh' : 'en';
}

/**
 * What the multipart parser threw, as the caller's error: the parser's limits carry their 4xx
 * status already; its other errors (a body cut short, no closing boundary, a broken part header)
 * are plain Errors that would otherwise answer 500. Found by fuzz.test.ts.
 */
export function malformedForm(error: unknown): unknown {
  if (error && typeof error === 'object' && 'statusCode' in error) return error;
  const invalid = failure('INVALID_PARAMETER');
  return new CloudError(invalid.code, invalid.messages, 400);
}
