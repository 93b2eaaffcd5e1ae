import { ATTACHMENTS_MAX } from '@hainiao/contract';
import { RateLimitedError } from '../domain-errors.ts';

/**
 * How much one account may upload (docs/security.md). Every number is per account and counted in
 * the database, so it holds across restarts and across cloud instances sharing the database.
 *
 * - 60 uploads per rolling hour: a ticket takes at most 5 files, so that is 12 fully attached
 *   tickets an hour — far beyond a person filing support requests, low enough that a script
 *   cannot turn the upload call into a disk filler.
 * - 500 MB of uploads not (yet) attached to a ticket or reply: ten maximum-size videos, or fifty
 *   maximum-size images. Unattached uploads are removed an hour after they were made, so this is
 *   the most a single account can park on the disk without filing tickets.
 * - 1 GB per rolling 24 hours, attached or not: attaching frees the quota above, so without this
 *   an account could keep 3 GB an hour (60 × 50 MB videos) by filing tickets. 1 GB is four tickets
 *   with five maximum-size videos each, per day.
 * - 5 uploads in progress at once (per cloud instance): the site uploads the files of one ticket
 *   in parallel, at most 5; more would only let one account hold more half-written temporary files.
 */
export const UPLOADS_PER_HOUR = 60;
export const UNLINKED_UPLOAD_QUOTA_BYTES = 500 * 1024 * 1024;
export const UPLOAD_BYTES_PER_DAY = 1024 * 1024 * 1024;
export const UPLOADS_IN_PROGRESS_MAX = ATTACHMENTS_MAX;

/** Uploads never attached to a ticket or reply are removed once they are this old. */
export const UNLINKED_UPLOAD_MAX_AGE_MS = 60 * 60_000;
/** How often the sweep of unattached uploads runs (it also runs when the cloud starts). */
export const UPLOAD_SWEEP_INTERVAL_MS = 5 * 60_000;

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024 && bytes % (1024 * 1024 * 1024) === 0
    ? `${bytes / 1024 / 1024 / 1024} GB`
    : `${Math.round(bytes / 1024 / 1024)} MB`;

/** The upload limits' answers, in both languages (`{…}` filled by `uploadLimitError`). */
export const uploadLimitMessages = {
  perHour: {
    en: 'Upload limit reached: at most {max} files per hour. Please try again in {minutes} min.',
    zh: '上传次数已达上限：每小时最多上传 {max} 个文件，请 {minutes} 分钟后再试。',
  },
  perDay: {
    en: 'Upload limit reached: at most {max} of files per 24 hours. Please try again in {minutes} min.',
    zh: '上传总量已达上限：每 24 小时最多上传 {max}，请 {minutes} 分钟后再试。',
  },
  unlinkedQuota: {
    en: 'You already have {max} of uploads that are not attached to a ticket. Submit them with a ticket, or wait until they expire (one hour after upload), then upload again.',
    zh: '未附加到工单的上传文件已达 {max}。请先在工单中提交这些附件，或等待其过期（上传一小时后）再上传。',
  },
  inProgress: {
    en: 'Too many uploads at once. Please wait for the current ones to finish.',
    zh: '同时上传的文件过多，请等待当前上传完成后再试。',
  },
  fileBeforeToken: {
    en: 'The token must be sent before the file.',
    zh: '请在文件之前发送 token 字段。',
  },
} as const;

/** A refused upload: code 429 (HTTP 429 and Retry-After, as docs/security.md says). */
export class UploadLimitError extends RateLimitedError {
  constructor(
    kind: 'perHour' | 'perDay' | 'unlinkedQuota' | 'inProgress',
    retryAfterSeconds: number,
  ) {
    const values = {
      max:
        kind === 'perHour'
          ? String(UPLOADS_PER_HOUR)
          : kind === 'perDay'
            ? megabytes(UPLOAD_BYTES_PER_DAY)
            : megabytes(UNLINKED_UPLOAD_QUOTA_BYTES),
      minutes: String(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
    };
    super(retryAfterSeconds, uploadLimitMessages[kind], values);
  }
}

/** Counts uploads in progress per account (this instance only) and refuses the sixth. */
export function inProgressCounter(max = UPLOADS_IN_PROGRESS_MAX) {
  const running = new Map<number, number>();
  return {
    /** Takes a slot for the account or throws; call the returned function when done. */
    acquire(accountId: number): () => void {
      const current = running.get(accountId) ?? 0;
      if (current >= max) throw new UploadLimitError('inProgress', 5);
      running.set(accountId, current + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(accountId) ?? 1) - 1;
        if (left <= 0) running.delete(accountId);
        else running.set(accountId, left);
      };
    },
  };
}
