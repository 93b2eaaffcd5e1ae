import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { langFromCloud, type Lang } from '@hainiao/contract';
import { CloudError, failure } from './envelope.ts';
import { PlainFormError, readPlainForm } from './plain-form.ts';

/**
 * Text fields of a multipart (or url-encoded) cloud call. Files are read by the upload handler
 * itself (`readUpload`); here a file part is read and dropped (plain-form.ts).
 */
export async function readFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (request.isMultipart()) {
    try {
      return await readPlainForm(request.raw);
    } catch (error) {
      throw malformedForm(error);
    }
  }
  const body = request.body;
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value !== undefined && value !== null) fields[key] = String(value);
    }
  }
  return fields;
}

/** What an upload call's form held: its fields, and what became of its one file part. */
export interface UploadForm<T> {
  fields: Record<string, string>;
  /** 'before-token': the file came before the token field and was dropped unread. */
  file: 'none' | 'before-token' | 'seen';
  /** What `handle` made of the file. */
  result?: T;
  /** What `handle` threw: answered by the caller once the body is read to its end. */
  refusal?: unknown;
}

/**
 * The text fields of a multipart upload and its first file part, given to `handle` with the
 * fields before it — with `tokenFirst`, only when a token came first, so that nothing of an
 * unauthenticated upload is kept. Further file parts, and whatever `handle` leaves, are read
 * and dropped, so the answer always arrives. A parser failure is the caller's error (malformedForm).
 */
export async function readUpload<T>(
  request: FastifyRequest,
  options: { fileSize: number; files?: number; throwFileSizeLimit?: boolean; tokenFirst: boolean },
  handle: (fields: Record<string, string>, part: MultipartFile) => Promise<T>,
): Promise<UploadForm<T>> {
  const form: UploadForm<T> = { fields: {}, file: 'none' };
  if (!request.isMultipart()) return form;
  const { fileSize, files, throwFileSizeLimit = true, tokenFirst } = options;
  try {
    // throwFileSizeLimit is @fastify/multipart's own option, missing from its BusboyConfig type.
    const config = {
      limits: { fileSize, ...(files === undefined ? {} : { files }) },
      throwFileSizeLimit,
    };
    const parts = request.parts(config);
    for await (const part of parts) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (form.file === 'none') {
        form.file = !tokenFirst || form.fields.token ? 'seen' : 'before-token';
        if (form.file === 'seen') {
          try {
            form.result = await handle(form.fields, part);
          } catch (error) {
            form.refusal = error;
          }
        }
      }
      part.file.resume();
    }
  } catch (error) {
    throw malformedForm(error);
  }
  return form;
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
  const tooLarge = error instanceof PlainFormError && error.tooLarge;
  return new CloudError(invalid.code, invalid.messages, tooLarge ? 413 : 400);
}
