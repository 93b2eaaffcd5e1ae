import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_IMAGE_MAX_BYTES,
  ATTACHMENT_VIDEO_MAX_BYTES,
} from '@hainiao/contract';

/**
 * How many leading bytes decide an upload's type: file-type's own sample size when it reads a
 * stream (`reasonableDetectionSizeInBytes`); jpg, png, gif and mp4 all show within it.
 */
export const SNIFF_BYTES = 4100;

/** What an upload really is, told by its (first) bytes, or null when it is not an allowed type. */
export async function detectAttachment(
  data: Buffer,
): Promise<{ ext: string; mime: string } | null> {
  const type = await fileTypeFromBuffer(data.subarray(0, SNIFF_BYTES));
  if (!type) return null;
  const ext = type.ext === 'jpg' ? 'jpg' : type.ext;
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return null;
  return { ext, mime: type.mime };
}

export function maxBytesFor(mime: string): number {
  return mime.startsWith('video/') ? ATTACHMENT_VIDEO_MAX_BYTES : ATTACHMENT_IMAGE_MAX_BYTES;
}

export const newFileId = () => randomBytes(12).toString('base64url');

/** An upload went past its type's size cap while it was streamed. */
export class TooLargeError extends Error {
  constructor(readonly max: number) {
    super(`upload larger than ${max} bytes`);
  }
}

/**
 * Reads the first `bytes` of a stream (a little more: whole chunks) without ending it: the chunks
 * read are handed back with an iterator over the rest, so the caller can look at the start of an
 * upload and then stream all of it on. Ending iteration early does not destroy the stream.
 */
export async function peek(
  stream: Readable,
  bytes = SNIFF_BYTES,
): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> }> {
  const rest = stream.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await rest.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks, length), rest };
}

/**
 * The whole upload again — the head, then the rest as it arrives — throwing TooLargeError as soon
 * as more than `max` bytes came, or when the multipart parser cut the file off at its own limit.
 */
export async function* capped(
  head: Buffer,
  rest: AsyncIterator<Buffer>,
  max: number,
  truncated: () => boolean = () => false,
): AsyncGenerator<Buffer> {
  try {
    let total = head.length;
    if (total > max) throw new TooLargeError(max);
    if (head.length > 0) yield head;
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      total += next.value.length;
      if (total > max) throw new TooLargeError(max);
      yield next.value;
    }
    if (truncated()) throw new TooLargeError(max);
  } finally {
    // Let go of the stream, whatever ended the read: an abandoned iterator keeps its 'readable'
    // listener, and then the caller's resume() cannot drain the rest — the multipart parser
    // waits for that file forever and the upload never gets its answer.
    await rest.return?.();
  }
}

/** A display name safe for headers and pages: no path, no control characters, bounded. */
export function cleanFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters and quotes could break the Content-Disposition header.
  const unsafe = /[\u0000-\u001f\u007f"]/g; // eslint-disable-line no-control-regex
  const cleaned = base.replace(unsafe, '').trim().slice(0, 200);
  return cleaned || `attachment.${ext}`;
}

/** Signed download links expire after this long; detail answers always carry fresh ones. */
export const ATTACHMENT_LINK_TTL_MS = 15 * 60_000;

function signature(secret: Buffer, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`attachment:${fileId}:${expires}`).digest('base64url');
}

export function signedLink(secret: Buffer, fileId: string, now: Date): string {
  const expires = now.getTime() + ATTACHMENT_LINK_TTL_MS;
  return `/api/hainiao/attachment/${fileId}?expires=${expires}&sig=${signature(secret, fileId, expires)}`;
}

export function verifyLink(
  secret: Buffer,
  fileId: string,
  expires: string,
  sig: string,
  now: Date,
): boolean {
  const when = Number(expires);
  if (!Number.isFinite(when) || when < now.getTime()) return false;
  const expected = Buffer.from(signature(secret, fileId, when));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
