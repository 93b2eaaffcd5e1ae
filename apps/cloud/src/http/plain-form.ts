import type { IncomingMessage } from 'node:http';
import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  MultipartParser,
} from '@remix-run/multipart-parser';

/**
 * The text fields of a call that uploads nothing, read from its multipart body as it arrives.
 * Every plain call reads its form, so this is the cloud's hottest path: @fastify/busboy's part
 * iterator cost about 45 µs a call under load, this buffer parser a fifth of that
 * (bench/cloud.bench.ts). Uploads keep the streaming parser (form.ts `readUpload`).
 */

/** The most fields and file parts a plain form may hold (file parts are read and dropped). */
export const PLAIN_FORM_PARTS_MAX = 50;
/** All of a plain form's parts together: its longest field (a ticket's text) is a few KiB. */
export const PLAIN_FORM_BYTES_MAX = 1024 * 1024;
/** RFC 2046, section 5.1.1: a boundary is 1 to 70 characters. */
const BOUNDARY_MAX = 70;

/** Why a form could not be read: `tooLarge` past a limit (HTTP 413), else malformed (400). */
export class PlainFormError extends Error {
  constructor(
    message: string,
    readonly tooLarge: boolean,
  ) {
    super(message);
  }
}

const END_OF_FORM_SEEN = 'Unexpected data after end of stream';

/**
 * Reads the whole body and answers its text fields (the last of a repeated name wins, as
 * before). An empty body is an empty form. After the closing boundary the parser refuses more
 * bytes; RFC 2046 lets an epilogue follow, so what comes after the end is ignored.
 */
export function readPlainForm(raw: IncomingMessage): Promise<Record<string, string>> {
  const boundary = getMultipartBoundary(raw.headers['content-type'] ?? '');
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  return new Promise((resolve, reject) => {
    let seen = 0;
    let ended = false;
    const fail = (error: unknown) => {
      if (ended) return;
      ended = true;
      // Read the rest and drop it, so that the answer reaches a client still sending.
      raw.removeListener('data', onData);
      raw.resume();
      reject(asFormError(error));
    };
    if (!boundary || boundary.length > BOUNDARY_MAX) {
      fail(new PlainFormError('the multipart boundary is missing or too long', false));
      return;
    }
    const form = new MultipartParser(boundary, {
      maxParts: PLAIN_FORM_PARTS_MAX,
      maxFileSize: PLAIN_FORM_BYTES_MAX,
      maxTotalSize: PLAIN_FORM_BYTES_MAX,
    });
    function onData(chunk: Buffer) {
      seen += chunk.length;
      try {
        for (const part of form.write(chunk)) {
          const name = part.name;
          if (name !== undefined && !part.isFile) fields[name] = part.text;
        }
      } catch (error) {
        if (error instanceof MultipartParseError && error.message === END_OF_FORM_SEEN) return;
        fail(error);
      }
    }
    raw.on('data', onData);
    raw.once('error', fail);
    // A client gone before the end: 'close' without 'end'. (After 'end' there is nothing to do,
    // and no error to build: a stack trace on every call is not free.)
    raw.once('close', () => {
      if (!ended) fail(new PlainFormError('the request ended before its form', false));
    });
    raw.once('end', () => {
      if (ended) return;
      try {
        if (seen > 0) form.finish();
      } catch (error) {
        fail(error);
        return;
      }
      ended = true;
      resolve(fields);
    });
  });
}

function asFormError(error: unknown): PlainFormError {
  if (error instanceof PlainFormError) return error;
  const tooLarge =
    error instanceof MaxFileSizeExceededError ||
    error instanceof MaxTotalSizeExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError;
  return new PlainFormError(error instanceof Error ? error.message : String(error), tooLarge);
}
