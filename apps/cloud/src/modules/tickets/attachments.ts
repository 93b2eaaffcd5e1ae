import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_IMAGE_MAX_BYTES,
  ATTACHMENT_VIDEO_MAX_BYTES,
} from '@hainiao/contract';

/** What an upload really is, told by its bytes, or null when it is not an allowed type. */
export async function detectAttachment(
  data: Buffer,
): Promise<{ ext: string; mime: string } | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type) return null;
  const ext = type.ext === 'jpg' ? 'jpg' : type.ext;
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return null;
  return { ext, mime: type.mime };
}

export function maxBytesFor(mime: string): number {
  return mime.startsWith('video/') ? ATTACHMENT_VIDEO_MAX_BYTES : ATTACHMENT_IMAGE_MAX_BYTES;
}

export const newFileId = () => randomBytes(12).toString('base64url');

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
